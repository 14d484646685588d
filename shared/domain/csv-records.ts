import { papaParser, type PapaParser } from './papa-parser';

// The records of a CSV file that arrives in pieces, each handed over as soon as it is whole: a
// large export is read without ever holding its text as one string.

export interface CsvRecords {
  /** The next piece of the file; it may end anywhere, even inside a quoted cell. */
  write(piece: string): void;
  /** The file is complete: reads the last record. Throws when the file was cut short (see `cutProblem`). */
  end(): void;
  /** Records handed over so far, the header included. */
  readonly records: number;
}

/** Why a file whose last record reads `cells` (header `headerCells` wide) cannot be whole, or undefined. */
function cutProblem(cells: readonly string[], headerCells: number, unclosedQuote: boolean): string | undefined {
  if (unclosedQuote) return 'it ends inside a quoted cell';
  if (cells.length !== headerCells) return `its last line has ${cells.length} cells where the header has ${headerCells}`;
  return undefined;
}

/** Thrown by `end` when the text cannot be a whole file. */
export class CutCsvError extends Error {
  constructor(readonly problem: string) {
    super(`The file was cut short: ${problem}.`);
    this.name = 'CutCsvError';
  }
}

/**
 * A reader of comma-separated, double-quoted, line-ended records (`\n` or `\r\n`). `onRecord`
 * gets each record's cells, the header first. A last line without a line break counts only when it
 * has as many cells as the header and closes its quotes.
 */
export function createCsvRecords(onRecord: (cells: string[]) => void): CsvRecords {
  let pending = '';
  let parser: PapaParser | null = null;
  let records = 0;
  let headerCells = -1;
  let endedWithBreak = true;
  const hand = (cells: string[]): void => {
    if (headerCells < 0) headerCells = cells.length;
    records += 1;
    onRecord(cells);
  };
  const parse = (final: boolean): void => {
    if (parser === null) {
      const lf = pending.indexOf('\n');
      if (lf === -1 && !final) return;
      parser = papaParser({ delimiter: ',', newline: lf > 0 && pending[lf - 1] === '\r' ? '\r\n' : '\n', quoteChar: '"' });
    }
    if (final) {
      if (pending === '') return;
      const result = parser.parse(pending, 0, false);
      const last = result.data[result.data.length - 1] ?? [];
      const unclosed = result.errors.some((e) => e.code === 'MissingQuotes');
      const problem =
        headerCells < 0 && result.data.length <= 1 ? undefined : cutProblem(last, headerCells < 0 ? (result.data[0]?.length ?? 0) : headerCells, unclosed);
      if (problem !== undefined) throw new CutCsvError(problem);
      result.data.forEach(hand);
      pending = '';
      return;
    }
    const result = parser.parse(pending, 0, true);
    result.data.forEach(hand);
    pending = pending.slice(result.meta.cursor);
  };
  return {
    write(piece) {
      if (piece === '') return;
      endedWithBreak = piece.endsWith('\n');
      pending = pending === '' ? piece : pending + piece;
      parse(false);
    },
    end() {
      if (records === 0 && pending === '') throw new CutCsvError('the file is empty (not even a header line)');
      // What is left after the last line break is a last line without one, or nothing.
      if (endedWithBreak && pending.trim() === '') pending = '';
      parse(true);
    },
    get records() {
      return records;
    },
  };
}
