import type { z } from 'zod';
import { BatchFrozenError } from '../../shared/domain/batch-refusals';
import { isInvokeChannel, type InvokeChannel } from '../../shared/ipc/channels';
import { invokeContract, type InvokeResponse, type ParsedRequest } from '../../shared/ipc/contract';
import { serviceInfoOf } from '../../shared/ipc/service-error';
import { ipcFail, ipcOk, type IpcIssue, type IpcResult } from '../../shared/ipc/result';

export type InvokeHandler<C extends InvokeChannel> = (request: ParsedRequest<C>) => Promise<InvokeResponse<C>> | InvokeResponse<C>;

export type InvokeHandlers = { [C in InvokeChannel]?: InvokeHandler<C> };

export interface IpcGuardOptions<S> {
  handlers: InvokeHandlers;
  /** Electron: the frame URL is the app's own page. The web host: the per-run token matched. */
  isTrustedSender(sender: S): boolean;
  describeSender(sender: S): string;
  /** Told about refusals and failures, for the log; never given the payload. */
  report?(channel: string, message: string): void;
}

/** The one entry every invoke goes through, whatever carried it. Never throws; always answers. */
export interface IpcGuard<S> {
  handle(channel: string, sender: S, payload: unknown): Promise<IpcResult>;
}

function issuesOf(error: z.ZodError): IpcIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

function describeIssues(issues: IpcIssue[]): string {
  return issues.map((i) => `${i.path || '(payload)'}: ${i.message}`).join('; ');
}

export function createIpcGuard<S>(options: IpcGuardOptions<S>): IpcGuard<S> {
  const { handlers, report = () => undefined } = options;

  function refuse(error: Parameters<typeof ipcFail>[0]): IpcResult {
    report(error.channel, error.message);
    return ipcFail(error);
  }

  async function handle(channel: string, sender: S, payload: unknown): Promise<IpcResult> {
    if (!options.isTrustedSender(sender)) {
      const message = `Refused ${channel}: the request came from ${options.describeSender(sender)}, which is not the app.`;
      return refuse({ code: 'forbidden_sender', channel, message });
    }
    if (!isInvokeChannel(channel)) {
      return refuse({ code: 'unknown_channel', channel, message: `Unknown channel ${JSON.stringify(channel)}.` });
    }
    const handler = handlers[channel] as ((request: unknown) => unknown) | undefined;
    if (!handler) {
      return refuse({ code: 'not_available', channel, message: `${channel} is not available in this build.` });
    }
    const schemas: { request: z.ZodType; response: z.ZodType } = invokeContract[channel];
    const request = schemas.request.safeParse(payload);
    if (!request.success) {
      const issues = issuesOf(request.error);
      const message = `Invalid request for ${channel}: ${describeIssues(issues)}`;
      return refuse({ code: 'invalid_request', channel, message, issues });
    }
    let value: unknown;
    try {
      value = await handler(request.data);
    } catch (error) {
      const message = error instanceof Error ? error.message : `${channel} failed.`;
      const service = serviceInfoOf(error);
      const frozen = error instanceof BatchFrozenError ? { frozen: error.frozen } : {};
      return refuse({ code: 'failed', channel, message, ...(service ? { service } : {}), ...frozen });
    }
    // Parsing the answer also drops fields the contract does not name, so nothing extra leaks out.
    const response = schemas.response.safeParse(value);
    if (!response.success) {
      report(channel, `Handler answered outside the contract: ${describeIssues(issuesOf(response.error))}`);
      return ipcFail({ code: 'invalid_response', channel, message: `${channel} produced an answer the app could not use.` });
    }
    return ipcOk(response.data);
  }

  return { handle };
}
