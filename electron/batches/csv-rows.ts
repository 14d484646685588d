import { createReadStream } from 'node:fs';
import { createCsvReader, CsvRecordTooLongError } from '../../shared/domain/csv-reader';
import type { Problem } from '../../shared/domain/voucher';
import { splitDraft } from './inherit';
import { checkRow } from './rows';
import type { BatchDefaults, DraftFields } from './types';

// The reading half of a CSV import: parse, map, validate and serialize each row's own fields, with
// no database. It runs in a worker thread (csv-parse-thread.ts), so that reading and storing
// overlap on two cores; its output is plain data that crosses threads cheaply.

/** The rows read from one piece of the file. */
export interface RowBatch {
  kind: 'rows';
  rows: number[];
  codes: string[];
  /** Per row, the index of its own fields' JSON; `newSets` gives the JSON the first time it occurs. */
  sets: number[];
  newSets: [index: number, json: string][];
  /** Only rows that have problems: their position in this batch, and the problems. */
  flagged: number[];
  flaggedProblems: Problem[][];
  bytesRead: number;
}

export type ParsedMessage =
  | { kind: 'header'; problems: Problem[] }
  | RowBatch
  | { kind: 'end'; rows: number; bytesRead: number }
  | { kind: 'failed'; message: string; tooLong?: { row: number; maxChars: number } };

const CHUNK_BYTES = 1 << 20;
// A file where every row sets different fields must not pile up a million strings here.
const KNOWN_SETS = 50_000;

/** Reads `file` piece by piece; one message per piece, so progress follows the file. */
export async function* readCsvRows(file: string, defaults: BatchDefaults): AsyncGenerator<ParsedMessage> {
  const checkAgain = Object.keys(defaults).length > 0;
  // Rows with equal cells other than the code share one field set, serialized once: the reader
  // says which rows while it remembers their cells, and past that a key of the cells does.
  const byEqualCells: number[] = [];
  const known = new Map<string, number>();
  let nextSet = 0;
  let codeCell: number | undefined;
  let out: ParsedMessage[] = [];
  let batch = emptyBatch();
  const reader = createCsvReader({
    checkDuplicates: false,
    reuseEqualRecords: true,
    onHeader(layout) {
      codeCell = layout.fieldIndex.code;
      out.push({ kind: 'header', problems: layout.problems });
    },
    onRow({ row, draft, problems, equalCells }, cells) {
      const given = draft as unknown as Record<string, unknown>;
      const code = typeof given['code'] === 'string' ? given['code'] : '';
      const key = equalCells === undefined ? otherCells(cells, codeCell) : null;
      let set = equalCells !== undefined ? byEqualCells[equalCells] : key === null ? undefined : known.get(key);
      let fields: DraftFields | undefined;
      if (set === undefined) {
        fields = splitDraft(given).fields;
        set = nextSet++;
        if (equalCells !== undefined) byEqualCells[equalCells] = set;
        else if (key !== null) {
          if (known.size >= KNOWN_SETS) known.clear();
          known.set(key, set);
        }
        batch.newSets.push([set, JSON.stringify(fields)]);
      }
      // The reader checks each row on its own; with batch defaults the row is checked as it will be sent.
      const found = checkAgain ? [...problems.filter((p) => p.field === ''), ...checkRow(defaults, fields ?? splitDraft(given).fields, code, row)] : problems;
      if (found.length > 0) {
        batch.flagged.push(batch.rows.length);
        batch.flaggedProblems.push(found);
      }
      batch.rows.push(row);
      batch.codes.push(code);
      batch.sets.push(set);
    },
  });
  let bytesRead = 0;
  try {
    for await (const chunk of createReadStream(file, { highWaterMark: CHUNK_BYTES }) as AsyncIterable<Buffer>) {
      reader.writeBytes(chunk);
      bytesRead += chunk.length;
      yield* drain(bytesRead);
    }
    reader.end();
    yield* drain(bytesRead);
  } catch (error) {
    const tooLong = error instanceof CsvRecordTooLongError ? { row: error.row, maxChars: error.maxChars } : undefined;
    yield { kind: 'failed', message: error instanceof Error ? error.message : String(error), ...(tooLong ? { tooLong } : {}) };
    return;
  }
  yield { kind: 'end', rows: reader.rows, bytesRead };

  function* drain(bytes: number): Generator<ParsedMessage> {
    batch.bytesRead = bytes;
    out.push(batch);
    const ready = out;
    out = [];
    batch = emptyBatch();
    yield* ready;
  }
}

const SEPARATOR = '\u0001';

/** The cells other than the code, joined; null when a cell holds the separator (then no sharing). */
function otherCells(cells: readonly string[], codeCell: number | undefined): string | null {
  let key = '';
  for (let i = 0; i < cells.length; i++) {
    if (i === codeCell) continue;
    const cell = cells[i] as string;
    if (cell.includes(SEPARATOR)) return null;
    key += cell + SEPARATOR;
  }
  return key;
}

function emptyBatch(): RowBatch {
  return { kind: 'rows', rows: [], codes: [], sets: [], newSets: [], flagged: [], flaggedProblems: [], bytesRead: 0 };
}
