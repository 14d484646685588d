import type { StoreDatabase } from '../store/database';
import type { Params, Writer } from '../store/statements';
import { countRows, loadBatch, loadWritableBatch, segmentRows, type FreezeCheck } from './batch-lookup';
import type { BatchChange, EditHistory } from './edit-history';
import { splitDraft } from './inherit';
import { PageSeeker } from './page-seek';
import { FieldSets, RowInserter } from './row-writer';
import { summerFor, writeSegments } from './segments';
import { BY_CODE, INVALID_ROWS, SELECT_ROWS, type StoredRow, checkRow, problemState, recheckCodes, storeRow, toDraftRow } from './rows';
import { BatchError, type DraftFields, type DraftPage, type DraftQuery, type DraftRow, MAX_PAGE, type RowCounts } from './types';

const DEFAULT_PAGE = 100;
// Above every character, so `code < prefix + LAST` bounds a prefix range that the code index serves.
const LAST = '\u{10FFFF}';

export interface DraftChanges {
  code?: string;
  /** Own fields to set (they override the batch defaults). */
  set?: DraftFields;
  /** Own fields to drop, so the row inherits them from the batch again. */
  unset?: string[];
}

/** Rows of a batch: add, edit, delete, and paged reads so a caller never loads a whole batch. */
export class DraftService {
  private readonly totals = new Map<string, { commit: number; n: number }>();
  private readonly seeker: PageSeeker;

  constructor(
    private readonly db: StoreDatabase,
    private readonly frozen: FreezeCheck,
    /** Where each add, edit and delete is recorded so it can be undone; none for one-shot commands. */
    private readonly history?: EditHistory,
  ) {
    this.seeker = new PageSeeker(db);
  }

  /** Appends rows (each a voucher draft: its code and the fields it sets itself) in one commit. */
  async add(batchId: number, drafts: readonly Record<string, unknown>[]): Promise<DraftRow[]> {
    const added = await this.db.write((tx) => {
      const batch = loadWritableBatch(tx, batchId, this.frozen);
      const summer = summerFor(tx, batchId);
      const inserter = new RowInserter(tx, summer);
      const sets = new FieldSets(tx);
      const change: BatchChange = { label: '', rows: [] };
      drafts.forEach((draft, index) => {
        const { code, fields } = splitDraft(draft);
        const row = batch.nextRow + index;
        storeRow(inserter, sets, batchId, row, code, fields, checkRow(batch.defaults, fields, code, row));
        change.rows.push({ row, before: null, after: { code, fields } });
      });
      inserter.flush();
      if (summer !== undefined) writeSegments(tx, batchId, summer.finish());
      tx.run('UPDATE batches SET next_row = ? WHERE id = ?', [batch.nextRow + drafts.length, batchId]);
      recheckCodes(
        tx,
        batchId,
        batch.defaults,
        change.rows.map((r) => r.after?.code ?? ''),
      );
      return change;
    });
    this.history?.record(batchId, { ...added, label: `add ${rowsWord(added.rows.map((r) => r.row))}` });
    return added.rows.map((r) => this.row(batchId, r.row));
  }

  async edit(batchId: number, row: number, changes: DraftChanges): Promise<DraftRow> {
    const change = await this.db.write((tx): BatchChange => {
      const batch = loadWritableBatch(tx, batchId, this.frozen);
      const stored = loadRow(tx, batchId, row);
      const before = { code: stored.code, fields: JSON.parse(stored.fields) as DraftFields };
      const fields = JSON.parse(stored.fields) as DraftFields;
      for (const key of changes.unset ?? []) delete fields[key];
      const { fields: set } = splitDraft(changes.set ?? {});
      Object.assign(fields, set);
      const code = changes.code ?? stored.code;
      const state = problemState(checkRow(batch.defaults, fields, code, row));
      tx.run('UPDATE drafts SET code = ?, set_id = ?, problems = ?, valid = ? WHERE batch_id = ? AND row_no = ?', [
        code,
        new FieldSets(tx).idOf(JSON.stringify(fields)),
        state.problems,
        state.valid,
        batchId,
        row,
      ]);
      recheckCodes(tx, batchId, batch.defaults, [stored.code, code]);
      return { label: `edit row ${row}`, rows: [{ row, before, after: { code, fields } }] };
    });
    this.history?.record(batchId, change);
    return this.row(batchId, row);
  }

