import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { createCsvReader, readCsv, type CsvRow } from '../../../shared/domain/csv-reader';
import { fieldsCsvCannotCarry } from '../../../shared/domain/csv-row';
import { csvLine, csvPieces, draftsToCsv } from '../../../shared/domain/csv-writer';
import { SHIPPING_UNIT_TYPE, type VoucherDraft } from '../../../shared/domain/voucher';
import { csvDraft } from './arbitraries';
import { gift, percent } from './fixtures';

describe('CSV writing', () => {
  it('writes the service import header and one line per draft', () => {
    const csv = draftsToCsv([
      { ...gift('G1', 2500), metadata: { shop: 'A, B' } },
      { ...percent('P1', 15), active: true, redemption: { quantity: 3 } },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'Code,Voucher Type,Value,Discount Type,Category,Start Date,Expiration Date,Redemption Limit,Redeemed Quantity,Redeemed Amount,Active,Additional Info,shop',
      'G1,GIFT_VOUCHER,2500,,,,,,,,,,"A, B"',
      'P1,DISCOUNT_VOUCHER,15,PERCENT,,,,3,,,true,,',
      '',
    ]);
  });

  it('quotes exactly as Papa.unparse does', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.string({ unit: 'binary', maxLength: 6 }), { minLength: 2, maxLength: 4 }), { minLength: 1, maxLength: 4 }), (rows) => {
        expect(rows.map(csvLine).join('\r\n')).toBe(Papa.unparse(rows, { newline: '\r\n' }));
      }),
      { numRuns: 300 },
    );
  });

  it('refuses metadata keys that would read back as a standard column or are not columns of the file', () => {
    expect(() => draftsToCsv([{ ...gift(), metadata: { 'start  DATE': '1' } }])).toThrow(/standard Start Date column/);
    expect(() => draftsToCsv([{ ...gift(), metadata: { '': '1' } }])).toThrow(/must be non-empty/);
    expect(() => draftsToCsv([{ ...gift(), metadata: { extra: '1' } }], ['shop'])).toThrow(/"extra", which is not one of the file's metadata columns/);
    expect(() => draftsToCsv([gift()], ['shop', 'shop'])).toThrow(/listed twice/);
  });

  it('writes non-text metadata as text and names what CSV cannot carry', () => {
    const draft: VoucherDraft = {
      code: 'U1',
      type: 'DISCOUNT_VOUCHER',
      discount: { type: 'UNIT', unit_off: 1, unit_type: SHIPPING_UNIT_TYPE, effect: 'ADD_MISSING_ITEMS' },
      metadata: { tags: ['a', 'b'], n: 3 },
      validity_day_of_week: [1],
    };
    expect(draftsToCsv([draft]).split('\r\n')[1]).toBe('U1,DISCOUNT_VOUCHER,1,UNIT,,,,,,,,,"[""a"",""b""]",3');
    expect(fieldsCsvCannotCarry(draft)).toEqual(['metadata.tags (becomes text)', 'metadata.n (becomes text)', 'validity_day_of_week', 'discount.unit_type']);
    expect(fieldsCsvCannotCarry({ ...percent(), discount: { type: 'PERCENT', percent_off: 5, amount_limit: 100, effect: 'APPLY_TO_ITEMS' } })).toEqual([
      'discount.effect',
      'discount.amount_limit',
    ]);
    expect(fieldsCsvCannotCarry(gift())).toEqual([]);
  });
});

describe('CSV round trip (property)', () => {
  it('drafts -> CSV -> drafts gives the same drafts', () => {
    fc.assert(
      fc.property(fc.array(csvDraft, { minLength: 1, maxLength: 8 }), (drafts) => {
        const { rows } = readCsv(draftsToCsv(drafts));
        expect(rows.map((r) => r.draft)).toEqual(drafts);
      }),
      { numRuns: 300 },
    );
  });

  it('holds when the file arrives in pieces of any size', () => {
    fc.assert(
      fc.property(fc.array(csvDraft, { minLength: 1, maxLength: 5 }), fc.integer({ min: 1, max: 40 }), (drafts, size) => {
        const rows: CsvRow[] = [];
        const reader = createCsvReader({ onRow: (row) => rows.push(row) });
        const text = [...csvPieces(drafts, [...new Set(drafts.flatMap((d) => Object.keys(d.metadata ?? {})))])].join('');
        for (let i = 0; i < text.length; i += size) reader.write(text.slice(i, i + size));
        reader.end();
        expect(rows.map((r) => r.draft)).toEqual(drafts);
      }),
      { numRuns: 200 },
    );
  });
});
