import { papaParser, type PapaParser } from './papa-parser';
import { mapHeaders, type CsvLayout } from './csv-columns';
import { recordToDraft } from './csv-row';
import { createDuplicateTracker } from './duplicates';
import { validateCodeOnly, validateMappedDraft } from './validate-draft';
import type { Problem, VoucherDraft } from './voucher';

export interface CsvRow {
  /** 1-based data row: the header is not counted, blank records are skipped but counted. */
  row: number;
  /** The draft as read; it satisfies VoucherDraft only when `problems` holds no error. */
  draft: VoucherDraft;
  problems: Problem[];
  /**
   * With `reuseEqualRecords`: rows whose cells other than the code are equal get the same number
   * (while the reader remembers them; a number is never reused for other cells).
   */
  equalCells?: number;
}

export interface CsvReaderOptions {
  /** `cells` are the record as read, for a caller that can reuse work across equal records. */
  onRow(row: CsvRow, cells: readonly string[]): void;
  /** Called once with the header mapping (and its problems) before the first row. */
  onHeader?(layout: CsvLayout): void;
  /** Report codes repeated within the file (default true; keeps one entry per code in memory). */
  checkDuplicates?: boolean;
  /**
   * Longest record accepted, in characters (default 4 MiB). A stray quote would otherwise make the
   * rest of the file one endless field, held in memory and parsed again on every write.
   */
  maxRecordChars?: number;
  /**
   * Map and check the cells other than the code once for all rows where they are equal, as they
   * are in most big files: only the code is checked on each row. Rows found this way share the
   * nested objects of their drafts (discount, redemption, metadata), so they must not be changed.
   */
  reuseEqualRecords?: boolean;
}

export interface CsvReader {
  /** Feed the next piece of the file; a piece may end anywhere, even inside a quoted field. */
  write(chunk: string): void;
  /** Feed raw UTF-8 bytes; a character split across two pieces is decoded once both arrived. */
  writeBytes(chunk: Uint8Array): void;
  /** The file is complete: read what is left. */
  end(): void;
  readonly rows: number;
  readonly layout: CsvLayout | null;
}

const NEWLINE_GUESS_LIMIT = 1 << 16;
const MAX_RECORD_CHARS = 4 * 1024 * 1024;
// Few distinct records make most big files. When a file has more than this many, remembering costs
// more than it saves (what is remembered outlives the young generation, and so does the piece of
// the file each cell is cut from), so the reader stops remembering for the rest of the file.
const REMEMBERED_RECORDS = 2_000;

interface EqualRecords {
  id: number;
  cells: readonly string[];
  /** The draft of the first of these rows when its cells other than the code have no problem. */
  clean: Record<string, unknown> | null;
}

const NO_RECORDS: readonly EqualRecords[] = [];

export class CsvRecordTooLongError extends Error {
  constructor(
    readonly row: number,
    readonly maxChars: number,
  ) {
    super(`row ${row} is still not complete after ${maxChars} characters; a quote is probably not closed (a field starting with " must end with ")`);
    this.name = 'CsvRecordTooLongError';
  }
}

