import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvRows } from '../../../electron/local-service/csv-rows-reader';

// The rows read a portion at a time must be the rows a whole parse gives, whatever the file holds.

function wholeParse(text: string): string[][] {
  return Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' }).data;
}

function readAll(text: string): string[][] {
  const rows = csvRows(text);
  const out = rows.header ? [rows.header] : [];
  for (let i = 0; i < rows.count; i += 1) out.push(rows.rowAt(i));
  return out;
}

const many = (n: number, line: (i: number) => string, newline = '\r\n'): string =>
  ['Code,Value,Note', ...Array.from({ length: n }, (_, i) => line(i))].join(newline) + newline;

describe('reading a CSV import a portion at a time', () => {
  it.each([
    ['quoted newlines and quotes across portions', many(4500, (i) => (i % 7 === 0 ? `C${i},${i},"two\r\nlines, ""quoted"""` : `C${i},${i},plain`))],
    ['empty lines, also at a portion edge and at the end', many(4100, (i) => (i % 2000 === 1999 ? `C${i},${i},x\r\n\r\n` : `C${i},${i},x`)) + '\r\n\r\n'],
    ['semicolons and LF only', many(2500, (i) => `C${i};${i};a,b`, '\n').replace(/^Code,Value,Note/, 'Code;Value;Note')],
    ['no newline at the end', many(3, (i) => `C${i},${i},x`).trimEnd()],
    ['a header only', 'Code,Value\r\n'],
    ['leading empty lines', '\r\n\r\nCode,Value\r\nA,1\r\n'],
    ['nothing', ''],
  ])('gives the rows of a whole parse: %s', (_name, text) => {
    expect(readAll(text)).toEqual(wholeParse(text));
  });

  it('counts the data rows before any is read, and refuses to go back past a portion', () => {
    const rows = csvRows(many(5000, (i) => `C${i},${i},x`));
    expect(rows.count).toBe(5000);
    expect(rows.rowAt(0)).toEqual(['C0', '0', 'x']);
    expect(rows.rowAt(4999)).toEqual(['C4999', '4999', 'x']);
    expect(() => rows.rowAt(0)).toThrow(/read in order/);
  });
});
