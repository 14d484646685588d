import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Rows whose expiration date is not a date; each is reported and kept invalid for fixing. */
export const BAD_ROWS = [3, 4242, 9999] as const;

/** A CSV in the service's import format with `rows` gift cards, a metadata column and a few bad rows. */
export function writeVoucherCsv(dir: string, rows: number, prefix = 'IMP'): string {
  const lines = ['Code,Voucher Type,Value,Category,Expiration Date,Shop'];
  for (let row = 1; row <= rows; row++) {
    const expiry = (BAD_ROWS as readonly number[]).includes(row) ? 'someday' : '2030-12-31T00:00:00Z';
    lines.push(`${prefix}-${String(row).padStart(6, '0')},GIFT_VOUCHER,${1000 + (row % 7)},spring,${expiry},shop-${row % 3}`);
  }
  const file = join(dir, `vouchers-${rows}.csv`);
  writeFileSync(file, lines.join('\r\n') + '\r\n');
  return file;
}
