import type { StoreDatabase } from '../store/database';
import type { Reader, Writer } from '../store/statements';
import { findBatch, listBatches, loadBatch, loadWritableBatch, summarizeBatch, type FreezeCheck } from './batch-lookup';
import type { EditHistory } from './edit-history';
import { checkDefaults } from './inherit';
import { removeUnusedFieldSets } from './row-writer';
import { recheckBatch } from './rows';
import { BatchError, type BatchDefaults, type BatchSummary } from './types';

export const MAX_BATCH_NAME = 200;

export interface CreateBatchInput {
  name: string;
  defaults?: BatchDefaults;
}

/** Batches of the library: create, rename, duplicate, defaults, and a trash that can be emptied. */
export class BatchService {
  constructor(
    private readonly db: StoreDatabase,
    private readonly frozen: FreezeCheck,
    private readonly now: () => Date = () => new Date(),
    /** Where a change of defaults is recorded so it can be undone; none for one-shot commands. */
    private readonly history?: EditHistory,
  ) {}

  list(options: { trash?: boolean } = {}): BatchSummary[] {
    return listBatches(this.db, options.trash ?? false);
  }

  get(id: number): BatchSummary {
    return summarizeBatch(this.db, id);
  }

  /** By id or name; `inTrash` looks among deleted batches by name. */
  find(ref: string, options: { inTrash?: boolean } = {}): BatchSummary {
    return findBatch(this.db, ref, options.inTrash ?? false);
  }

  async create(input: CreateBatchInput): Promise<BatchSummary> {
    const defaults = checkDefaults(input.defaults ?? {});
    const id = await this.db.write((tx) => {
      const name = checkName(tx, input.name);
      return insertBatch(tx, name, defaults, 1, this.stamp());
    });
    return this.get(id);
  }

  async rename(id: number, name: string): Promise<BatchSummary> {
    await this.db.write((tx) => {
      loadWritableBatch(tx, id, this.frozen);
      tx.run('UPDATE batches SET name = ?, updated_at = ? WHERE id = ?', [checkName(tx, name, id), this.stamp(), id]);
    });
    return this.get(id);
  }

  /** A copy of the batch with all its rows, under a new name (default: "<name> (copy)"). */
  async duplicate(id: number, name?: string): Promise<BatchSummary> {
    const copyId = await this.db.write((tx) => {
      const source = loadBatch(tx, id);
      const copyName = checkName(tx, name ?? freeCopyName(tx, source.name));
      const next = insertBatch(tx, copyName, source.defaults, source.nextRow, this.stamp());
      tx.run(
        'INSERT INTO drafts (batch_id, row_no, code, set_id, problems, valid) SELECT ?, row_no, code, set_id, problems, valid FROM drafts WHERE batch_id = ?',
        [next, id],
      );
      // A segment's summary names rows, codes and field sets, not its batch: the copy's are the same.
      tx.run(
        'INSERT INTO segments (batch_id, seg_no, row_from, row_to, rows, summary) SELECT ?, seg_no, row_from, row_to, rows, summary FROM segments WHERE batch_id = ?',
        [next, id],
      );
      return next;
    });
    return this.get(copyId);
  }

  /** New defaults for every row that does not set the field itself; all rows are checked again. */
  async setDefaults(id: number, defaults: BatchDefaults): Promise<BatchSummary> {
    const clean = checkDefaults(defaults);
    const before = await this.db.write((tx) => {
      const batch = loadWritableBatch(tx, id, this.frozen);
      tx.run('UPDATE batches SET defaults = ?, updated_at = ? WHERE id = ?', [JSON.stringify(clean), this.stamp(), id]);
      recheckBatch(tx, id, clean);
      return batch.defaults;
    });
    this.history?.record(id, { label: 'change the defaults', rows: [], defaults: { before, after: clean } });
    return this.get(id);
  }

  /** Moves the batch to the trash; its rows stay until the trash is emptied. */
  async delete(id: number): Promise<BatchSummary> {
    await this.db.write((tx) => {
      loadWritableBatch(tx, id, this.frozen);
      tx.run('UPDATE batches SET deleted_at = ? WHERE id = ?', [this.stamp(), id]);
    });
    return this.get(id);
  }

  async restore(id: number): Promise<BatchSummary> {
    await this.db.write((tx) => {
      const batch = loadBatch(tx, id);
      if (batch.deletedAt === null) throw new BatchError(`Batch ${id} "${batch.name}" is not in the trash`);
      checkName(tx, batch.name, id);
      tx.run('UPDATE batches SET deleted_at = NULL, updated_at = ? WHERE id = ?', [this.stamp(), id]);
    });
    return this.get(id);
  }

  /** Removes every batch in the trash for good; returns how many were removed. */
  emptyTrash(): Promise<number> {
    return this.db.write((tx) => {
      tx.run('DELETE FROM drafts WHERE batch_id IN (SELECT id FROM batches WHERE deleted_at IS NOT NULL)');
      removeUnusedFieldSets(tx);
      return tx.run('DELETE FROM batches WHERE deleted_at IS NOT NULL');
    });
  }

  private stamp(): string {
    return this.now().toISOString();
  }
}

function insertBatch(tx: Writer, name: string, defaults: BatchDefaults, nextRow: number, at: string): number {
  tx.run('INSERT INTO batches (name, defaults, next_row, created_at, updated_at) VALUES (?, ?, ?, ?, ?)', [name, JSON.stringify(defaults), nextRow, at, at]);
  return tx.get<{ id: number }>('SELECT last_insert_rowid() AS id')?.id ?? 0;
}

function checkName(reader: Reader, name: string, exceptId?: number): string {
  const trimmed = name.trim();
  if (trimmed === '') throw new BatchError('A batch name cannot be empty');
  if (trimmed.length > MAX_BATCH_NAME) throw new BatchError(`A batch name has at most ${MAX_BATCH_NAME} characters`);
  if (/^\d+$/.test(trimmed)) throw new BatchError(`A batch name cannot be only digits ("${trimmed}"): digits refer to batch ids`);
  const clash = reader.get<{ id: number }>('SELECT id FROM batches WHERE lower(name) = lower(?) AND deleted_at IS NULL AND id IS NOT ?', [
    trimmed,
    exceptId ?? null,
  ]);
  if (clash) throw new BatchError(`A batch named "${trimmed}" already exists (batch ${clash.id}); choose another name`);
  return trimmed;
}

function freeCopyName(reader: Reader, name: string): string {
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? `${name} (copy)` : `${name} (copy ${n})`;
    if (!reader.get('SELECT 1 AS x FROM batches WHERE lower(name) = lower(?) AND deleted_at IS NULL', [candidate])) return candidate;
  }
}
