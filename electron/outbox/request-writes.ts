import type { RequestEvent, RequestState } from '../../shared/outbox/states';
import type { Writer } from '../store/statements';
import type { CodeFailure, ErrorRecord } from './records';

// The SQL that writes a request's fields and its per-code notes, shared by every change the outbox makes.

/** Fields a request move may set along with its state. */
export interface RequestChanges {
  attempts?: number;
  lastError?: ErrorRecord | null;
  asyncActionId?: string | null;
  firstTryAt?: number | null;
  sentAt?: number | null;
  nextTryAt?: number | null;
  looks?: number;
  result?: Record<string, unknown> | null;
}

const COLUMNS: Record<keyof RequestChanges, string> = {
  attempts: 'attempts',
  lastError: 'last_error',
  asyncActionId: 'async_action_id',
  firstTryAt: 'first_try_at',
  sentAt: 'sent_at',
  nextTryAt: 'next_try_at',
  looks: 'looks',
  result: 'result',
};

/** A per-code note of a request: its batch row, the code and the reason. */
export type CodeNote = Omit<CodeFailure, 'opId' | 'idx'>;

/** One request's move, with what it stores (see Outbox.move). */
export interface RequestMove {
  opId: number;
  idx: number;
  event: RequestEvent;
  changes?: RequestChanges;
  failures?: readonly CodeNote[];
  present?: readonly CodeNote[];
}

/** Stores `changes` on a request, and its new state when it moves. */
export function updateRequest(tx: Writer, opId: number, idx: number, changes: RequestChanges, state: RequestState | undefined): void {
  const sets: string[] = [];
  const values: (string | number | null)[] = [];
  if (state !== undefined) {
    sets.push('state = ?');
    values.push(state);
  }
  for (const [key, value] of Object.entries(changes) as [keyof RequestChanges, unknown][]) {
    if (value === undefined) continue;
    sets.push(`${COLUMNS[key]} = ?`);
    values.push(value === null ? null : typeof value === 'object' ? JSON.stringify(value) : (value as string | number));
  }
  if (sets.length === 0) return;
  tx.run(`UPDATE requests SET ${sets.join(', ')} WHERE op_id = ? AND idx = ?`, [...values, opId, idx]);
}

/** Adds per-code notes of a request to `table`. */
export function insertNotes(tx: Writer, table: 'code_failures' | 'codes_present', opId: number, idx: number, notes: readonly CodeNote[]): void {
  if (notes.length === 0) return;
  const insert = tx.prepare(`INSERT INTO ${table} (op_id, idx, row_no, code, reason) VALUES (?, ?, ?, ?, ?)`);
  for (const n of notes) insert.run([opId, idx, n.row, n.code, n.reason]);
}
