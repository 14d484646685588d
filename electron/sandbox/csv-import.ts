import Papa from 'papaparse';
import { invalidPayload } from './errors';
import { MAX_BODY_BYTES } from './http';
import { readImportItem } from './import-item';
import type { ImportRow, ImportSource } from './import-job';
import { parseMultipart } from './multipart';
import { limitExceeded } from './errors';

/** CSV header (lower case) to the voucher field it fills; any other header becomes a metadata key. */
const STANDARD = new Set([
  'code', 'voucher type', 'value', 'discount type', 'category', 'start date', 'expiration date',
  'redemption limit', 'redeemed quantity', 'redeemed amount', 'active', 'additional info',
]);

const TYPES: Record<string, string> = {
  gift_voucher: 'GIFT_VOUCHER', gift: 'GIFT_VOUCHER', discount_voucher: 'DISCOUNT_VOUCHER', discount: 'DISCOUNT_VOUCHER',
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
  const flag = parts.find((p) => p.name === 'webhooks_enable')?.data.toString('utf8').trim().toLowerCase();
  if (flag !== undefined && flag !== 'true' && flag !== 'false') {
    throw invalidPayload(`webhooks_enable must be true or false, got ${JSON.stringify(flag)}.`);
  }
  return { source: csvSource(file.data.toString('utf8')), webhooksEnable: flag === 'true' };
}

function csvSource(text: string): ImportSource {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const [header, ...data] = parsed.data;
  if (!header || header.length === 0) throw invalidPayload('The CSV file is empty: it needs a header row in the first line.');
  const names = header.map((h) => h.trim());
  if (!names.some((h) => h.toLowerCase() === 'code')) {
    throw invalidPayload(`The CSV header row has no "Code" column (found: ${names.join(', ')}).`);
  }
  const rowAt = (i: number): ImportRow => {
    const cells = data[i] ?? [];
    const byHeader = new Map<string, string>();
    const metadata: Record<string, string> = {};
    names.forEach((name, j) => {
      const value = (cells[j] ?? '').trim();
      if (STANDARD.has(name.toLowerCase())) byHeader.set(name.toLowerCase(), value);
      else if (value !== '') metadata[name] = value;
    });
    return { row: i + 1, outcome: rowOutcome(byHeader, metadata) };
  };
  return { count: data.length, rowAt };
}

function rowOutcome(cell: Map<string, string>, metadata: Record<string, string>): ImportRow['outcome'] {
  const code = cell.get('code') ?? '';
  const get = (name: string): string | undefined => (cell.get(name) === '' ? undefined : cell.get(name));
  const type = TYPES[(get('voucher type') ?? 'DISCOUNT_VOUCHER').toLowerCase()];
  if (!type) return { code, reason: `Voucher Type ${JSON.stringify(get('voucher type'))} must be GIFT_VOUCHER or DISCOUNT_VOUCHER.` };
  const numberOf = (name: string): number | string | undefined => {
    const raw = get(name);
    if (raw === undefined) return undefined;
    return /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw;
  };
  const value = numberOf('value');
  const item: Record<string, unknown> = {
    code,
    type,
    category: get('category'),
    start_date: get('start date'),
    expiration_date: get('expiration date'),
    additional_info: get('additional info'),
    metadata,
  };
  const active = get('active')?.toLowerCase();
  if (active !== undefined) {
    if (active !== 'true' && active !== 'false') return { code, reason: `Active must be true or false, got ${JSON.stringify(active)}.` };
    item.active = active === 'true';
  }
  const limit = numberOf('redemption limit');
  if (limit !== undefined) item.redemption = { quantity: limit };
  if (type === 'GIFT_VOUCHER') {
    item.gift = { amount: value };
  } else {
    const discountType = (get('discount type') ?? '').toUpperCase();
    const field = { AMOUNT: 'amount_off', PERCENT: 'percent_off', FIXED: 'fixed_amount' }[discountType];
    if (!field) return { code, reason: `Discount Type ${JSON.stringify(get('discount type'))} must be AMOUNT, PERCENT or FIXED in a CSV import.` };
    item.discount = { type: discountType, [field]: value, effect: 'APPLY_TO_ORDER' };
  }
  const outcome = readImportItem(item);
  if (!('fields' in outcome)) return outcome;
  const redeemed = numberOf('redeemed quantity');
  if (redeemed !== undefined) {
    if (typeof redeemed !== 'number' || !Number.isInteger(redeemed) || redeemed < 0) {
      return { code, reason: 'Redeemed Quantity must be a whole number >= 0.' };
    }
    outcome.fields.redeemed_quantity = redeemed;
  }
  return outcome;
}
