import { BatchFrozenError, type FrozenBatch } from '../../shared/domain/batch-refusals';
import type { Reader, SqlValue } from '../store/statements';
import { BatchError, type BatchDefaults, type BatchSummary, type RowCounts } from './types';

// Reading batches: shared by the batch, draft, import, export and generation services.

interface BatchRecord extends Record<string, SqlValue> {
  id: number;
  name: string;
  defaults: string;
  next_row: number;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export interface LoadedBatch {
  id: number;
  name: string;
  defaults: BatchDefaults;
  nextRow: number;
  deletedAt: string | null;
}

const COLUMNS = 'id, name, defaults, next_row, created_at, updated_at, deleted_at';

export function loadBatch(reader: Reader, id: number): LoadedBatch {
  const record = reader.get<BatchRecord>(`SELECT ${COLUMNS} FROM batches WHERE id = ?`, [id]);
  if (!record) throw new BatchError(`There is no batch ${id}`);
  return { id: record.id, name: record.name, defaults: JSON.parse(record.defaults) as BatchDefaults, nextRow: record.next_row, deletedAt: record.deleted_at };
}

/**
 * The open operation that keeps a batch from changing (a batch queued for sync is frozen), or
 * undefined. The outbox decides; whoever opens the library and the outbox together hands it to the
 * batch services.
 */
export type FreezeCheck = (batchId: number) => Omit<FrozenBatch, 'batchName'> | undefined;

/** A batch that may change: one in the trash must be restored first, a frozen one released. */
export function loadWritableBatch(reader: Reader, id: number, frozen: FreezeCheck): LoadedBatch {
  const batch = loadBatch(reader, id);
  if (batch.deletedAt !== null) {
    throw new BatchError(`Batch ${id} "${batch.name}" is in the trash; restore it before changing it`);
  }
  const frozenBy = frozen(id);
  if (frozenBy !== undefined) throw new BatchFrozenError({ ...frozenBy, batchName: batch.name });
  return batch;
}

export function summarizeBatch(reader: Reader, id: number): BatchSummary {
  const record = reader.get<BatchRecord>(`SELECT ${COLUMNS} FROM batches WHERE id = ?`, [id]);
  if (!record) throw new BatchError(`There is no batch ${id}`);
  return toSummary(reader, record);
}

export function listBatches(reader: Reader, trash: boolean): BatchSummary[] {
  return summaries(reader, trash ? 'deleted_at IS NOT NULL' : 'deleted_at IS NULL');
}

/** Every batch, those in the trash too, by id. */
export function listAllBatches(reader: Reader): BatchSummary[] {
  return summaries(reader, 'TRUE');
}

function summaries(reader: Reader, where: string): BatchSummary[] {
  return reader.all<BatchRecord>(`SELECT ${COLUMNS} FROM batches WHERE ${where} ORDER BY id`).map((record) => toSummary(reader, record));
}

/**
 * A batch's rows as its segments count them, undefined when it has none: they hold all its rows
 * whenever it has any (segments.ts), and 100 sums are read where ten million rows would be counted.
 */
export function segmentRows(reader: Reader, batchId: number): number | undefined {
  return reader.get<{ n: number | null }>('SELECT sum(rows) AS n FROM segments WHERE batch_id = ?', [batchId])?.n ?? undefined;
}

export function countRows(reader: Reader, batchId: number): RowCounts {
  const rows = segmentRows(reader, batchId) ?? reader.get<{ n: number }>('SELECT count(*) AS n FROM drafts WHERE batch_id = ?', [batchId])?.n ?? 0;
  const invalidRows = reader.get<{ n: number }>('SELECT count(*) AS n FROM drafts WHERE batch_id = ? AND valid = 0', [batchId])?.n ?? 0;
  return { rows, validRows: rows - invalidRows, invalidRows };
}

/** A batch by id (digits) or by name; names are matched without regard to case. */
export function findBatch(reader: Reader, ref: string, inTrash = false): BatchSummary {
  const trimmed = ref.trim();
  if (/^\d+$/.test(trimmed)) return summarizeBatch(reader, Number(trimmed));
  const where = inTrash ? 'deleted_at IS NOT NULL' : 'deleted_at IS NULL';
  const found = reader.all<{ id: number }>(`SELECT id FROM batches WHERE lower(name) = lower(?) AND ${where}`, [trimmed]);
  const first = found[0];
  if (!first) throw new BatchError(`There is no batch named "${trimmed}"${inTrash ? ' in the trash' : ''}`);
  return summarizeBatch(reader, first.id);
}

function toSummary(reader: Reader, record: BatchRecord): BatchSummary {
  return {
    id: record.id,
    name: record.name,
    defaults: JSON.parse(record.defaults) as BatchDefaults,
    createdAt: record.created_at,
    updatedAt: record.updated_at,
    deletedAt: record.deleted_at,
    ...countRows(reader, record.id),
  };
}