  /** Deletes rows by row number; returns how many existed. */
  async delete(batchId: number, rows: readonly number[]): Promise<number> {
    const change = await this.db.write((tx): BatchChange => {
      const batch = loadWritableBatch(tx, batchId, this.frozen);
      const removed: BatchChange['rows'] = [];
      for (const row of new Set(rows)) {
        const stored = tx.get<StoredRow>(`${SELECT_ROWS} WHERE batch_id = ? AND row_no = ?`, [batchId, row]);
        if (!stored) continue;
        tx.run('DELETE FROM drafts WHERE batch_id = ? AND row_no = ?', [batchId, row]);
        removed.push({ row, before: { code: stored.code, fields: JSON.parse(stored.fields) as DraftFields }, after: null });
      }
      recheckCodes(
        tx,
        batchId,
        batch.defaults,
        removed.map((r) => r.before?.code ?? ''),
      );
      return { label: `delete ${rowsWord(removed.map((r) => r.row))}`, rows: removed };
    });
    this.history?.record(batchId, change);
    return change.rows.length;
  }

  row(batchId: number, row: number): DraftRow {
    const batch = loadBatch(this.db, batchId);
    return toDraftRow(loadRow(this.db, batchId, row), batch.defaults);
  }

  page(batchId: number, query: DraftQuery = {}): DraftPage {
    const batch = loadBatch(this.db, batchId);
    const offset = query.offset ?? 0;
    const limit = query.limit ?? DEFAULT_PAGE;
    if (!Number.isSafeInteger(offset) || offset < 0) throw new BatchError(`offset must be a whole number, 0 or more (got ${offset})`);
    if (!Number.isSafeInteger(limit) || limit < 1 || limit > MAX_PAGE) {
      throw new BatchError(`limit must be a whole number from 1 to ${MAX_PAGE} (got ${limit})`);
    }
    // Through the code index unless only the (few, separately indexed) invalid rows are wanted.
    const byCode = (query.codePrefix || query.sort === 'code') && !query.onlyInvalid;
    const conditions = [byCode ? BY_CODE : 'batch_id = ?'];
    const params: (string | number)[] = [batchId];
    if (query.onlyInvalid) conditions.push('valid = 0');
    if (query.codePrefix) {
      conditions.push('code >= ? AND code < ?');
      params.push(query.codePrefix, query.codePrefix + LAST);
    }
    const where = conditions.join(' AND ');
    // The code index holds (code, batch_id) plus the key (batch_id, row_no): this order is its own.
    const order = query.sort === 'code' ? 'code, batch_id, row_no' : 'row_no';
    const from = query.onlyInvalid ? INVALID_ROWS : 'drafts';
    const wholeBatch = conditions.length === 1;
    const total = (wholeBatch ? segmentRows(this.db, batchId) : undefined) ?? this.countCached(`SELECT count(*) AS n FROM ${from} WHERE ${where}`, params);
    const start = this.seeker.start({ batchId, from, where, params, byCode: query.sort === 'code', order, wholeBatch, offset, total }, this.db.commitCount);
    const seekWhere = start ? `${where} AND ${start.condition}` : where;
    // The offset is skipped in drafts alone; only the rows of the page look up their fields.
    const stored = this.db.all<StoredRow>(
      `SELECT row_no, code, fields, problems, valid FROM
        (SELECT batch_id, row_no, code, set_id, problems, valid FROM ${from} WHERE ${seekWhere} ORDER BY ${order} LIMIT ? OFFSET ?) AS page
        CROSS JOIN field_sets ON field_sets.id = page.set_id ORDER BY ${order}`,
      [...params, ...(start?.params ?? []), limit, start ? start.skip : offset] as Params,
    );
    return { rows: stored.map((row) => toDraftRow(row, batch.defaults)), total, offset, limit };
  }

  counts(batchId: number): RowCounts {
    loadBatch(this.db, batchId);
    return countRows(this.db, batchId);
  }

  // Counting a million rows takes a noticeable moment; a grid asks for the same total page after
  // page, so a count is kept until the next commit.
  private countCached(sql: string, params: readonly (string | number)[]): number {
    const key = `${sql}\u0000${params.join('\u0000')}`;
    const cached = this.totals.get(key);
    if (cached && cached.commit === this.db.commitCount) return cached.n;
    const n = this.db.get<{ n: number }>(sql, params)?.n ?? 0;
    if (this.totals.size > 100) this.totals.clear();
    this.totals.set(key, { commit: this.db.commitCount, n });
    return n;
  }
}

function rowsWord(rows: readonly number[]): string {
  return rows.length === 1 ? `row ${rows[0]}` : `${rows.length.toLocaleString('en-US')} rows`;
}

function loadRow(reader: Pick<Writer, 'get'>, batchId: number, row: number): StoredRow {
  const stored = reader.get<StoredRow>(`${SELECT_ROWS} WHERE batch_id = ? AND row_no = ?`, [batchId, row]);
  if (!stored) throw new BatchError(`Batch ${batchId} has no row ${row}`);
  return stored;
}
