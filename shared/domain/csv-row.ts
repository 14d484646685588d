import type { CsvLayout } from './csv-columns';
import { discountKind, type Discount, type VoucherDraft } from './voucher';

// The CSV import has no column for effects, so a row read from CSV gets the effect the service
// applies by default; drafts need it because the JSON import requires an effect.
export const CSV_DEFAULT_EFFECT = {
  AMOUNT: 'APPLY_TO_ORDER',
  PERCENT: 'APPLY_TO_ORDER',
  FIXED: 'APPLY_TO_ORDER',
  UNIT: 'ADD_MISSING_ITEMS',
} as const;

const NUMBER = /^-?\d+(?:\.\d+)?$/;

// Each reader tries the common exact spelling before normalizing, since normalizing allocates
// new strings on every row of a large file.

/** A number when the cell holds one; otherwise the text as given, for validation to report. */
function readNumber(cell: string): number | string | undefined {
  if (cell === '') return undefined;
  if (NUMBER.test(cell)) return Number(cell);
  const text = cell.trim();
  if (text === '') return undefined;
  return NUMBER.test(text) ? Number(text) : cell;
}

function readBoolean(cell: string): boolean | string | undefined {
  if (cell === '') return undefined;
  if (cell === 'true' || cell === 'TRUE') return true;
  if (cell === 'false' || cell === 'FALSE') return false;
  const text = cell.trim().toLowerCase();
  if (text === '') return undefined;
  if (text === 'true') return true;
  if (text === 'false') return false;
  return cell;
}

function readDiscount(discountType: string, value: number | string | undefined): Record<string, unknown> {
  const type = Object.hasOwn(CSV_DEFAULT_EFFECT, discountType) ? discountType : discountType.trim().toUpperCase();
  // Literal objects rather than a computed key keep one object shape per kind on the hot path.
  switch (type) {
    case 'AMOUNT':
      return { type, amount_off: value, effect: CSV_DEFAULT_EFFECT.AMOUNT };
    case 'PERCENT':
      return { type, percent_off: value, effect: CSV_DEFAULT_EFFECT.PERCENT };
    case 'FIXED':
      return { type, fixed_amount: value, effect: CSV_DEFAULT_EFFECT.FIXED };
    case 'UNIT':
      return { type, unit_off: value, effect: CSV_DEFAULT_EFFECT.UNIT };
    default:
      return { type: discountType === '' ? undefined : discountType };
  }
}

function cell(cells: readonly string[], index: number | undefined): string {
  return index === undefined ? '' : (cells[index] ?? '');
}

function readRedemption(cells: readonly string[], at: CsvLayout['fieldIndex']): Record<string, unknown> | undefined {
  const quantity = readNumber(cell(cells, at.redemption_limit));
  const redeemedQuantity = readNumber(cell(cells, at.redeemed_quantity));
  const redeemedAmount = readNumber(cell(cells, at.redeemed_amount));
  if (quantity === undefined && redeemedQuantity === undefined && redeemedAmount === undefined) return undefined;
  const redemption: Record<string, unknown> = { quantity: quantity ?? null };
  if (redeemedQuantity !== undefined) redemption['redeemed_quantity'] = redeemedQuantity;
  if (redeemedAmount !== undefined) redemption['redeemed_amount'] = redeemedAmount;
  return redemption;
}

function readMetadata(cells: readonly string[], layout: CsvLayout): Record<string, string> | undefined {
  let metadata: Record<string, string> | undefined;
  for (const { index, key } of layout.metadata) {
    const value = cells[index];
    if (value !== undefined && value !== '') (metadata ??= {})[key] = value;
  }
  return metadata;
}

/**
 * The draft one CSV record describes, as read: cells that hold no usable value are kept as the
 * text given, so validation can name them. It fits VoucherDraft once validation finds no error.
 */
export function recordToDraft(cells: readonly string[], layout: CsvLayout): Record<string, unknown> {
  const at = layout.fieldIndex;
  const draft: Record<string, unknown> = { code: cell(cells, at.code) };
  const raw = cell(cells, at.voucher_type);
  const exact = raw === 'GIFT_VOUCHER' || raw === 'DISCOUNT_VOUCHER';
  const typeCell = exact ? raw : raw.trim();
  const type = exact ? raw : typeCell.toUpperCase();
  draft['type'] = typeCell === '' ? undefined : type === 'GIFT_VOUCHER' || type === 'DISCOUNT_VOUCHER' ? type : typeCell;
  const value = readNumber(cell(cells, at.value));
  if (type === 'GIFT_VOUCHER') draft['gift'] = { amount: value };
  else if (type === 'DISCOUNT_VOUCHER') draft['discount'] = readDiscount(cell(cells, at.discount_type), value);
  const category = cell(cells, at.category);
  if (category !== '') draft['category'] = category;
  const start = cell(cells, at.start_date);
  if (start !== '') draft['start_date'] = start.trim();
  const expiration = cell(cells, at.expiration_date);
  if (expiration !== '') draft['expiration_date'] = expiration.trim();
  const redemption = readRedemption(cells, at);
  if (redemption !== undefined) draft['redemption'] = redemption;
  const active = readBoolean(cell(cells, at.active));
  if (active !== undefined) draft['active'] = active;
  const info = cell(cells, at.additional_info);
  if (info !== '') draft['additional_info'] = info;
  const metadata = readMetadata(cells, layout);
  if (metadata !== undefined) draft['metadata'] = metadata;
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
  const discount = draft.type === 'DISCOUNT_VOUCHER' ? draft.discount : undefined;
  const value = draft.type === 'GIFT_VOUCHER' ? draft.gift?.amount : discount ? discountValue(discount) : undefined;
  const redemption = draft.redemption;
  // Same order as CSV_FIELDS; written out rather than looked up because it runs once per row.
  const cells = [
    draft.code,
    draft.type,
    cellOf(value),
    discount?.type ?? '',
    draft.category ?? '',
    draft.start_date ?? '',
    draft.expiration_date ?? '',
    cellOf(redemption?.quantity),
    cellOf(redemption?.redeemed_quantity),
    cellOf(redemption?.redeemed_amount),
    cellOf(draft.active),
    draft.additional_info ?? '',
  ];
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
