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
  /**
   * Per row, which field set it has: 0 and up numbers a set shared by rows with equal cells, and
   * `newSets` gives its JSON in the message where it first occurs; -1 and down is a set of this
   * message alone (-1 the first of them).
   */
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

/** Reads `file` piece by piece; one message per piece, so progress follows the file. */
export async function* readCsvRows(file: string, defaults: BatchDefaults): AsyncGenerator<ParsedMessage> {
  const checkAgain = Object.keys(defaults).length > 0;
  // Rows with equal cells other than the code (the reader says which) share one field set,
  // serialized once; any other row gets its own.
  let announced = 0;
  let ownSets = 0;
  let out: ParsedMessage[] = [];
  let batch = emptyBatch();
  const reader = createCsvReader({
    checkDuplicates: false,
    reuseEqualRecords: true,
    onHeader(layout) {
      out.push({ kind: 'header', problems: layout.problems });
    },
    onRow({ row, draft, problems, equalCells }) {
      const given = draft as unknown as Record<string, unknown>;
      const code = typeof given['code'] === 'string' ? given['code'] : '';
      // Equal-cell numbers count up from 0 as the reader meets new cells; the others are offset past them.
      let set: number;
      let fields: DraftFields | undefined;
      if (equalCells !== undefined && equalCells < announced) set = equalCells;
      else {
        fields = splitDraft(given).fields;
        set = equalCells ?? -1 - ownSets++;
        if (equalCells !== undefined) announced = equalCells + 1;
        batch.newSets.push([set, JSON.stringify(fields)]);
      }
      // The reader checks each row on its own; with batch defaults the row is checked as it will be sent.
      const found = checkAgain
        ? [...problems.filter((p) => p.field === ''), ...checkRow(defaults, fields ?? splitDraft(given).fields, code, row)]
        : problems;
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
    ownSets = 0;
    yield* ready;
  }
}

function emptyBatch(): RowBatch {
  return { kind: 'rows', rows: [], codes: [], sets: [], newSets: [], flagged: [], flaggedProblems: [], bytesRead: 0 };
}
