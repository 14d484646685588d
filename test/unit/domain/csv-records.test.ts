import { describe, expect, it } from 'vitest';
import { createCsvRecords, CutCsvError } from '../../../shared/domain/csv-records';
import { pullPhaseText } from '../../../shared/domain/pull-phase-text';

/** Feeds `text` in pieces of `size` characters; answers the records, or the error `end` threw. */
function read(text: string, size: number): string[][] | CutCsvError {
  const out: string[][] = [];
  const reader = createCsvRecords((cells) => out.push(cells));
  for (let i = 0; i < text.length; i += size) reader.write(text.slice(i, i + size));
  try {
    reader.end();
  } catch (error) {
    if (error instanceof CutCsvError) return error;
    throw error;
  }
  return out;
}

const FILE = 'Voucher Code,Customer ID,Date\nA-1,cust_1,2025-01-01T00:00:00.000Z\n"B,2","cust ""2""\nnext",2025-01-02T00:00:00.000Z\n';

describe('CSV records read as the file arrives', () => {
  it('hands over the same records whatever the pieces, quoted commas, quotes and line breaks included', () => {
    const whole = [
      ['Voucher Code', 'Customer ID', 'Date'],
      ['A-1', 'cust_1', '2025-01-01T00:00:00.000Z'],
      ['B,2', 'cust "2"\nnext', '2025-01-02T00:00:00.000Z'],
    ];
    for (const size of [1, 2, 7, 1000]) expect(read(FILE, size)).toEqual(whole);
    const crlf = 'Voucher Code,Customer ID,Date\r\nA-1,cust_1,2025-01-01T00:00:00.000Z\r\n"B,2","cust ""2""\nnext",2025-01-02T00:00:00.000Z\r\n';
    expect(read(crlf, 5)).toEqual(whole);
    // A last line without a line break counts when it is whole.
    expect(read(FILE.slice(0, -1), 3)).toEqual(whole);
  });

  it('refuses a file cut inside a quoted cell, short of the header’s cells, or empty', () => {
    const cutInQuotes = read(FILE.slice(0, FILE.indexOf('next')), 4);
    expect(cutInQuotes).toBeInstanceOf(CutCsvError);
    expect((cutInQuotes as CutCsvError).message).toMatch(/quoted cell/);
    const cutShort = read(FILE.slice(0, FILE.indexOf('cust_1') + 3), 4);
    expect((cutShort as CutCsvError).message).toMatch(/last line has 2 cells where the header has 3/);
    expect((read('', 1) as CutCsvError).message).toMatch(/empty/);
  });
});

describe('the phase of a pull in words', () => {
  it('names the export, what it is doing and the rows so far, or the page of a list walk', () => {
    const base = { mode: 'full' as const, pages: 3, items: 12_000, total: 20_000, added: 12_000 };
    expect(pullPhaseText(base)).toBe('page 3');
    expect(pullPhaseText({ ...base, phase: 'scheduled', part: 'SUCCESS', rows: 0 })).toBe('export SUCCESS: scheduled, waiting for the service');
    expect(pullPhaseText({ ...base, phase: 'storing', part: 'SUCCESS', rows: 12_000 })).toBe('export SUCCESS: storing, 12,000 rows');
    expect(pullPhaseText({ ...base, phase: 'listing', part: 'FAILURE', rows: 200 })).toBe('listing FAILURE, 200 read');
  });
});
