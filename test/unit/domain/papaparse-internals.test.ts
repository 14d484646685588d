import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { createCsvReader } from '../../../shared/domain/csv-reader';
import { papaParser, type PapaParser } from '../../../shared/domain/papa-parser';

// shared/domain/papa-parser.ts reaches Papa.Parser for the readers (csv-reader.ts, csv-records.ts):
// the parsing core papaparse's own streamers use, which papaparse exports but does not document. package.json pins papaparse to one exact version;
// these tests hold every part of that internal the reader relies on, so a version bump that changes
// it fails here rather than in a user's import.

const root = join(import.meta.dirname, '../../..');
const readJson = (file: string): { version?: string; dependencies?: Record<string, string> } =>
  JSON.parse(readFileSync(join(root, file), 'utf8')) as { version?: string; dependencies?: Record<string, string> };

type Newline = NonNullable<Papa.ParseConfig['newline']>;

// Through the one access point the readers use, so what is held here is what they get.
function newParser(newline: Newline): PapaParser {
  return papaParser({ delimiter: ',', newline, quoteChar: '"' });
}

/** The reader's loop: complete records of what has come so far, the rest kept for the next piece. */
function parseInPieces(pieces: readonly string[], newline: Newline): string[][] {
  const parser = newParser(newline);
  const records: string[][] = [];
  let pending = '';
  for (const piece of pieces) {
    pending += piece;
    const result = parser.parse(pending, 0, true);
    records.push(...result.data);
    pending = pending.slice(result.meta.cursor);
  }
  records.push(...parser.parse(pending, 0, false).data);
  return records;
}

/**
 * The public, documented parse of the whole text: what the pieces must add up to. After a newline
 * at the very end it gives one more, empty record; in pieces the last call has nothing left to
 * read and gives none (the reader would skip that blank record anyway), so it is left out here.
 */
function publicParse(text: string, newline: Newline): string[][] {
  const data = Papa.parse<string[]>(text, { delimiter: ',', newline, quoteChar: '"' }).data;
  return text.endsWith(newline) ? data.slice(0, -1) : data;
}

const texts = (newline: Newline): string[] => [
  ['Code,Note,Shop', '"A,1","two', 'lines, ""quoted""",x', 'B,,', '"C""",plain,"y"'].join(newline),
  ['Code,Note', 'A,1', '', 'B,"ends with newline', '"'].join(newline) + newline,
];

describe('papaparse, pinned', () => {
  it('is pinned to the exact version installed', () => {
    const pinned = readJson('package.json').dependencies?.['papaparse'];
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    expect(readJson('node_modules/papaparse/package.json').version).toBe(pinned);
  });
});

describe('Papa.Parser as the CSV reader uses it', () => {
  it('is a constructor taking the delimiter, newline and quote, whose objects parse(input, baseIndex, ignoreLastRow)', () => {
    expect(typeof (Papa as unknown as { Parser: unknown }).Parser).toBe('function');
    const parser = newParser('\n');
    expect(typeof parser.parse).toBe('function');
    expect(parser.parse.length).toBe(3);
  });

  it('with ignoreLastRow stops before an incomplete last record and says in meta.cursor where the complete ones end', () => {
    const result = newParser('\n').parse('a,b\n1,2\n3,"x', 0, true);
    expect(result.data).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(result.errors).toEqual([]);
    expect(result.meta.cursor).toBe('a,b\n1,2\n'.length);
    // A last record without its newline may still grow: it is left for the next piece too.
    expect(newParser('\n').parse('a,b\n1,2', 0, true).meta.cursor).toBe('a,b\n'.length);
  });

  it('numbers an error by its record in data, with a message', () => {
    const result = newParser('\n').parse('a,b\n1,2\n3,"x', 0, false);
    expect(result.data).toEqual([
      ['a', 'b'],
      ['1', '2'],
      ['3', 'x'],
    ]);
    expect(result.errors).toEqual([expect.objectContaining({ row: 2, message: 'Quoted field unterminated' })]);
  });

  it('can parse again with the same object, each call on its own input', () => {
    const parser = newParser('\r\n');
    expect(parser.parse('a,b\r\n', 0, true).data).toEqual([['a', 'b']]);
    expect(parser.parse('c,"d\r\ne"\r\nf', 0, true).data).toEqual([['c', 'd\r\ne']]);
    expect(parser.parse('f', 0, false).data).toEqual([['f']]);
  });

  it.each<Newline>(['\n', '\r\n', '\r'])('in two pieces split anywhere gives the records of the public parse of the whole (newline %j)', (newline) => {
    for (const text of texts(newline)) {
      const whole = publicParse(text, newline);
      for (let cut = 0; cut <= text.length; cut++) {
        expect(parseInPieces([text.slice(0, cut), text.slice(cut)], newline), `cut at ${cut}`).toEqual(whole);
      }
    }
  });

  it('gives the CSV reader, piece by piece, the cells of the public parse of the whole', () => {
    const text = texts('\r\n')[0] as string;
    const [, ...records] = publicParse(text, '\r\n');
    for (const size of [1, 2, 3, 7]) {
      const cells: (readonly string[])[] = [];
      const reader = createCsvReader({ onRow: (_row, read) => cells.push([...read]) });
      for (let i = 0; i < text.length; i += size) reader.write(text.slice(i, i + size));
      reader.end();
      expect(cells, `size ${size}`).toEqual(records);
    }
  });
});
