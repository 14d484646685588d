import { DISCOUNT_TYPES, EFFECTS_BY_KIND, GIFT_EFFECTS, SHIPPING_UNIT_TYPE, UNIT_ITEM_EFFECTS, type DiscountKind } from '../../shared/domain/voucher';
import { DATE_FORMATS_TEXT, normalizeImportDate } from './dates';

/** The importable part of one voucher (spec 4.4), every other field already dropped. */
export interface ImportedFields {
  code: string;
  type: 'GIFT_VOUCHER' | 'DISCOUNT_VOUCHER';
  category: string | null;
  active: boolean | null;
  start_date: string | null;
  expiration_date: string | null;
  redemption_quantity: number | null;
  redeemed_quantity: number;
  redeemed_amount: number;
  additional_info: string | null;
  metadata: Record<string, unknown>;
  gift: { amount: number; effect?: string } | null;
  discount: Record<string, unknown> | null;
  validity_timeframe: unknown;
  validity_day_of_week: number[] | null;
}

export type ItemOutcome = { fields: ImportedFields } | { code: string; reason: string };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isWhole = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/** Checks one element of a JSON import; unknown fields (redeemed_quantity among them) are skipped. */
export function readImportItem(item: unknown): ItemOutcome {
  if (!isObject(item)) return { code: '', reason: 'each element must be a voucher object' };
  const code = item.code;
  if (typeof code !== 'string' || code.trim() === '') return { code: '', reason: 'code is required and must be a non-empty string' };
  const fail = (reason: string): ItemOutcome => ({ code, reason });
  const type = item.type;
  if (type !== 'GIFT_VOUCHER' && type !== 'DISCOUNT_VOUCHER') return fail(`type must be GIFT_VOUCHER or DISCOUNT_VOUCHER, got ${JSON.stringify(type)}`);
  const dates: Record<'start_date' | 'expiration_date', string | null> = { start_date: null, expiration_date: null };
  for (const name of ['start_date', 'expiration_date'] as const) {
    const raw = item[name];
    if (raw === undefined || raw === null) continue;
    const iso = typeof raw === 'string' ? normalizeImportDate(raw) : undefined;
    if (!iso) return fail(`${name} ${JSON.stringify(raw)} is not a date in a format ${DATE_FORMATS_TEXT}`);
    dates[name] = iso;
  }
  if (item.active !== undefined && item.active !== null && typeof item.active !== 'boolean') return fail('active must be true or false');
  if (item.category !== undefined && item.category !== null && typeof item.category !== 'string') return fail('category must be a string');
  if (item.additional_info !== undefined && item.additional_info !== null && typeof item.additional_info !== 'string')
    return fail('additional_info must be a string');
  if (item.metadata !== undefined && item.metadata !== null && !isObject(item.metadata)) return fail('metadata must be an object');
  const redemption = item.redemption;
  if (redemption !== undefined && redemption !== null && !isObject(redemption)) return fail('redemption must be an object');
  const quantity = isObject(redemption) ? redemption.quantity : undefined;
  if (quantity !== undefined && quantity !== null && !(isWhole(quantity) && quantity > 0))
    return fail('redemption.quantity must be a whole number > 0 or null');
  const days = item.validity_day_of_week;
  if (days !== undefined && days !== null && !(Array.isArray(days) && days.every((d) => isWhole(d) && d <= 6))) {
    return fail('validity_day_of_week must be an array of whole numbers 0..6');
  }
  if (item.validity_timeframe !== undefined && item.validity_timeframe !== null) {
    if (!isObject(item.validity_timeframe)) return fail('validity_timeframe must be an object');
    if (!dates.start_date) return fail('start_date is required when validity_timeframe is given');
  }
  let gift: ImportedFields['gift'] = null;
  let discount: ImportedFields['discount'] = null;
  if (type === 'GIFT_VOUCHER') {
    const g = item.gift;
    if (!isObject(g) || !isWhole(g.amount) || g.amount === 0)
      return fail('gift.amount is required for GIFT_VOUCHER: a whole number > 0 in the smallest currency unit');
    if (g.effect !== undefined && !(GIFT_EFFECTS as readonly unknown[]).includes(g.effect))
      return fail(`gift.effect must be one of ${GIFT_EFFECTS.join(', ')}`);
    gift = g.effect === undefined ? { amount: g.amount } : { amount: g.amount, effect: String(g.effect) };
  } else {
    const checked = checkDiscount(item.discount);
    if (typeof checked === 'string') return fail(checked);
    discount = checked;
  }
  return {
    fields: {
      code,
      type,
      category: typeof item.category === 'string' ? item.category : null,
      active: typeof item.active === 'boolean' ? item.active : null,
      ...dates,
      redemption_quantity: typeof quantity === 'number' ? quantity : null,
      redeemed_quantity: 0,
      redeemed_amount: 0,
      additional_info: typeof item.additional_info === 'string' ? item.additional_info : null,
      metadata: isObject(item.metadata) ? item.metadata : {},
      gift,
      discount,
      validity_timeframe: item.validity_timeframe ?? null,
      validity_day_of_week: Array.isArray(days) ? (days as number[]) : null,
    },
  };
}

