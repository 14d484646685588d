// The voucher draft: one voucher exactly as the JSON import (spec 4.4) accepts it, with the field
// names the service uses, so a draft serializes to a request body without any renaming.

export const VOUCHER_TYPES = ['GIFT_VOUCHER', 'DISCOUNT_VOUCHER'] as const;
export type VoucherType = (typeof VOUCHER_TYPES)[number];

export const GIFT_EFFECTS = ['APPLY_TO_ORDER', 'APPLY_TO_ITEMS'] as const;
export type GiftEffect = (typeof GIFT_EFFECTS)[number];

export const DISCOUNT_TYPES = ['AMOUNT', 'PERCENT', 'FIXED', 'UNIT'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

export const DISCOUNT_EFFECTS = [
  'APPLY_TO_ORDER',
  'APPLY_TO_ITEMS',
  'APPLY_TO_ITEMS_PROPORTIONALLY',
  'ADD_MISSING_ITEMS',
  'ADD_NEW_ITEMS',
  'ADD_MANY_ITEMS',
] as const;
export type DiscountEffect = (typeof DISCOUNT_EFFECTS)[number];

/** The product id the service uses for shipping; a shipping discount is a unit discount of it. */
export const SHIPPING_UNIT_TYPE = 'prod_5h1pp1ng';

export type AmountEffect = 'APPLY_TO_ORDER' | 'APPLY_TO_ITEMS' | 'APPLY_TO_ITEMS_PROPORTIONALLY';
export type PercentEffect = 'APPLY_TO_ORDER' | 'APPLY_TO_ITEMS';
export type FixedEffect = 'APPLY_TO_ORDER' | 'APPLY_TO_ITEMS';
export type UnitEffect = 'ADD_MISSING_ITEMS' | 'ADD_NEW_ITEMS';
export type UnitsEffect = 'ADD_MANY_ITEMS';
export type ShippingEffect = 'ADD_MISSING_ITEMS';

/** Amount off, given either as an integer in the smallest currency unit or as a formula. */
export type AmountDiscount =
  | { type: 'AMOUNT'; amount_off: number; amount_off_formula?: string; effect: AmountEffect }
  | { type: 'AMOUNT'; amount_off?: number; amount_off_formula: string; effect: AmountEffect };

export interface PercentDiscount {
  type: 'PERCENT';
  /** 0..100 */
  percent_off: number;
  /** Cap on the discount, integer in the smallest currency unit. */
  amount_limit?: number;
  effect: PercentEffect;
}

export interface FixedDiscount {
  type: 'FIXED';
  /** The price the order or items end up at, integer in the smallest currency unit. */
  fixed_amount: number;
  effect: FixedEffect;
}

export interface UnitItem {
  unit_off: number;
  /** Product or SKU id. */
  unit_type: string;
  effect: UnitEffect;
}

export interface UnitDiscount extends UnitItem {
  type: 'UNIT';
}

export interface UnitsDiscount {
  type: 'UNIT';
  effect: UnitsEffect;
  units: UnitItem[];
}

export interface ShippingDiscount {
  type: 'UNIT';
  unit_off: 1;
  unit_type: typeof SHIPPING_UNIT_TYPE;
  effect: ShippingEffect;
}

export type Discount = AmountDiscount | PercentDiscount | FixedDiscount | UnitDiscount | UnitsDiscount | ShippingDiscount;

export type DiscountKind = 'amount' | 'percent' | 'fixed' | 'unit' | 'units' | 'shipping';

/** The effects each discount kind allows (the service rejects any other combination). */
export const EFFECTS_BY_KIND: Readonly<Record<DiscountKind, readonly DiscountEffect[]>> = {
  amount: ['APPLY_TO_ORDER', 'APPLY_TO_ITEMS', 'APPLY_TO_ITEMS_PROPORTIONALLY'],
  percent: ['APPLY_TO_ORDER', 'APPLY_TO_ITEMS'],
  fixed: ['APPLY_TO_ORDER', 'APPLY_TO_ITEMS'],
  unit: ['ADD_MISSING_ITEMS', 'ADD_NEW_ITEMS'],
  units: ['ADD_MANY_ITEMS'],
  shipping: ['ADD_MISSING_ITEMS'],
};

/** Effects allowed on each item inside `units` of a several-items unit discount. */
export const UNIT_ITEM_EFFECTS: readonly UnitEffect[] = ['ADD_MISSING_ITEMS', 'ADD_NEW_ITEMS'];

/**
 * Which kind a discount object is, for any object (null when its type is none of the four); unit
 * discounts split by `units` and by the shipping product id.
 */
export function kindOfDiscountObject(discount: Readonly<Record<string, unknown>>): DiscountKind | null {
  switch (discount['type']) {
    case 'AMOUNT':
      return 'amount';
    case 'PERCENT':
      return 'percent';
    case 'FIXED':
      return 'fixed';
    case 'UNIT':
      if ('units' in discount) return 'units';
      return discount['unit_type'] === SHIPPING_UNIT_TYPE ? 'shipping' : 'unit';
    default:
      return null;
  }
}

/** Which kind a discount is. */
export function discountKind(discount: Discount): DiscountKind {
  return kindOfDiscountObject(discount as unknown as Record<string, unknown>) as DiscountKind;
}

/** Recurring validity; the spec does not show its inner fields, the service uses ISO 8601 durations. */
export interface ValidityTimeframe {
  /** How often the voucher becomes valid, e.g. `P2D`. */
  interval?: string;
  /** How long each valid period lasts, e.g. `PT1H`. */
  duration?: string;
}

export interface Redemption {
  /** Allowed redemptions; null means unlimited. */
  quantity: number | null;
  /** Taken only by the CSV import ("Redeemed Quantity"); the JSON import skips it. */
  redeemed_quantity?: number;
  /** Taken only by the CSV import ("Redeemed Amount"), smallest currency unit; JSON skips it. */
  redeemed_amount?: number;
}

export interface Gift {
  /** Total credit, integer in the smallest currency unit. */
  amount: number;
  effect?: GiftEffect;
}

export interface VoucherDraft {
  code: string;
  type: VoucherType;
  category?: string;
  active?: boolean;
  /** One of the six formats of spec 4.4. */
  start_date?: string;
  expiration_date?: string;
  redemption?: Redemption;
  additional_info?: string;
  metadata?: Record<string, unknown>;
  /** Required for GIFT_VOUCHER, absent for DISCOUNT_VOUCHER. */
  gift?: Gift;
  /** Required for DISCOUNT_VOUCHER, absent for GIFT_VOUCHER. */
  discount?: Discount;
  validity_timeframe?: ValidityTimeframe;
  /** Each 0..6, 0 is Sunday. */
  validity_day_of_week?: number[];
}

/** The top-level fields the JSON import takes; any other field is skipped by the service. */
export const IMPORTABLE_FIELDS: ReadonlySet<string> = new Set([
  'code',
  'type',
  'category',
  'active',
  'start_date',
  'expiration_date',
  'redemption',
  'additional_info',
  'metadata',
  'gift',
  'discount',
  'validity_timeframe',
  'validity_day_of_week',
]);

export type Severity = 'error' | 'warning';

/** One thing wrong (error) or worth knowing (warning) about one row. */
export interface Problem {
  /** 1-based data row (the CSV header is not counted), or the draft's position in a batch. */
  row: number;
  /** The voucher code as given ('' when missing). */
  code: string;
  /** Dotted path of the field, e.g. `discount.percent_off`, or the CSV header. */
  field: string;
  /** The offending value as given. */
  value: unknown;
  /** What would have been accepted. */
  allowed: string;
  message: string;
  severity: Severity;
}

export function hasErrors(problems: readonly Problem[]): boolean {
  return problems.some((p) => p.severity === 'error');
}
