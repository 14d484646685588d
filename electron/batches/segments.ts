import { createHash } from 'node:crypto';
import type { ImportFormat } from '../../shared/domain/import-bodies';
import { codeBytes, codeObstacle, SEGMENT_ROWS, type CodeBytes, type SegmentShape } from '../../shared/domain/segment-plan';
import type { Reader, Writer } from '../store/statements';
import { fieldSetJson } from './rows';
import type { BatchDefaults } from './types';

// Segments: a batch's rows in runs of SEGMENT_ROWS, each summarized as it is written (how many rows,
// which field sets, what the codes add to a body, a digest of the rows) so that queueing a batch of ten
// million codes reads 100 summaries instead of its rows. Triggers on `drafts` keep them true: adding or
// removing a row drops the batch's segments (queueing then reads the rows, as before segments), and
// changing one marks its segment stale, read again from its rows when queued.

/** A segment as stored: its shape and the digest of its rows. */
export interface Segment extends SegmentShape {
  digest: string;
}

/** The SHA-256 of a run of rows: each row's number, code and field set, in row order. */
export class RowsDigest {
  private readonly hash = createHash('sha256');
  private lines: string[] = [];
  /** Field set ids in order of first use, with the rows using each. */
  readonly sets = new Map<number, number>();

  add(row: number, code: string, setId: number): void {
    this.lines.push(`${row},${JSON.stringify(code)},${setId}\n`);
    this.sets.set(setId, (this.sets.get(setId) ?? 0) + 1);
    // Hashed a few thousand rows at a time: one update per row costs more than the row.
    if (this.lines.length === 4096) this.drain();
  }

  hex(): string {
    this.drain();
    return this.hash.digest('hex');
  }

  private drain(): void {
    if (this.lines.length === 0) return;
    this.hash.update(this.lines.join(''));
    this.lines = [];
  }
}

interface OpenSegment {
  rows: number;
  rowFrom: number;
  rowTo: number;
  digest: RowsDigest;
  codeBytes: CodeBytes;
  maxCodeBytes: CodeBytes;
  codeObstacle: string | null;
}

/** Summarizes rows as they are written, in row order, into segments of `size` rows. */
export class SegmentSummer {
  private open: OpenSegment | undefined;
  private readonly done: Segment[] = [];

  constructor(private readonly size = SEGMENT_ROWS) {}

  add(row: number, code: string, setId: number): void {
    const segment = (this.open ??= {
      rows: 0,
      rowFrom: row,
      rowTo: row,
      digest: new RowsDigest(),
      codeBytes: { json: 0, csv: 0 },
      maxCodeBytes: { json: 0, csv: 0 },
      codeObstacle: null,
    });
    segment.digest.add(row, code, setId);
    const bytes = codeBytes(code);
    segment.codeBytes.json += bytes.json;
    segment.codeBytes.csv += bytes.csv;
    if (bytes.json > segment.maxCodeBytes.json) segment.maxCodeBytes.json = bytes.json;
    if (bytes.csv > segment.maxCodeBytes.csv) segment.maxCodeBytes.csv = bytes.csv;
    segment.codeObstacle ??= codeObstacle(code) ?? null;
    segment.rows += 1;
    segment.rowTo = row;
    if (segment.rows === this.size) this.close();
  }

  /** Every segment, the last one however few its rows. */
  finish(): Segment[] {
    this.close();
    return this.done;
  }

  private close(): void {
    const open = this.open;
    if (open === undefined) return;
    const { digest, ...shape } = open;
    this.done.push({ ...shape, sets: [...digest.sets], digest: digest.hex() });
    this.open = undefined;
  }
}

/** A summer for rows about to be added to a batch: only one that has none yet gets segments (its new rows are all of it). */
export function summerFor(reader: Reader, batchId: number): SegmentSummer | undefined {
  return reader.get('SELECT 1 AS one FROM drafts WHERE batch_id = ? LIMIT 1', [batchId]) ? undefined : new SegmentSummer();
}

/** Stores a batch's segments, in the write that stored its rows (after them: storing a row drops them). */
export function writeSegments(tx: Writer, batchId: number, segments: readonly Segment[]): void {
  const insert = tx.prepare('INSERT INTO segments (batch_id, seg_no, row_from, row_to, rows, summary) VALUES (?, ?, ?, ?, ?, ?)');
  for (const [no, segment] of segments.entries()) {
    const { rows, rowFrom, rowTo, ...summary } = segment;
    insert.run([batchId, no, rowFrom, rowTo, rows, JSON.stringify(summary)]);
  }
}

/**
 * A batch's segments, a stale one summarized again from its rows; undefined when it has none (rows
 * were added or removed since they were written, or the batch was stored before segments).
 */
export function readSegments(reader: Reader, batchId: number): Segment[] | undefined {
  const stored = reader.all<{ row_from: number; row_to: number; rows: number; summary: string | null }>(
    'SELECT row_from, row_to, rows, summary FROM segments WHERE batch_id = ? ORDER BY seg_no',
    [batchId],
  );
  if (stored.length === 0) return undefined;
  return stored.map((row) => {
    if (row.summary === null) return summarizeRows(reader, batchId, row.row_from, row.row_to);
    return { rows: row.rows, rowFrom: row.row_from, rowTo: row.row_to, ...(JSON.parse(row.summary) as Omit<Segment, 'rows' | 'rowFrom' | 'rowTo'>) };
  });
}

function summarizeRows(reader: Reader, batchId: number, from: number, to: number): Segment {
  const summer = new SegmentSummer(Number.MAX_SAFE_INTEGER);
  for (const row of reader.all<{ row_no: number; code: string; set_id: number }>(
    'SELECT row_no, code, set_id FROM drafts WHERE batch_id = ? AND row_no BETWEEN ? AND ? ORDER BY row_no',
    [batchId, from, to],
  )) {
    summer.add(row.row_no, row.code, row.set_id);
  }
  const [segment] = summer.finish();
  if (segment === undefined) throw new Error(`Segment of rows ${from} to ${to} of batch ${batchId} has no rows; run "voucher-desk library check"`);
  return segment;
}

/**
 * The checksum of everything a request body is made from: its format, the batch's defaults, the text of
 * each field set its rows use (in order of first use) and the digest of its rows. Kept at queue time;
 * at send the rows are read again and must give the same, so the body made from them is the one queued.
 */
export function sourceChecksum(reader: Reader, defaults: BatchDefaults, format: ImportFormat, digest: { sets: Iterable<number>; hex: string }): string {
  const hash = createHash('sha256');
  hash.update(`${JSON.stringify(format)}\n${JSON.stringify(defaults)}\n`);
  for (const id of digest.sets) hash.update(`${id}\t${fieldSetJson(reader, id)}\n`);
  return hash.update(digest.hex).digest('hex');
}
