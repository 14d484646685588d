import type { ServiceErrorBody } from '../../shared/api/errors';
import type { OperationKind, PayloadOf } from '../../shared/operations/all';
import type { RequestCounts, RequestState, OperationState } from '../../shared/outbox/states';
import type { SqlValue } from '../store/statements';

// Rows of the outbox as the rest of the app reads them, and the operations it is given to queue.

export interface NewRequest {
  codes: number;
  bytes: number;
  body?: string;
  bodyFile?: string;
  /** An import queued by reference: its rows in the frozen batch, checked against `sourceHash` and made into its body at send. */
  rows?: { from: number; to: number };
  bodyHash?: string;
  /** The checksum of what the body is made from (`sourceChecksum` in batches/segments.ts). */
  sourceHash?: string;
  code?: string;
  rowNo?: number;
}

interface NewOperationFields {
  uid: string;
  batchId?: number;
  dependsOn: readonly number[];
  codes: number;
  requests: readonly NewRequest[];
  /** The project (id) it is sent to; every front end names one. */
  project?: string;
}

/** An operation to queue: its payload typed by its kind (and checked against the kind's schema). */
export type NewOperation = { [K in OperationKind]: NewOperationFields & { kind: K; payload: PayloadOf<K> } }[OperationKind];

export interface OperationTally {
  /** Carried out by this sync: codes created or added to a campaign, codes deleted, a reward created. */
  applied: number;
  /** Codes already on the service before this sync (someone else's), or already absent for a delete. */
  present: number;
  failed: number;
}

/** The last error of a request: the service's error object when there was one, else the client's text. */
export interface ErrorRecord extends Partial<ServiceErrorBody> {
  name: string;
  message: string;
  status?: number;
  at: number;
}

/** The error name of a request reconciliation could not settle: the user checks it and decides. */
export const UNRECONCILED = 'Unreconciled';

export interface OperationRecord {
  id: number;
  uid: string;
  createdAt: string;
  kind: OperationKind | string;
  payload: string;
  state: OperationState;
  batchId: number | null;
  dependsOn: number[];
  cancelRequested: boolean;
  deadReason: string | null;
  codes: number;
  requestCounts: RequestCounts;
  updatedAt: string;
  /** The project it is sent to (its id); null only for an operation queued before projects and not yet bound. */
  project: string | null;
}

export interface RequestRecord {
  opId: number;
  idx: number;
  state: RequestState;
  attempts: number;
  lastError: ErrorRecord | null;
  asyncActionId: string | null;
  /** Per-code requests (add to campaign, delete): the code and its batch row. */
  code: string | null;
  rowNo: number | null;
  /** Small JSON bodies kept inline; import bodies are rebuilt from the batch's rows (or, queued before, in files). */
  body: string | null;
  bodyFile: string | null;
  /** The import's rows in the frozen batch, by row number, both included (null when in a file). */
  rowsFrom: number | null;
  rowsTo: number | null;
  /** A body file's checksum, or (queued by reference before source_hash) the body's. */
  bodyHash: string | null;
  /** What the body of an import queued by reference is made from, checked at send. */
  sourceHash: string | null;
  codes: number;
  bytes: number;
  firstTryAt: number | null;
  sentAt: number | null;
  nextTryAt: number | null;
  /** Looks at its job so far. */
  looks: number;
  result: Record<string, unknown> | null;
}

export interface CodeFailure {
  opId: number;
  idx: number;
  row: number | null;
  code: string;
  reason: string;
}

export interface OperationRow extends Record<string, SqlValue> {
  id: number;
  uid: string;
  created_at: string;
  kind: string;
  payload: string;
  state: string;
  batch_id: number | null;
  depends_on: string;
  cancel_requested: number;
  dead_reason: string | null;
  codes: number;
  request_counts: string;
  updated_at: string;
  project: string | null;
}

export interface RequestRow extends Record<string, SqlValue> {
  op_id: number;
  idx: number;
  state: string;
  attempts: number;
  last_error: string | null;
  async_action_id: string | null;
  code: string | null;
  row_no: number | null;
  body: string | null;
  body_file: string | null;
  rows_from: number | null;
  rows_to: number | null;
  body_hash: string | null;
  source_hash: string | null;
  codes: number;
  bytes: number;
  first_try_at: number | null;
  sent_at: number | null;
  next_try_at: number | null;
  looks: number;
  result: string | null;
}

export function toOperation(row: OperationRow): OperationRecord {
  return {
    id: row.id,
    uid: row.uid,
    createdAt: row.created_at,
    kind: row.kind,
    payload: row.payload,
    state: row.state as OperationState,
    batchId: row.batch_id,
    dependsOn: JSON.parse(row.depends_on) as number[],
    cancelRequested: row.cancel_requested === 1,
    deadReason: row.dead_reason,
    codes: row.codes,
    requestCounts: JSON.parse(row.request_counts) as RequestCounts,
    updatedAt: row.updated_at,
    project: row.project,
  };
}

export function toRequest(row: RequestRow): RequestRecord {
  return {
    opId: row.op_id,
    idx: row.idx,
    state: row.state as RequestState,
    attempts: row.attempts,
    lastError: row.last_error === null ? null : (JSON.parse(row.last_error) as ErrorRecord),
    asyncActionId: row.async_action_id,
    code: row.code,
    rowNo: row.row_no,
    body: row.body,
    bodyFile: row.body_file,
    rowsFrom: row.rows_from,
    rowsTo: row.rows_to,
    bodyHash: row.body_hash,
    sourceHash: row.source_hash,
    codes: row.codes,
    bytes: row.bytes,
    firstTryAt: row.first_try_at,
    sentAt: row.sent_at,
    nextTryAt: row.next_try_at,
    looks: row.looks,
    result: row.result === null ? null : (JSON.parse(row.result) as Record<string, unknown>),
  };
}
