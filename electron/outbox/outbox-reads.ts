import type { PlanRequest } from '../../shared/outbox/dry-run';
import { TERMINAL_OPERATION_STATES, type RequestState } from '../../shared/outbox/states';
import type { Reader, SqlValue } from '../store/statements';
import type { OperationRecord } from './records';

// What the commands that only read the outbox (`outbox list`, `sync --dry-run`) ask of it. The open
// outbox answers it (outbox.ts), and so does its listing (outbox-listing.ts), a copy of these answers
// kept beside it at close: both run the queries below, so they cannot drift apart.

export interface OperationFilter {
  /** Only the operations a sync still has to carry out. */
  open?: boolean;
  /** Only one project's (its id). */
  project?: string;
}

export interface OutboxReads {
  /** Every operation, or the open ones, of one project or of all, by id. */
  operations(options?: OperationFilter): OperationRecord[];
  /** The requests of an operation, grouped by state (see PlanRequest). */
  requestSizes(opId: number): PlanRequest[];
  /** A value the sync keeps between runs (the budget last seen). */
  syncState(key: string): string | undefined;
}

/** The operations a filter keeps of `rows` (all of one project, or all, in id order). */
export function openIfAsked(rows: OperationRecord[], filter: OperationFilter): OperationRecord[] {
  return filter.open ? rows.filter((op) => !TERMINAL_OPERATION_STATES.has(op.state) && op.state !== 'dead_letter') : rows;
}

export interface RequestGroupRow extends Record<string, SqlValue> {
  op_id: number;
  state: string;
  count: number;
  codes: number;
  bytes: number;
}

/**
 * The requests of one operation (or of all) grouped by state, in the order of their first request; a
 * request in `sending` stays on its own, as a dry run reconciles each by its codes.
 */
export function requestGroups(reader: Reader, opId?: number): RequestGroupRow[] {
  const where = opId === undefined ? '' : 'WHERE op_id = ?';
  return reader.all<RequestGroupRow>(
    `SELECT op_id, state, COUNT(*) AS count, SUM(codes) AS codes, SUM(bytes) AS bytes FROM requests ${where}
     GROUP BY op_id, state, CASE WHEN state = 'sending' THEN idx END ORDER BY op_id, MIN(idx)`,
    opId === undefined ? [] : [opId],
  );
}

export function planRequestOf(row: RequestGroupRow): PlanRequest {
  return { state: row.state as RequestState, codes: row.codes, bytes: row.bytes, count: row.count };
}
