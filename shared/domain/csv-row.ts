import { CSV_FIELDS, type CsvField, type CsvLayout } from './csv-columns';
import { discountKind, type Discount, type VoucherDraft } from './voucher';

// The CSV import has no column for effects, so a row read from CSV gets the effect the service
// applies by default; drafts need it because the JSON import requires an effect.
export const CSV_DEFAULT_EFFECT = {
  AMOUNT: 'APPLY_TO_ORDER',
  PERCENT: 'APPLY_TO_ORDER',
  FIXED: 'APPLY_TO_ORDER',
  UNIT: 'ADD_MISSING_ITEMS',
} as const;

const VALUE_FIELD = { AMOUNT: 'amount_off', PERCENT: 'percent_off', FIXED: 'fixed_amount', UNIT: 'unit_off' } as const;

const NUMBER = /^-?\d+(?:\.\d+)?$/;

/** A number when the cell holds one; otherwise the text as given, for validation to report. */
function readNumber(cell: string): number | string | undefined {
  const text = cell.trim();
  if (text === '') return undefined;
  return NUMBER.test(text) ? Number(text) : cell;
}

function readBoolean(cell: string): boolean | string | undefined {
  const text = cell.trim().toLowerCase();
  if (text === '') return undefined;
  if (text === 'true') return true;
  if (text === 'false') return false;
  return cell;
}

function readDiscount(discountType: string, value: number | string | undefined): Record<string, unknown> {
  const type = discountType.trim().toUpperCase();
  if (type === 'AMOUNT' || type === 'PERCENT' || type === 'FIXED' || type === 'UNIT') {
    return { type, [VALUE_FIELD[type]]: value, effect: CSV_DEFAULT_EFFECT[type] };
  }
  return { type: discountType === '' ? undefined : discountType };
}

/**
 * The draft one CSV record describes, as read: cells that hold no usable value are kept as the
 * text given, so validation can name them. It fits VoucherDraft once validation finds no error.
 */
export function recordToDraft(cells: readonly string[], layout: CsvLayout): Record<string, unknown> {
  const at = (field: CsvField): string => {
    const index = layout.fieldIndex[field];
    return index === undefined ? '' : (cells[index] ?? '');
  };
  const draft: Record<string, unknown> = { code: at('code') };
  const typeCell = at('voucher_type').trim();
  const type = typeCell.toUpperCase();
  draft['type'] = typeCell === '' ? undefined : type === 'GIFT_VOUCHER' || type === 'DISCOUNT_VOUCHER' ? type : typeCell;
  const value = readNumber(at('value'));
  if (type === 'GIFT_VOUCHER') draft['gift'] = { amount: value };
  else if (type === 'DISCOUNT_VOUCHER') draft['discount'] = readDiscount(at('discount_type'), value);

  const text = (field: CsvField, key: string) => {
    const cell = at(field);
    if (cell !== '') draft[key] = cell;
  };
  text('category', 'category');
  const trimmed = (field: CsvField, key: string) => {
    const cell = at(field).trim();
    if (cell !== '') draft[key] = cell;
  };
  trimmed('start_date', 'start_date');
  trimmed('expiration_date', 'expiration_date');

  const quantity = readNumber(at('redemption_limit'));
  const redeemedQuantity = readNumber(at('redeemed_quantity'));
  const redeemedAmount = readNumber(at('redeemed_amount'));
  if (quantity !== undefined || redeemedQuantity !== undefined || redeemedAmount !== undefined) {
    const redemption: Record<string, unknown> = { quantity: quantity ?? null };
    if (redeemedQuantity !== undefined) redemption['redeemed_quantity'] = redeemedQuantity;
    if (redeemedAmount !== undefined) redemption['redeemed_amount'] = redeemedAmount;
    draft['redemption'] = redemption;
  }
  const active = readBoolean(at('active'));
  if (active !== undefined) draft['active'] = active;
  text('additional_info', 'additional_info');

  if (layout.metadata.length > 0) {
    const metadata: Record<string, string> = {};
    let any = false;
    for (const { index, key } of layout.metadata) {
      const cell = cells[index];
      if (cell !== undefined && cell !== '') {
        metadata[key] = cell;
        any = true;
      }
    }
    if (any) draft['metadata'] = metadata;
  }
  return draft;
}

function discountValue(discount: Discount): number | undefined {
  switch (discount.type) {
    case 'AMOUNT':
      return discount.amount_off;
    case 'PERCENT':
      return discount.percent_off;
    case 'FIXED':
      return discount.fixed_amount;
    case 'UNIT':
      return 'units' in discount ? undefined : discount.unit_off;
  }
}

function cellOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** The cells of one draft, standard fields first in CSV_FIELDS order, then the given metadata keys. */
export function draftToCells(draft: VoucherDraft, metadataKeys: readonly string[]): string[] {
  const value = draft.type === 'GIFT_VOUCHER' ? draft.gift?.amount : draft.discount ? discountValue(draft.discount) : undefined;
  const byField: Record<CsvField, unknown> = {
    code: draft.code,
    voucher_type: draft.type,
    value,
    discount_type: draft.type === 'DISCOUNT_VOUCHER' ? draft.discount?.type : undefined,
    category: draft.category,
    start_date: draft.start_date,
    expiration_date: draft.expiration_date,
    redemption_limit: draft.redemption?.quantity,
    redeemed_quantity: draft.redemption?.redeemed_quantity,
    redeemed_amount: draft.redemption?.redeemed_amount,
    active: draft.active,
    additional_info: draft.additional_info,
  };
  const cells = CSV_FIELDS.map((field) => cellOf(byField[field]));
  for (const key of metadataKeys) cells.push(cellOf(draft.metadata?.[key]));
  return cells;
}

/** Draft fields the CSV import format cannot carry, so an export to CSV would lose them. */
export function fieldsCsvCannotCarry(draft: VoucherDraft): string[] {
  const lost: string[] = [];
  for (const [key, value] of Object.entries(draft.metadata ?? {})) {
    if (typeof value !== 'string' && value !== undefined) lost.push(`metadata.${key} (becomes text)`);
  }
  if (draft.gift?.effect !== undefined) lost.push('gift.effect');
  if (draft.validity_timeframe !== undefined) lost.push('validity_timeframe');
  if (draft.validity_day_of_week !== undefined) lost.push('validity_day_of_week');
  const d = draft.discount;
  if (d && draft.type === 'DISCOUNT_VOUCHER') {
    const kind = discountKind(d);
    if (d.effect !== CSV_DEFAULT_EFFECT[d.type] && kind !== 'units') lost.push('discount.effect');
    if (d.type === 'AMOUNT' && d.amount_off_formula !== undefined) lost.push('discount.amount_off_formula');
    if (d.type === 'PERCENT' && d.amount_limit !== undefined) lost.push('discount.amount_limit');
    if (kind === 'unit' || kind === 'shipping') lost.push('discount.unit_type');
    if (kind === 'units') lost.push('discount.units');
  }
  return lost;
}
