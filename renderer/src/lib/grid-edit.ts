import { DATE_FORMATS_TEXT } from '../../../shared/domain/dates';
import { EFFECTS_BY_KIND, kindOfDiscountObject } from '../../../shared/domain/voucher';
import type { DraftRowView } from '../../../shared/ipc/batches';

// What a cell editor edits, as text the inputs bind to, and the change it sends back. Pure, so the
// grid's component only renders and the rules are testable.

export type EditorKind = 'text' | 'date' | 'select' | 'value' | 'metadata';

/** The value editor's choices: a gift amount or one kind of discount. */
export type ValueKind = 'GIFT' | 'AMOUNT' | 'PERCENT' | 'FIXED' | 'UNIT';

export interface EditForm {
  text: string;
  valueKind: ValueKind;
  amount: string;
  limit: string;
  unitType: string;
  effect: string;
  pairs: { key: string; value: string }[];
}

/** A change for drafts.edit: a new code, own fields to set, own fields to drop (to inherit again). */
export interface CellChange {
  code?: string;
  set?: Record<string, unknown>;
  unset?: string[];
}

export const DATE_HINT = `Accepted: ${DATE_FORMATS_TEXT}; empty to inherit`;

export const VALUE_KINDS: readonly { id: ValueKind; label: string; amountLabel: string }[] = [
  { id: 'PERCENT', label: 'Percent off', amountLabel: 'Percent (0-100)' },
  { id: 'AMOUNT', label: 'Amount off', amountLabel: 'Amount off (cents)' },
  { id: 'FIXED', label: 'Fixed price', amountLabel: 'Fixed price (cents)' },
  { id: 'UNIT', label: 'Free units', amountLabel: 'Units off' },
  { id: 'GIFT', label: 'Gift amount', amountLabel: 'Gift amount (cents)' },
];

const EFFECT_KIND = { AMOUNT: 'amount', PERCENT: 'percent', FIXED: 'fixed', UNIT: 'unit' } as const;

/** The effects the service allows for a discount kind (none to choose for a gift). */
export function effectsFor(kind: ValueKind): readonly string[] {
  return kind === 'GIFT' ? ['APPLY_TO_ORDER', 'APPLY_TO_ITEMS'] : EFFECTS_BY_KIND[EFFECT_KIND[kind]];
}

const AMOUNT_KEY = { AMOUNT: 'amount_off', PERCENT: 'percent_off', FIXED: 'fixed_amount', UNIT: 'unit_off' } as const;

