import { describe, expect, it } from 'vitest';
import { CsvRecordTooLongError, createCsvReader, previewCsv, readCsv, type CsvRow } from '../../../shared/domain/csv-reader';
import { validateDraft } from '../../../shared/domain/validate-draft';
import { errors } from './fixtures';

const HEADER =
  'Code,Voucher Type,Value,Discount Type,Category,Start Date,Expiration Date,Redemption Limit,Redeemed Quantity,Redeemed Amount,Active,Additional Info,Shop';

function readInPieces(text: string, size: number): CsvRow[] {
  const rows: CsvRow[] = [];
  const reader = createCsvReader({ onRow: (row) => rows.push(row) });
  for (let i = 0; i < text.length; i += size) reader.write(text.slice(i, i + size));
  reader.end();
  return rows;
}

describe('CSV reading: mapping', () => {
  it('reads Value according to Voucher Type and Discount Type', () => {
    const text = [
      'Code,Voucher Type,Value,Discount Type',
      'G1,GIFT_VOUCHER,5000,',
      'A1,DISCOUNT_VOUCHER,1500,AMOUNT',
      'P1,discount_voucher,12.5,percent',
      'F1,DISCOUNT_VOUCHER,999,FIXED',
      'U1,DISCOUNT_VOUCHER,2,UNIT',
    ].join('\n');
    const { rows } = readCsv(text);
    expect(rows.map((r) => r.draft)).toEqual([
      { code: 'G1', type: 'GIFT_VOUCHER', gift: { amount: 5000 } },
      { code: 'A1', type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 1500, effect: 'APPLY_TO_ORDER' } },
      { code: 'P1', type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 12.5, effect: 'APPLY_TO_ORDER' } },
      { code: 'F1', type: 'DISCOUNT_VOUCHER', discount: { type: 'FIXED', fixed_amount: 999, effect: 'APPLY_TO_ORDER' } },
      { code: 'U1', type: 'DISCOUNT_VOUCHER', discount: { type: 'UNIT', unit_off: 2, effect: 'ADD_MISSING_ITEMS' } },
    ]);
    expect(rows.slice(0, 4).every((r) => r.problems.length === 0)).toBe(true);
    // The CSV format has no column for the product of a unit discount.
    expect(errors(rows[4]?.problems ?? []).map((p) => p.field)).toEqual(['discount.unit_type']);
  });

  it('reads every standard column and puts other columns in metadata', () => {
    const { rows, layout } = readCsv(`${HEADER}\nC1,GIFT_VOUCHER,100,,Spring,2025-01-01,2025-02-01T10:00:00Z,5,2,40,FALSE,hello,North\n`);
    expect(layout?.metadata).toEqual([{ index: 12, key: 'Shop' }]);
    expect(rows[0]?.draft).toEqual({
      code: 'C1',
      type: 'GIFT_VOUCHER',
      gift: { amount: 100 },
      category: 'Spring',
      start_date: '2025-01-01',
      expiration_date: '2025-02-01T10:00:00Z',
      redemption: { quantity: 5, redeemed_quantity: 2, redeemed_amount: 40 },
      active: false,
      additional_info: 'hello',
      metadata: { Shop: 'North' },
    });
  });

  it('reports unreadable cells with the value as written', () => {
    const { rows } = readCsv(
      'Code,Voucher Type,Value,Discount Type,Active,Redemption Limit\nX,DISCOUNT_VOUCHER,ten,AMOUNT,maybe,1e3\nY,COUPON,1,\nZ,DISCOUNT_VOUCHER,5,\n',
    );
    expect(errors(rows[0]?.problems ?? []).map((p) => [p.field, p.value])).toEqual([
      ['discount.amount_off', 'ten'],
      ['active', 'maybe'],
      ['redemption.quantity', '1e3'],
    ]);
    expect(errors(rows[1]?.problems ?? []).map((p) => [p.field, p.value])).toEqual([['type', 'COUPON']]);
    expect(errors(rows[2]?.problems ?? []).map((p) => p.field)).toEqual(['discount.type']);
    // The reader skips unknown-field scans for drafts it built itself; the outcome must not change.
    for (const row of rows) expect(row.problems.filter((p) => p.field !== '')).toEqual(validateDraft(row.draft, row.row));
  });

  it('counts rows from 1 after the header, skips blank records and reports repeated codes and ragged rows', () => {
    const { rows } = readCsv('Code,Voucher Type,Value\r\nA,GIFT_VOUCHER,1\r\n\r\nB,GIFT_VOUCHER,2,extra\r\nA,GIFT_VOUCHER,3\r\nC,GIFT_VOUCHER\r\n');
    expect(rows.map((r) => r.row)).toEqual([1, 3, 4, 5]);
    expect(errors(rows[1]?.problems ?? [])[0]?.message).toContain('4 cells but the header has 3');
    expect(errors(rows[2]?.problems ?? [])).toEqual([expect.objectContaining({ field: 'code', row: 4 })]);
    expect(rows[3]?.problems.map((p) => p.severity)).toEqual(['error', 'warning']);
  });

  it('strips a byte order mark and handles CR-only files', () => {
    expect(readCsv('\ufeffCode,Voucher Type,Value\nA,GIFT_VOUCHER,1').rows[0]?.draft.code).toBe('A');
    expect(readCsv('Code,Voucher Type,Value\rA,GIFT_VOUCHER,1\rB,GIFT_VOUCHER,2').rows.map((r) => r.draft.code)).toEqual(['A', 'B']);
  });

  it('gives the header mapping before the first row and the reader keeps no rows', () => {
    const seen: string[] = [];
    const reader = createCsvReader({ onHeader: (l) => seen.push(`header ${l.columns.length}`), onRow: (r) => seen.push(`row ${r.row}`) });
    reader.write('Code,Voucher Type,Value\nA,GIFT_VOUCHER,1\nB,GIF');
    expect(seen).toEqual(['header 3', 'row 1']);
    reader.write('T_VOUCHER,2');
    reader.end();
    expect(seen).toEqual(['header 3', 'row 1', 'row 2']);
    expect(reader.rows).toBe(2);
  });

  it('stops with a clear error when a stray quote makes a record endless', () => {
    const reader = createCsvReader({ onRow: () => undefined, maxRecordChars: 200 });
    reader.write('Code,Voucher Type,Value\nA,GIFT_VOUCHER,1\n"B,GIFT_VOUCHER,2\n');
    expect(() => {
      for (let i = 0; i < 20; i++) reader.write('C,GIFT_VOUCHER,3\n');
    }).toThrow(CsvRecordTooLongError);
    expect(() => createCsvReader({ onRow: () => undefined, maxRecordChars: 10 }).write('"'.padEnd(20, 'x'))).toThrow(
      /row 1 is still not complete after 10 characters; a quote is probably not closed/,
    );
  });

  it('previews the mapping and complete rows from the beginning of a file', () => {
    const head = 'Code,Voucher Type,Value,Store\nA,GIFT_VOUCHER,1,x\nB,GIFT_VOUCHER,2,y\nC,GIFT_VOUCHER,3,"cut';
    const preview = previewCsv(head);
    expect(preview.layout?.columns.map((c) => c.description)).toEqual([
      'Code -> code',
      'Voucher Type -> type',
      expect.stringContaining('gift.amount'),
      'metadata.Store (not a standard header)',
    ]);
    expect(preview.rows.map((r) => r.draft.code)).toEqual(['A', 'B']);
    expect(previewCsv(head, 1).rows).toHaveLength(1);
  });

  it('reports an unterminated quote at the end of the file', () => {
    const { rows } = readCsv('Code,Voucher Type,Value\n"A,GIFT_VOUCHER,1\n');
    expect(errors(rows[0]?.problems ?? []).some((p) => p.message.includes('Quoted field unterminated'))).toBe(true);
  });
});

