import { dependenciesOf } from '../../shared/outbox/dependencies';
import { TERMINAL_REQUEST_STATES } from '../../shared/outbox/states';
import { BodyChangedError } from './bodies';
import type { RowRange } from './frozen-rows';
import type { Outbox } from './outbox';
import type { RequestRecord, OperationRecord } from './records';

/** The codes and batch rows one request carries (from its batch's frozen rows, its manifest file, or its own code). */
export function codesOfRequest(outbox: Outbox, request: RequestRecord): { codes: string[]; rows: (number | null)[] } {
  const range = rangeOf(outbox, request);
  if (range !== undefined) {
    const list = outbox.frozenRows().codes(range);
    if (list.codes.length !== request.codes)
      throw rowsChanged(request, range, `hold ${list.codes.length} of the ${request.codes} ${request.codes === 1 ? 'code' : 'codes'} queued`);
    return list;
  }
  if (request.bodyFile !== null) {
    try {
      return outbox.bodies.manifest(request.bodyFile);
    } catch (error) {
      if (!(error instanceof BodyChangedError)) throw error;
      throw new BodyChangedError(error.file, error.problem, `${request.opId}, ${request.bodyFile.split('/')[0]}`);
    }
  }
  if (request.code !== null) return { codes: [request.code], rows: [request.rowNo] };
  return { codes: [], rows: [] };
}

/** The batch rows an import queued by reference carries; undefined for any other request. */
export function rangeOf(outbox: Outbox, request: RequestRecord): RowRange | undefined {
  if (request.rowsFrom === null || request.rowsTo === null) return undefined;
  const batchId = outbox.operation(request.opId).batchId;
  if (batchId === null) throw new Error(`Operation ${request.opId} has a request queued by reference but no batch`);
  return { batchId, from: request.rowsFrom, to: request.rowsTo };
}

/** The error of a request whose rows in its frozen batch are no longer what was queued. */
export function rowsChanged(request: RequestRecord, range: RowRange, problem: string): BodyChangedError {
  const rows = `rows ${range.from} to ${range.to} of batch ${range.batchId}`;
  return new BodyChangedError(`the library (${rows})`, problem, String(request.opId), `${rows} that request ${request.idx + 1} sends`);
}

/** A request of an open operation, not finished, whose saved code list cannot be read. */
export interface UnreadableRequest {
  opId: number;
  idx: number;
  error: BodyChangedError;
}

/**
 * Every code an operation touches, undefined for kinds without codes (rewards). A request whose code
 * list cannot be read adds none: a finished one is past ordering, and an unfinished one is never sent
 * as it is (it is noted in `unreadable`, to be set aside for attention).
 */
function operationCodes(outbox: Outbox, opId: number, unreadable: UnreadableRequest[]): Set<string> | undefined {
  const codes = new Set<string>();
  for (const request of outbox.requests(opId)) {
    try {
      for (const code of codesOfRequest(outbox, request).codes) codes.add(code);
    } catch (error) {
      if (!(error instanceof BodyChangedError)) throw error;
      if (!TERMINAL_REQUEST_STATES.has(request.state)) unreadable.push({ opId, idx: request.idx, error });
    }
  }
  return codes.size > 0 ? codes : undefined;
}

export interface OpenDependencies {
  /** Open operations touching any of the codes: the new operation waits for them. */
  dependsOn: number[];
  /** Unfinished requests whose codes cannot be read: nothing waits for them, the user does. */
  unreadable: UnreadableRequest[];
}

/** Open operations of the same project touching any of `codes` (projects never share codes), from the code lists that can be read. */
export function openDependencies(outbox: Outbox, codes: Iterable<string>, project?: string): OpenDependencies {
  const unreadable: UnreadableRequest[] = [];
  const open = outbox.operations({ open: true, project }).map((op) => ({ id: op.id, codes: operationCodes(outbox, op.id, unreadable) }));
  return { dependsOn: dependenciesOf(codes, open), unreadable };
}

/** An unfinished request of another operation whose saved code list cannot be read. */
export interface NeedsAttention {
  operation: number;
  request: number;
  file: string;
  message: string;
}

/**
 * What a new operation waits for, as queueing records it. A request whose code list cannot be read
 * must not stop the queueing: the ones not sent yet are set aside for attention first (durably), and
 * each is returned so the caller names it.
 */
export async function dependenciesForQueueing(
  outbox: Outbox,
  codes: Iterable<string>,
  project?: string,
): Promise<{ dependsOn: number[]; needsAttention: NeedsAttention[] }> {
  const { dependsOn, unreadable } = openDependencies(outbox, codes, project);
  await outbox.setAside(unreadable);
  const needsAttention = unreadable.map(({ opId, idx, error }) => ({ operation: opId, request: idx, file: error.file, message: error.message }));
  return { dependsOn, needsAttention };
}

/** A queued operation, and the requests of others found unreadable (set aside) while queueing it. */
export interface Queued {
  op: OperationRecord;
  needsAttention: NeedsAttention[];
}
