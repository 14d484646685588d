import { invalidPayload } from '../errors';
import { parseFaultSettings } from '../fault-settings';
import { parseJsonBody } from '../http';
import { MAX_APPENDED_PUBLICATIONS } from '../publication-append';
import type { RequestContext, Route } from '../router';
import type { FaultSettings, SandboxRequestRecord, SandboxStats } from '../types';

/** What the admin routes reach of the running sandbox; `project` names one (default: the first). */
export interface AdminHooks {
  setFaults(faults: FaultSettings): void;
  stats(project?: string): SandboxStats;
  /** Every record, or only those `project`'s credentials signed. */
  requestLog(project?: string): SandboxRequestRecord[];
  blockKey(appId: string): void;
  unblockKey(appId: string): void;
  appendPublications(count: number, project?: string): { appended: number; total: number };
}

/** Runs `read`, turning its error into a 400 invalid_payload that carries the message. */
function asPayloadError<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    throw invalidPayload((error as Error).message);
  }
}

/** The `?project=NAME` of a request, undefined when absent. */
function projectParam(ctx: RequestContext): string | undefined {
  return ctx.query.get('project') ?? undefined;
}

function keyRoute(path: string, act: (appId: string) => void): Route {
  return {
    method: 'POST',
    path,
    auth: 'none',
    handle(ctx: RequestContext) {
      const body = parseJsonBody(ctx.body, ctx.headers['content-type']) as { appId?: unknown } | undefined;
      const appId = body?.appId;
      if (typeof appId !== 'string' || appId === '') throw invalidPayload('appId is required: the app id of the API key, as a string.');
      asPayloadError(() => act(appId));
      return { status: 200, body: { appId } };
    },
  };
}

/** Routes only the sandbox has, under /__sandbox/, answered on every cluster port without auth. */
export function adminRoutes(hooks: AdminHooks): Route[] {
  return [
    {
      method: 'POST',
      path: '/__sandbox/faults',
      auth: 'none',
      handle(ctx) {
        const body = parseJsonBody(ctx.body, ctx.headers['content-type']) ?? {};
        const settings = asPayloadError(() => parseFaultSettings(body));
        hooks.setFaults(settings);
        return { status: 200, body: { faults: settings } };
      },
    },
    {
      method: 'GET',
      path: '/__sandbox/stats',
      auth: 'none',
      handle: (ctx) => ({ status: 200, body: asPayloadError(() => hooks.stats(projectParam(ctx))) }),
    },
    {
      method: 'GET',
      path: '/__sandbox/requests',
      auth: 'none',
      handle: (ctx) => ({ status: 200, body: { requests: asPayloadError(() => hooks.requestLog(projectParam(ctx))) } }),
    },
    {
      method: 'POST',
      path: '/__sandbox/publications',
      auth: 'none',
      handle(ctx) {
        const body = parseJsonBody(ctx.body, ctx.headers['content-type']) as { count?: unknown } | undefined;
        const count = body?.count;
        if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > MAX_APPENDED_PUBLICATIONS) {
          throw invalidPayload(`count is required: a whole number of publications to add, from 1 to ${MAX_APPENDED_PUBLICATIONS.toLocaleString('en-US')}.`);
        }
        return { status: 200, body: asPayloadError(() => hooks.appendPublications(count, projectParam(ctx))) };
      },
    },
    keyRoute('/__sandbox/keys/block', (appId) => hooks.blockKey(appId)),
    keyRoute('/__sandbox/keys/unblock', (appId) => hooks.unblockKey(appId)),
  ];
}