describe('CSV reading: chunk boundaries', () => {
  const text =
    'Code,Voucher Type,Value,Discount Type,Note\r\n' +
    '"Q,1",GIFT_VOUCHER,100,,"line one\r\nline two, with ""quotes"""\r\n' +
    'Ü-2,DISCOUNT_VOUCHER,15,PERCENT,über 🎉\r\n' +
    '"Q3",GIFT_VOUCHER,7,,"ends with newline\n"\r\n' +
    'Q4,GIFT_VOUCHER,8,,plain';

  it('gives the same rows whatever the piece size', () => {
    const whole = readCsv(text).rows;
    expect(whole.map((r) => r.draft.code)).toEqual(['Q,1', 'Ü-2', 'Q3', 'Q4']);
    expect(whole[0]?.draft.metadata).toEqual({ Note: 'line one\r\nline two, with "quotes"' });
    expect(whole[2]?.draft.metadata).toEqual({ Note: 'ends with newline\n' });
    for (const size of [1, 2, 3, 5, 7, 13, 64]) expect(readInPieces(text, size), `size ${size}`).toEqual(whole);
  });

  it('decodes UTF-8 bytes split inside a character', () => {
    const bytes = new TextEncoder().encode(text);
    const whole = readCsv(text).rows;
    for (const size of [1, 2, 3, 5]) {
      const rows: CsvRow[] = [];
      const reader = createCsvReader({ onRow: (row) => rows.push(row) });
      for (let i = 0; i < bytes.length; i += size) reader.writeBytes(bytes.subarray(i, i + size));
      reader.end();
      expect(rows, `size ${size}`).toEqual(whole);
    }
  });
});

