import { createWriteStream } from 'node:fs';
import { once } from 'node:events';

export const CSV_HEADER = 'Code,Voucher Type,Value,Discount Type,Category,Expiration Date,Redemption Limit,Active,region';

/** The code of data row `row` in a fixture file: distinct, sortable, easy to predict. */
export function fixtureCode(row: number): string {
  return `CODE-${String(row).padStart(8, '0')}`;
}

export function fixtureLine(row: number): string {
  const percent = (row % 90) + 5;
  return `${fixtureCode(row)},DISCOUNT_VOUCHER,${percent},PERCENT,spring,2027-12-31,1,true,${row % 2 === 0 ? 'north' : 'south'}`;
}

/** Writes a CSV of `rows` valid discount vouchers; `badRows` get a percent the service rejects. */
export async function writeFixtureCsv(file: string, rows: number, badRows: ReadonlySet<number> = new Set()): Promise<void> {
  const out = createWriteStream(file);
  let piece = `${CSV_HEADER}\r\n`;
  for (let row = 1; row <= rows; row++) {
    piece += badRows.has(row) ? `${fixtureCode(row)},DISCOUNT_VOUCHER,250,PERCENT,spring,2027-12-31,1,true,north\r\n` : `${fixtureLine(row)}\r\n`;
    if (piece.length > 1 << 20) {
      if (!out.write(piece)) await once(out, 'drain');
      piece = '';
    }
  }
  out.end(piece);
  await once(out, 'finish');
}
