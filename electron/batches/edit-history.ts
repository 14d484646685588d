import { UndoLog } from '../../shared/domain/undo-log';
import type { StoreDatabase } from '../store/database';
import type { Writer } from '../store/statements';
import { loadWritableBatch, type FreezeCheck } from './batch-lookup';
import { FieldSets } from './row-writer';
import { checkRow, problemState, recheckBatch, recheckCodes } from './rows';
import type { BatchDefaults, DraftFields } from './types';

/** A row as it stood: its code and own fields; null when the row did not exist. */
export type RowState = { code: string; fields: DraftFields } | null;

/** One change to a batch as the user made it, with what it replaced, so it can be undone and redone. */
export interface BatchChange {
  /** What the user did, in their words: "edit row 3", "delete 2 rows". */
  label: string;
  rows: { row: number; before: RowState; after: RowState }[];
  defaults?: { before: BatchDefaults; after: BatchDefaults };
}

export interface HistoryState {
  undo: string | null;
  redo: string | null;
}

/**
 * The session's undo and redo per batch. Undoing writes the earlier state back as a change of its
 * own (durable like any other), so a crash after an undo keeps it; the log itself lives as long as
 * the process.
 */
export class EditHistory {
  private readonly logs = new Map<number, UndoLog<BatchChange>>();

  constructor(
    private readonly db: StoreDatabase,
    private readonly frozen: FreezeCheck,
  ) {}

  record(batchId: number, change: BatchChange): void {
    if (change.rows.length === 0 && !change.defaults) return;
    let log = this.logs.get(batchId);
    if (!log) this.logs.set(batchId, (log = new UndoLog<BatchChange>()));
    log.record(change);
  }

  state(batchId: number): HistoryState {
    const log = this.logs.get(batchId);
    return { undo: log?.nextUndo?.label ?? null, redo: log?.nextRedo?.label ?? null };
  }

  /** Reverts the batch's latest change; the label of what was undone, or null when nothing was. */
  async undo(batchId: number): Promise<string | null> {
    const entry = await this.logs.get(batchId)?.undo((change) => this.put(batchId, change, 'before'));
    return entry?.label ?? null;
  }

  async redo(batchId: number): Promise<string | null> {
    const entry = await this.logs.get(batchId)?.redo((change) => this.put(batchId, change, 'after'));
    return entry?.label ?? null;
  }

  private async put(batchId: number, change: BatchChange, side: 'before' | 'after'): Promise<void> {
    await this.db.write((tx) => {
      let defaults = loadWritableBatch(tx, batchId, this.frozen).defaults;
      if (change.defaults) {
        defaults = change.defaults[side];
        tx.run('UPDATE batches SET defaults = ? WHERE id = ?', [JSON.stringify(defaults), batchId]);
        recheckBatch(tx, batchId, defaults);
      }
      const sets = new FieldSets(tx);
      const codes: string[] = [];
      for (const row of change.rows) putRow(tx, sets, batchId, defaults, row.row, row[side], codes);
      recheckCodes(tx, batchId, defaults, codes);
    });
  }
}

/** Writes one row back as it stood (or removes it); collects the codes whose duplicates may change. */
function putRow(tx: Writer, sets: FieldSets, batchId: number, defaults: BatchDefaults, row: number, state: RowState, codes: string[]): void {
  const existing = tx.get<{ code: string }>('SELECT code FROM drafts WHERE batch_id = ? AND row_no = ?', [batchId, row]);
  if (existing) codes.push(existing.code);
  if (state === null) {
    if (existing) tx.run('DELETE FROM drafts WHERE batch_id = ? AND row_no = ?', [batchId, row]);
    return;
  }
  const checked = problemState(checkRow(defaults, state.fields, state.code, row));
  const setId = sets.idOf(JSON.stringify(state.fields));
  if (existing) {
    tx.run('UPDATE drafts SET code = ?, set_id = ?, problems = ?, valid = ? WHERE batch_id = ? AND row_no = ?', [
      state.code,
      setId,
      checked.problems,
      checked.valid,
      batchId,
      row,
    ]);
  } else {
    tx.run('INSERT INTO drafts (batch_id, row_no, code, set_id, problems, valid) VALUES (?, ?, ?, ?, ?, ?)', [
      batchId,
      row,
      state.code,
      setId,
      checked.problems,
      checked.valid,
    ]);
  }
  codes.push(state.code);
}