function text(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A number when the text is one, else the text itself, so the checks say what is wrong with it. */
function numberOrText(value: string): unknown {
  const trimmed = value.trim();
  return trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : trimmed;
}

function objectOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

export function emptyForm(): EditForm {
  return { text: '', valueKind: 'PERCENT', amount: '', limit: '', unitType: '', effect: 'APPLY_TO_ORDER', pairs: [] };
}

/** The value editor's form from a row's effective gift or discount. */
export function valueForm(draft: Record<string, unknown>): EditForm {
  const form = emptyForm();
  const gift = objectOf(draft['gift']);
  const discount = objectOf(draft['discount']);
  if (draft['type'] === 'GIFT_VOUCHER' || ('gift' in draft && !('discount' in draft))) {
    return { ...form, valueKind: 'GIFT', amount: text(gift['amount']), effect: text(gift['effect']) || 'APPLY_TO_ORDER' };
  }
  const kind = kindOfDiscountObject(discount);
  const valueKind: ValueKind = kind === 'amount' ? 'AMOUNT' : kind === 'fixed' ? 'FIXED' : kind === 'unit' || kind === 'shipping' ? 'UNIT' : 'PERCENT';
  return {
    ...form,
    valueKind,
    amount: text(discount[AMOUNT_KEY[valueKind]]),
    limit: text(discount['amount_limit']),
    unitType: text(discount['unit_type']),
    effect: text(discount['effect']) || (effectsFor(valueKind)[0] as string),
  };
}

/** The gift or discount the value form describes; the type follows the choice. */
export function valueChange(form: EditForm): CellChange {
  const effect = effectsFor(form.valueKind).includes(form.effect) ? form.effect : effectsFor(form.valueKind)[0];
  if (form.valueKind === 'GIFT') {
    return { set: { type: 'GIFT_VOUCHER', gift: { amount: numberOrText(form.amount), effect } }, unset: ['discount'] };
  }
  const discount: Record<string, unknown> = { type: form.valueKind, [AMOUNT_KEY[form.valueKind]]: numberOrText(form.amount), effect };
  if (form.valueKind === 'PERCENT' && form.limit.trim() !== '') discount['amount_limit'] = numberOrText(form.limit);
  if (form.valueKind === 'UNIT') discount['unit_type'] = form.unitType.trim();
  return { set: { type: 'DISCOUNT_VOUCHER', discount }, unset: ['gift'] };
}

/** "20% off, at most 500", "gift 2500": the Value column's text. */
export function valueText(draft: Record<string, unknown>): string {
  const gift = objectOf(draft['gift']);
  if (draft['type'] === 'GIFT_VOUCHER' || ('gift' in draft && !('discount' in draft))) return 'gift' in draft ? `gift ${text(gift['amount'])}` : '';
  if (!('discount' in draft)) return '';
  const d = objectOf(draft['discount']);
  switch (kindOfDiscountObject(d)) {
    case 'percent':
      return `${text(d['percent_off'])}% off${d['amount_limit'] !== undefined ? `, at most ${text(d['amount_limit'])}` : ''}`;
    case 'amount':
      return `${text(d['amount_off'] ?? d['amount_off_formula'])} off`;
    case 'fixed':
      return `fixed price ${text(d['fixed_amount'])}`;
    case 'shipping':
      return 'free shipping';
    case 'unit':
      return `${text(d['unit_off'])} × ${text(d['unit_type'])} free`;
    case 'units':
      return `${Array.isArray(d['units']) ? d['units'].length : 0} free items`;
    default:
      return text(d['type']);
  }
}

/** Metadata as key/value rows; values that are not text are shown (and read back) as JSON. */
export function metadataForm(draft: Record<string, unknown>): EditForm {
  const pairs = Object.entries(objectOf(draft['metadata'])).map(([key, value]) => ({ key, value: text(value) }));
  return { ...emptyForm(), pairs };
}

function metadataValue(value: string): unknown {
  const trimmed = value.trim();
  if (/^(true|false|null|-?\d+(\.\d+)?)$/.test(trimmed)) return JSON.parse(trimmed) as unknown;
  return value;
}

export function metadataChange(form: EditForm): CellChange {
  const pairs = form.pairs.filter((p) => p.key.trim() !== '');
  if (pairs.length === 0) return { unset: ['metadata'] };
  return { set: { metadata: Object.fromEntries(pairs.map((p) => [p.key.trim(), metadataValue(p.value)])) } };
}

/** A one-field text edit: empty drops the row's own value so it inherits the batch's again. */
export function textChange(field: string, value: string, parse: (v: string) => unknown = (v) => v): CellChange {
  return value.trim() === '' ? { unset: [field] } : { set: { [field]: parse(value.trim()) } };
}

export function redemptionChange(row: DraftRowView, value: string): CellChange {
  if (value.trim() === '') return { unset: ['redemption'] };
  const own = objectOf(row.fields['redemption']);
  return { set: { redemption: { ...own, quantity: numberOrText(value) } } };
}

export function redemptionText(draft: Record<string, unknown>): string {
  if (!('redemption' in draft)) return '';
  const quantity = objectOf(draft['redemption'])['quantity'];
  return quantity === null || quantity === undefined ? 'unlimited' : text(quantity);
}

export function metadataText(draft: Record<string, unknown>): string {
  return Object.entries(objectOf(draft['metadata']))
    .map(([key, value]) => `${key}=${text(value)}`)
    .join(', ');
}