describe('CSV reading: rows with equal cells other than the code', () => {
  const text = [
    'Code,Voucher Type,Value,Discount Type,Active,Shop',
    'A1,DISCOUNT_VOUCHER,10,PERCENT,true,north',
    'A2,DISCOUNT_VOUCHER,10,PERCENT,true,north',
    ' A3,DISCOUNT_VOUCHER,10,PERCENT,true,north',
    ',DISCOUNT_VOUCHER,10,PERCENT,true,north',
    'A\u00015,DISCOUNT_VOUCHER,10,PERCENT,true,north',
    'a b,DISCOUNT_VOUCHER,10,PERCENT,true,north',
    'B1,DISCOUNT_VOUCHER,250,PERCENT,maybe,north',
    'B2,DISCOUNT_VOUCHER,250,PERCENT,maybe,north',
    'C1,DISCOUNT_VOUCHER,10,PERCENT,true,south',
    'A1,DISCOUNT_VOUCHER,10,PERCENT,true,north',
    'D1,DISCOUNT_VOUCHER,10,PERCENT,true',
    'D2,DISCOUNT_VOUCHER,10,PERCENT,true',
  ].join('\n');

  function read(reuseEqualRecords: boolean): CsvRow[] {
    const rows: CsvRow[] = [];
    const reader = createCsvReader({ reuseEqualRecords, onRow: (row) => rows.push(row) });
    reader.write(text);
    reader.end();
    return rows;
  }

  it('gives every row the draft and problems it gets when each row is read on its own', () => {
    const strip = (rows: CsvRow[]) => rows.map(({ row, draft, problems }) => ({ row, draft, problems }));
    const reused = read(true);
    expect(strip(reused)).toEqual(strip(read(false)));
    // The code's own problems still differ from row to row, and so do the rows' numbers in them.
    expect(reused[2]?.problems[0]).toMatchObject({ row: 3, code: ' A3', field: 'code', severity: 'warning' });
    expect(reused[1]?.problems).toEqual([]);
    expect(reused[3]?.problems).toMatchObject([{ row: 4, field: 'code', severity: 'error' }]);
    expect(reused[7]?.problems.map((p) => p.field).sort()).toEqual(['active', 'discount.percent_off']);
    expect(reused[9]?.problems).toMatchObject([{ row: 10, field: 'code', message: expect.stringContaining('row 1') }]);
  });

  it('numbers the rows whose other cells are equal alike, and no others', () => {
    const numbers = read(true).map((row) => row.equalCells);
    expect(numbers.slice(0, 6)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(numbers.slice(6, 9)).toEqual([1, 1, 2]);
    expect(numbers[9]).toBe(0);
    // Rows with fewer cells than the header are read one by one.
    expect(numbers.slice(10)).toEqual([undefined, undefined]);
    expect(read(false).every((row) => row.equalCells === undefined)).toBe(true);
  });

  it('stops remembering in a file where equal cells rarely repeat, and reads the rest the same', () => {
    const lines = ['Code,Voucher Type,Value,Category'];
    for (let i = 0; i < 2_500; i++) lines.push(`C${i},GIFT_VOUCHER,${i + 1},spring`);
    for (let i = 0; i < 100; i++) lines.push(`R${i},GIFT_VOUCHER,7,spring`);
    const read = (reuseEqualRecords: boolean) => {
      const rows: CsvRow[] = [];
      const reader = createCsvReader({ reuseEqualRecords, onRow: (row) => rows.push(row) });
      reader.write(lines.join('\n'));
      reader.end();
      return rows;
    };
    const reused = read(true);
    expect(reused.map(({ row, draft, problems }) => ({ row, draft, problems }))).toEqual(
      read(false).map(({ row, draft, problems }) => ({ row, draft, problems })),
    );
    expect(reused[0]?.equalCells).toBe(0);
    expect(reused.at(-1)?.equalCells).toBeUndefined();
  });
});
