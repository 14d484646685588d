import Papa from 'papaparse';

// A queued CSV import keeps its file as text and reads its rows a portion at a time as the job runs:
// parsed whole, 100,000 rows are about 40 MB of arrays, and a sync queues a hundred such jobs at
// once (10,000,000 codes), which held gigabytes until the jobs ran.

/** Rows read at a time as a job asks for them in order. */
const PORTION_ROWS = 2000;

type Newline = '\r\n' | '\n' | '\r';

export interface CsvRows {
  header: string[] | undefined;
  count: number;
  /** Data row `index` (0-based, after the header); rows are asked for in order. */
  rowAt(index: number): string[];
}

/**
 * The header and the number of data rows now, the rows themselves when asked for. One pass reads
 * the file to count its rows and note where every portion starts; a portion is parsed again from
 * its own slice with the syntax the whole file was read with, so it gives the same rows.
 */
export function csvRows(text: string): CsvRows {
  let header: string[] | undefined;
  let count = 0;
  let syntax: { delimiter: string; newline: Newline } | undefined;
  const starts: number[] = [];
  Papa.parse<string[]>(text, {
    skipEmptyLines: 'greedy',
    step: (row) => {
      if (header === undefined) {
        header = row.data;
        syntax = { delimiter: row.meta.delimiter, newline: row.meta.linebreak as Newline };
      } else count += 1;
      // Where the data row after this one starts: every portion's first.
      if (count % PORTION_ROWS === 0) starts.push(row.meta.cursor);
    },
  });
  let base = -1;
  let portion: string[][] = [];
  return {
    header,
    count,
    rowAt(index) {
      const at = Math.floor(index / PORTION_ROWS);
      if (at !== base) {
        if (at < base) throw new Error(`CSV rows are read in order: row ${index + 1} was asked for after row ${base * PORTION_ROWS + 1}`);
        const slice = text.slice(starts[at] ?? text.length, starts[at + 1] ?? text.length);
        portion = Papa.parse<string[]>(slice, { skipEmptyLines: 'greedy', ...syntax }).data;
        base = at;
      }
      return portion[index % PORTION_ROWS] ?? [];
    },
  };
}
