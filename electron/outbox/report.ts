import { rulesOf } from '../../shared/operations/all';
import type { OperationTally, Outbox } from './outbox';
import { BodyChangedError } from './bodies';
import { codesOfRequest } from './op-codes';
import type { RequestRecord, CodeFailure, OperationRecord } from './records';

export interface OperationReport {
  operation: OperationRecord;
  /** Carried out by this sync, already on the service before it, failed. */
  tally: OperationTally;
  requests: Pick<RequestRecord, 'idx' | 'state' | 'attempts' | 'asyncActionId' | 'codes' | 'bytes' | 'lastError' | 'code'>[];
  /** Codes already on the service before this sync, each with how that is known. */
  present: CodeFailure[];
  failures: CodeFailure[];
}

/** An operation with its result, its requests, and every code that was already there or failed. */
export function operationReport(outbox: Outbox, opId: number): OperationReport {
  return {
    operation: outbox.operation(opId),
    tally: outbox.tally(opId),
    requests: outbox.requests(opId).map(({ idx, state, attempts, asyncActionId, codes, bytes, lastError, code }) => ({
      idx,
      state,
      attempts,
      asyncActionId,
      codes,
      bytes,
      lastError,
      code,
    })),
    present: outbox.present(opId),
    failures: outbox.failures(opId),
  };
}

export interface CancelReport {
  operation: OperationRecord;
  /** Codes the service already holds from this operation (finished requests, less their failures). */
  existingCodes: string[];
  /** Codes of jobs the service accepted and is still running: they cannot be stopped and will exist. */
  arrivingCodes: string[];
  /** Codes whose request was out when the app stopped: the next sync checks them. */
  uncertainCodes: string[];
  notSent: number;
  /** Sent requests whose saved code list cannot be read: their codes cannot be named, only counted. */
  unlisted: { idx: number; state: RequestRecord['state']; codes: number; file: string; problem: string }[];
}

/** Cancels what was not sent yet and says where each sent code stands on the service. */
export async function cancelOperation(outbox: Outbox, opId: number): Promise<CancelReport> {
  const operation = await outbox.cancel(opId);
  const failed = new Set([...outbox.failures(opId), ...outbox.present(opId)].map((f) => f.code));
  const report: CancelReport = { operation, existingCodes: [], arrivingCodes: [], uncertainCodes: [], notSent: 0, unlisted: [] };
  if (rulesOf(operation.kind)?.cancelNamesCodes === false) return { ...report, notSent: operation.requestCounts.cancelled };
  for (const request of outbox.requests(opId)) {
    const codes = readableCodes(outbox, request, report);
    if (codes === undefined) continue;
    if (request.state === 'done') report.existingCodes.push(...codes.filter((code) => !failed.has(code)));
    else if (request.state === 'accepted') report.arrivingCodes.push(...codes);
    else if (request.state === 'sending') report.uncertainCodes.push(...codes);
    else if (request.state === 'cancelled') report.notSent += codes.length;
  }
  return report;
}

/**
 * The request's codes, or undefined when its saved list is missing or damaged: the cancel is already
 * committed, so that is reported (the codes counted) instead of failing the command.
 */
function readableCodes(outbox: Outbox, request: RequestRecord, report: CancelReport): string[] | undefined {
  try {
    return codesOfRequest(outbox, request).codes;
  } catch (error) {
    if (!(error instanceof BodyChangedError)) throw error;
    if (request.state === 'cancelled') report.notSent += request.codes;
    else report.unlisted.push({ idx: request.idx, state: request.state, codes: request.codes, file: error.file, problem: error.problem });
    return undefined;
  }
}
