import { InvalidRowsError } from '../../shared/domain/batch-refusals';
import type { VoucherDraft } from '../../shared/domain/voucher';
import { findBatch } from '../batches/batch-lookup';
import { effectiveDraft } from '../batches/inherit';
import { fieldSetJson, SELECT_ROW_SETS } from '../batches/rows';
import type { BatchDefaults, BatchSummary } from '../batches/types';
import type { StoreDatabase } from '../store/database';
import type { Reader } from '../store/statements';
import { OutboxError, type Outbox } from '../outbox/outbox';

// Reading a batch for the kinds that queue one (imports, add to campaign).

export interface QueueContext {
  library: StoreDatabase;
  outbox: Outbox;
  /** The project (id) the operation is queued for; every front end names one. */
  project?: string;
}

const PAGE = 5000;

/** Distinct field sets overlaid at once; past this many the overlays are made afresh. */
const OVERLAYS_KEPT = 4096;

/** A row as stored: its number, code and field set. */
export interface StoredRowSet {
  row_no: number;
  code: string;
  set_id: number;
}

/** The batch's rows in order (those of `range` only, when given), read a page at a time as they are asked for. */
export function* batchRows(
  reader: Reader,
  batchId: number,
  range: { from: number; to: number } = { from: 1, to: Number.MAX_SAFE_INTEGER },
): Generator<StoredRowSet> {
  let after = range.from - 1;
  for (;;) {
    const page = reader.all<StoredRowSet & Record<string, number | string>>(
      `${SELECT_ROW_SETS} WHERE batch_id = ? AND row_no > ? AND row_no <= ? ORDER BY row_no LIMIT ?`,
      [batchId, after, range.to, PAGE],
    );
    yield* page;
    const last = page.at(-1);
    if (!last) return;
    after = last.row_no;
  }
}

/**
 * The batch's rows in order (those of `range` only, when given), each as the voucher it describes (defaults overlaid), each
 * row shown to `seen` (its number, code and field set) as it is yielded. Rows mostly
 * share their fields (an import's differ only in code), so each distinct set is read, parsed and
 * overlaid once and a row is that overlay with its code: reading and parsing every row's JSON took
 * a third of queueing a million codes, and its garbage another quarter.
 */
export function* batchDrafts(
  reader: Reader,
  batchId: number,
  defaults: BatchDefaults,
  seen?: (row: number, code: string, setId: number) => void,
  range?: { from: number; to: number },
): Generator<VoucherDraft> {
  const overlays = new Map<number, VoucherDraft>();
  for (const stored of batchRows(reader, batchId, range)) {
    seen?.(stored.row_no, stored.code, stored.set_id);
    let overlay = overlays.get(stored.set_id);
    if (!overlay) {
      if (overlays.size === OVERLAYS_KEPT) overlays.clear();
      overlay = setDraft(reader, defaults, stored.set_id);
      overlays.set(stored.set_id, overlay);
    }
    // The overlay's keys start with its code, so the row's code takes that place, as effectiveDraft puts it.
    yield { ...overlay, code: stored.code };
  }
}

/** The voucher a row of field set `setId` describes, with an empty code. */
export function setDraft(reader: Reader, defaults: BatchDefaults, setId: number): VoucherDraft {
  return effectiveDraft(defaults, JSON.parse(fieldSetJson(reader, setId)) as Record<string, unknown>, '') as unknown as VoucherDraft;
}

/** A batch's codes in row order, read a page at a time as they are asked for. */
export function* batchCodes(reader: Reader, batchId: number): Generator<string> {
  for (const row of batchRows(reader, batchId)) yield row.code;
}

/** Only a whole, valid, live batch is queued: what is sent is what the user reviewed. */
export function queueableBatch(reader: Reader, ref: string): BatchSummary {
  const batch = findBatch(reader, ref);
  if (batch.deletedAt !== null) throw new OutboxError(`Batch ${batch.id} "${batch.name}" is in the trash; restore it before queueing it`);
  if (batch.rows === 0) throw new OutboxError(`Batch ${batch.id} "${batch.name}" has no rows; there is nothing to queue`);
  if (batch.invalidRows > 0) {
    throw new InvalidRowsError(batch.id, batch.name, batch.invalidRows);
  }
  return batch;
}