/** The discount reduced to its known fields, or the reason it is refused. */
export function checkDiscount(d: unknown): Record<string, unknown> | string {
  if (!isObject(d)) return 'discount is required for DISCOUNT_VOUCHER';
  if (!(DISCOUNT_TYPES as readonly unknown[]).includes(d.type)) return `discount.type must be one of ${DISCOUNT_TYPES.join(', ')}`;
  let kind: DiscountKind;
  const keep: Record<string, unknown> = { type: d.type };
  switch (d.type) {
    case 'AMOUNT':
      kind = 'amount';
      if (!isWhole(d.amount_off) && typeof d.amount_off_formula !== 'string')
        return 'discount.amount_off must be a whole number >= 0 (or give amount_off_formula)';
      if (d.amount_off !== undefined) keep.amount_off = d.amount_off;
      if (typeof d.amount_off_formula === 'string') keep.amount_off_formula = d.amount_off_formula;
      break;
    case 'PERCENT':
      kind = 'percent';
      if (typeof d.percent_off !== 'number' || d.percent_off < 0 || d.percent_off > 100) return 'discount.percent_off must be a number from 0 to 100';
      if (d.amount_limit !== undefined && !isWhole(d.amount_limit)) return 'discount.amount_limit must be a whole number >= 0';
      keep.percent_off = d.percent_off;
      if (d.amount_limit !== undefined) keep.amount_limit = d.amount_limit;
      break;
    case 'FIXED':
      kind = 'fixed';
      if (!isWhole(d.fixed_amount)) return 'discount.fixed_amount must be a whole number >= 0';
      keep.fixed_amount = d.fixed_amount;
      break;
    default: {
      if (Array.isArray(d.units)) {
        kind = 'units';
        for (const [i, u] of d.units.entries()) {
          const reason = checkUnit(u, `discount.units[${i}]`, UNIT_ITEM_EFFECTS);
          if (reason) return reason;
        }
        keep.units = d.units;
        break;
      }
      kind = d.unit_type === SHIPPING_UNIT_TYPE ? 'shipping' : 'unit';
      const reason = checkUnit(d, 'discount', null);
      if (reason) return reason;
      keep.unit_off = d.unit_off;
      keep.unit_type = d.unit_type;
    }
  }
  const allowed = EFFECTS_BY_KIND[kind];
  if (!(allowed as readonly unknown[]).includes(d.effect))
    return `discount.effect ${JSON.stringify(d.effect)} is not allowed for a ${kind} discount; allowed: ${allowed.join(', ')}`;
  keep.effect = d.effect;
  return keep;
}

function checkUnit(u: unknown, at: string, effects: readonly string[] | null): string | undefined {
  if (!isObject(u) || !isWhole(u.unit_off) || u.unit_off === 0) return `${at}.unit_off must be a whole number > 0`;
  if (typeof u.unit_type !== 'string' || u.unit_type === '') return `${at}.unit_type must be a product or SKU id`;
  if (effects && !effects.includes(String(u.effect))) return `${at}.effect must be one of ${effects.join(', ')}`;
  return undefined;
}
