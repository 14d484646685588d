import { standardField, type CsvField } from '../../shared/domain/csv-columns';
import { invalidPayload } from './errors';
import { MAX_BODY_BYTES } from './http';
import { readImportItem } from './import-item';
import type { ImportRow, ImportSource } from './import-job';
import { csvRows } from './csv-rows-reader';
import { parseMultipart } from './multipart';
import { limitExceeded } from './errors';

const TYPES: Record<string, string> = {
  gift_voucher: 'GIFT_VOUCHER',
  gift: 'GIFT_VOUCHER',
  discount_voucher: 'DISCOUNT_VOUCHER',
  discount: 'DISCOUNT_VOUCHER',
};

export interface CsvImport {
  source: ImportSource;
  webhooksEnable: boolean;
}

/** Reads the importCSV form: the `file` (required) and `webhooks_enable`. */
export function csvImport(contentType: string | undefined, body: Buffer): CsvImport {
  const parts = parseMultipart(contentType, body);
  const file = parts.find((p) => p.name === 'file');
  if (!file) throw invalidPayload('Property "file" is required: attach the CSV file in the form field "file".');
  if (file.data.length > MAX_BODY_BYTES) {
    throw limitExceeded(`The CSV file is ${file.data.length} bytes; at most ${MAX_BODY_BYTES} bytes (10 MB) are accepted.`);
  }
  const flag = parts
    .find((p) => p.name === 'webhooks_enable')
    ?.data.toString('utf8')
    .trim()
    .toLowerCase();
  if (flag !== undefined && flag !== 'true' && flag !== 'false') {
    throw invalidPayload(`webhooks_enable must be true or false, got ${JSON.stringify(flag)}.`);
  }
  return { source: csvSource(file.data.toString('utf8')), webhooksEnable: flag === 'true' };
}

function csvSource(text: string): ImportSource {
  const { header, count, rowAt: cellsAt } = csvRows(text.replace(/^\uFEFF/, ''));
  if (!header || header.length === 0) throw invalidPayload('The CSV file is empty: it needs a header row in the first line.');
  const names = header.map((h) => h.trim());
  const fields = names.map(standardField);
  if (!fields.includes('code')) {
    throw invalidPayload(`The CSV header row has no "Code" column (found: ${names.join(', ')}).`);
  }
  const rowAt = (i: number): ImportRow => {
    const cells = cellsAt(i);
    const byField = new Map<CsvField, string>();
    const metadata: Record<string, string> = {};
    names.forEach((name, j) => {
      const value = (cells[j] ?? '').trim();
      const field = fields[j];
      if (field !== undefined) byField.set(field, value);
      else if (value !== '') metadata[name] = value;
    });
    return { row: i + 1, outcome: rowOutcome(byField, metadata) };
  };
  return { count, rowAt };
}

function rowOutcome(cell: Map<CsvField, string>, metadata: Record<string, string>): ImportRow['outcome'] {
  const code = cell.get('code') ?? '';
  const get = (name: CsvField): string | undefined => (cell.get(name) === '' ? undefined : cell.get(name));
  const type = TYPES[(get('voucher_type') ?? 'DISCOUNT_VOUCHER').toLowerCase()];
  if (!type) return { code, reason: `Voucher Type ${JSON.stringify(get('voucher_type'))} must be GIFT_VOUCHER or DISCOUNT_VOUCHER.` };
  const numberOf = (name: CsvField): number | string | undefined => {
    const raw = get(name);
    if (raw === undefined) return undefined;
    return /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw;
  };
  const value = numberOf('value');
  const item: Record<string, unknown> = {
    code,
    type,
    category: get('category'),
    start_date: get('start_date'),
    expiration_date: get('expiration_date'),
    additional_info: get('additional_info'),
    metadata,
  };
  const active = get('active')?.toLowerCase();
  if (active !== undefined) {
    if (active !== 'true' && active !== 'false') return { code, reason: `Active must be true or false, got ${JSON.stringify(active)}.` };
    item.active = active === 'true';
  }
  const limit = numberOf('redemption_limit');
  if (limit !== undefined) item.redemption = { quantity: limit };
  if (type === 'GIFT_VOUCHER') {
    item.gift = { amount: value };
  } else {
    const discountType = (get('discount_type') ?? '').toUpperCase();
    const field = { AMOUNT: 'amount_off', PERCENT: 'percent_off', FIXED: 'fixed_amount' }[discountType];
    if (!field) return { code, reason: `Discount Type ${JSON.stringify(get('discount_type'))} must be AMOUNT, PERCENT or FIXED in a CSV import.` };
    item.discount = { type: discountType, [field]: value, effect: 'APPLY_TO_ORDER' };
  }
  const outcome = readImportItem(item);
  if (!('fields' in outcome)) return outcome;
  const { fields } = outcome;
  // Only the CSV import carries what was already redeemed (spec 4.5); the JSON import skips it.
  const quantity = numberOf('redeemed_quantity');
  const amount = numberOf('redeemed_amount');
  const whole = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 0;
  if (quantity !== undefined && !whole(quantity)) return { code, reason: 'Redeemed Quantity must be a whole number >= 0.' };
  if (amount !== undefined) {
    if (!fields.gift) return { code, reason: 'Redeemed Amount applies to gift cards (GIFT_VOUCHER) only.' };
    if (!whole(amount) || amount > fields.gift.amount)
      return { code, reason: `Redeemed Amount must be a whole number from 0 to the Value ${fields.gift.amount}.` };
  }
  fields.redeemed_quantity = quantity ?? 0;
  fields.redeemed_amount = amount ?? 0;
  return outcome;
}