/** A streaming reader of the service's CSV import format that validates each row as it goes. */
export function createCsvReader(options: CsvReaderOptions): CsvReader {
  const duplicates = options.checkDuplicates === false ? null : createDuplicateTracker();
  const decoder = new TextDecoder('utf-8');
  const maxRecordChars = options.maxRecordChars ?? MAX_RECORD_CHARS;
  let pending = '';
  let parser: PapaParser | null = null;
  let layout: CsvLayout | null = null;
  let rows = 0;
  let first = true;
  // By a hash of the cells other than the code: no key string is built for each row.
  let remembered = options.reuseEqualRecords ? new Map<number, EqualRecords[]>() : null;
  let rememberedCount = 0;
  let nextEqual = 0;

  /** The draft and problems of a record, from a remembered equal one when it allows. */
  function mapRecord(
    cells: string[],
    known: CsvLayout,
    parseProblem: string | undefined,
  ): { draft: Record<string, unknown>; problems: Problem[]; equal?: number } {
    const codeCell = known.fieldIndex.code;
    const hash = remembered === null || parseProblem !== undefined || cells.length !== known.columns.length ? null : otherCellsHash(cells, codeCell);
    const bucket = hash === null ? undefined : remembered?.get(hash);
    let seen: EqualRecords | undefined;
    for (const entry of bucket ?? NO_RECORDS) {
      if (sameOtherCells(entry.cells, cells, codeCell)) {
        seen = entry;
        break;
      }
    }
    if (seen?.clean) {
      const code = cell(cells, codeCell);
      return { draft: { ...seen.clean, code }, problems: validateCodeOnly(code, rows), equal: seen.id };
    }
    const draft = recordToDraft(cells, known);
    const problems = validateMappedDraft(draft, rows);
    if (hash === null || remembered === null) return { draft, problems };
    if (seen) return { draft, problems, equal: seen.id };
    if (rememberedCount >= REMEMBERED_RECORDS) {
      remembered = null;
      return { draft, problems };
    }
    // Kept on their own copies of the cells: a cell cut from the file may hold on to its whole piece.
    const own = cells.map(detached);
    const added = { id: nextEqual++, cells: own, clean: problems.every((p) => p.field === 'code') ? recordToDraft(own, known) : null };
    const list = remembered.get(hash);
    if (list) list.push(added);
    else remembered.set(hash, [added]);
    rememberedCount += 1;
    return { draft, problems, equal: added.id };
  }

  function handleRecord(cells: string[], parseProblem: string | undefined): void {
    if (layout === null) {
      layout = mapHeaders(cells);
      options.onHeader?.(layout);
      return;
    }
    rows += 1;
    if (cells.length === 1 && cells[0] === '' && parseProblem === undefined) return;
    const { draft, problems, equal } = mapRecord(cells, layout, parseProblem);
    const code = typeof draft['code'] === 'string' ? draft['code'] : '';
    const columns = layout.columns.length;
    if (cells.length !== columns) {
      const extra = cells.length > columns;
      const effect = extra ? 'the extra cells are not read' : 'the missing ones are read as empty';
      const message = `row has ${cells.length} cells but the header has ${columns}; ${effect}`;
      problems.push(recordProblem(rows, code, cells.length, `${columns} cells like the header`, message, extra ? 'error' : 'warning'));
    }
    if (parseProblem !== undefined) problems.push(recordProblem(rows, code, parseProblem, 'a well-formed CSV record', parseProblem, 'error'));
    const duplicate = duplicates?.check(code, rows);
    if (duplicate) problems.push(duplicate);
    const row: CsvRow = { row: rows, draft: draft as unknown as VoucherDraft, problems };
    if (equal !== undefined) row.equalCells = equal;
    options.onRow(row, cells);
  }

  function parseComplete(final: boolean): void {
    if (parser === null) {
      const lf = pending.indexOf('\n');
      if (lf === -1 && !final && pending.length < NEWLINE_GUESS_LIMIT) return;
      const newline = lf > 0 && pending[lf - 1] === '\r' ? '\r\n' : lf === -1 && pending.includes('\r') ? '\r' : '\n';
      parser = papaParser({ delimiter: ',', newline, quoteChar: '"' });
    }
    const result = parser.parse(pending, 0, !final);
    const errorByRecord = new Map<number, string>();
    for (const error of result.errors) if (error.row !== undefined) errorByRecord.set(error.row, error.message);
    result.data.forEach((cells, i) => handleRecord(cells, errorByRecord.get(i)));
    pending = final ? '' : pending.slice(result.meta.cursor);
  }

  const reader: CsvReader = {
    write(chunk) {
      if (first && chunk.length > 0) {
        first = false;
        if (chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1);
      }
      pending = pending === '' ? chunk : pending + chunk;
      parseComplete(false);
      if (pending.length > maxRecordChars) throw new CsvRecordTooLongError(rows + 1, maxRecordChars);
    },
    writeBytes(chunk) {
      reader.write(decoder.decode(chunk, { stream: true }));
    },
    end() {
      const rest = decoder.decode();
      if (rest !== '') reader.write(rest);
      parseComplete(true);
    },
    get rows() {
      return rows;
    },
    get layout() {
      return layout;
    },
  };
  return reader;
}

function cell(cells: readonly string[], index: number | undefined): string {
  return index === undefined ? '' : (cells[index] ?? '');
}

/** A copy of `text` that refers to nothing else (a cut-out string may keep its whole source alive). */
function detached(text: string): string {
  return JSON.parse(JSON.stringify(text)) as string;
}

/** FNV-1a over the cells other than the code, each cell's length mixed in so that cells cannot run together. */
function otherCellsHash(cells: readonly string[], codeCell: number | undefined): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < cells.length; i++) {
    if (i === codeCell) continue;
    const text = cells[i] as string;
    for (let c = 0; c < text.length; c++) hash = Math.imul(hash ^ text.charCodeAt(c), 0x01000193);
    hash = Math.imul(hash ^ (text.length + 0x10000), 0x01000193);
  }
  return hash >>> 0;
}

function sameOtherCells(a: readonly string[], b: readonly string[], codeCell: number | undefined): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (i !== codeCell && a[i] !== b[i]) return false;
  return true;
}

function recordProblem(row: number, code: string, value: unknown, allowed: string, message: string, severity: Problem['severity']): Problem {
  return { row, code, field: '', value, allowed, message, severity };
}

/** Reads a whole CSV text at once; for files, feed a reader piece by piece instead. */
export function readCsv(text: string): { layout: CsvLayout | null; rows: CsvRow[] } {
  const rows: CsvRow[] = [];
  const reader = createCsvReader({ onRow: (row) => rows.push(row) });
  reader.write(text);
  reader.end();
  return { layout: reader.layout, rows };
}

/**
 * The header mapping and first rows of a file from its beginning, for a preview: `head` may stop
 * anywhere, and a record it cuts off is left out rather than shown half-read.
 */
export function previewCsv(head: string, maxRows = 20): { layout: CsvLayout | null; rows: CsvRow[] } {
  const rows: CsvRow[] = [];
  const reader = createCsvReader({
    onRow: (row) => {
      if (rows.length < maxRows) rows.push(row);
    },
    maxRecordChars: Number.MAX_SAFE_INTEGER,
  });
  reader.write(head);
  return { layout: reader.layout, rows };
}
