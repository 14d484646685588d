import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { PUBLICATION_CSV_HEADER, publicationsCsv, type PublicationCsvRow } from '../../../shared/domain/publication-csv';
import { spreadsheetText } from '../../../shared/domain/spreadsheet-text';
import { offsetPeriods } from '../../../shared/domain/time-zones';

const STARTS_FORMULA = /^[=+\-@\t\r]/;

describe('spreadsheetText', () => {
  it('puts a quote before a text that would start a formula (OWASP CSV injection)', () => {
    expect(spreadsheetText('=HYPERLINK("http://evil.example","x")')).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(spreadsheetText('+1+cmd|"/C calc"!A0')).toBe(`'+1+cmd|"/C calc"!A0`);
    expect(spreadsheetText('-2+3')).toBe("'-2+3");
    expect(spreadsheetText('@SUM(A1:A9)')).toBe("'@SUM(A1:A9)");
    expect(spreadsheetText('\t=1+1')).toBe("'\t=1+1");
    expect(spreadsheetText('\r=1+1')).toBe("'\r=1+1");
  });

  it('neutralises a service text that reads as a negative number too: it is an id, not an amount', () => {
    expect(spreadsheetText('-12')).toBe("'-12");
  });

  it('leaves every other text as it is', () => {
    for (const text of ['', 'pub_123', 'Failed: a=b', '1-2', ' =1', "'=already", 'Żółw', '12']) expect(spreadsheetText(text)).toBe(text);
  });

  it('never returns a formula, and only ever adds one quote in front', () => {
    fc.assert(
      fc.property(fc.constantFrom('', '=', '+', '-', '@', '\t', '\r', "'", ' '), fc.string({ maxLength: 8 }), (start, rest) => {
        const text = start + rest;
        const safe = spreadsheetText(text);
        return !STARTS_FORMULA.test(safe) && (safe === text || safe === `'${text}`);
      }),
      { numRuns: 200 },
    );
  });
});

describe('the publications CSV', () => {
  const periods = offsetPeriods('UTC', Date.UTC(2026, 0, 1), Date.UTC(2026, 0, 2));
  const hostile = (text: string): PublicationCsvRow => ({
    id: text,
    created_at: '2026-01-01T10:00:00.000Z',
    result: text,
    channel: text,
    customer_id: text,
    campaign: text,
    codes: [text, text],
    failure_code: text,
    failure_message: text,
    tracking_id: text,
    source_id: text,
    is_referral_code: false,
  });

  it('reads back with no cell that starts a formula, each one the service text behind a quote', () => {
    fc.assert(
      fc.property(fc.constantFrom('=', '+', '-', '@', '\t', '\r'), fc.string({ maxLength: 6 }), (start, rest) => {
        const text = start + rest;
        const [header, row] = Papa.parse<string[]>(publicationsCsv([hostile(text)], periods), { skipEmptyLines: true }).data;
        expect(header).toEqual([...PUBLICATION_CSV_HEADER]);
        for (const cell of row ?? []) expect(STARTS_FORMULA.test(cell)).toBe(false);
        expect(row?.[PUBLICATION_CSV_HEADER.indexOf('failure_message')]).toBe(`'${text}`);
        expect(row?.[PUBLICATION_CSV_HEADER.indexOf('codes')]).toBe(`'${text} ${text}`);
      }),
      { numRuns: 200 },
    );
  });
});
