import { checkInteger, checkMoney, checkOneOf, checkRequired, checkString, warnUnknownKeys } from './field-checks';
import { isPlainObject, show, type ProblemReporter } from './problems';
import { DISCOUNT_TYPES, EFFECTS_BY_KIND, GIFT_EFFECTS, UNIT_ITEM_EFFECTS, kindOfDiscountObject, type DiscountKind } from './voucher';

const FIELDS_BY_KIND: Readonly<Record<DiscountKind, ReadonlySet<string>>> = {
  amount: new Set(['type', 'amount_off', 'amount_off_formula', 'effect']),
  percent: new Set(['type', 'percent_off', 'amount_limit', 'effect']),
  fixed: new Set(['type', 'fixed_amount', 'effect']),
  unit: new Set(['type', 'unit_off', 'unit_type', 'effect']),
  units: new Set(['type', 'units', 'effect']),
  shipping: new Set(['type', 'unit_off', 'unit_type', 'effect']),
};

const KIND_NAMES: Readonly<Record<DiscountKind, string>> = {
  amount: 'an amount discount',
  percent: 'a percent discount',
  fixed: 'a fixed-price discount',
  unit: 'a one-item unit discount',
  units: 'a several-items unit discount',
  shipping: 'a shipping discount',
};

const FIELDS_TEXT = Object.fromEntries(
  Object.entries(FIELDS_BY_KIND).map(([kind, fields]) => [kind, `fields of ${KIND_NAMES[kind as DiscountKind]}: ${[...fields].join(', ')}`]),
) as Record<DiscountKind, string>;
const DISCOUNT_ALLOWED = `an object with type ${DISCOUNT_TYPES.join(', ')}`;
const DISCOUNT_TYPE_ALLOWED = `one of ${DISCOUNT_TYPES.join(', ')}`;

const UNIT_ITEM_FIELDS: ReadonlySet<string> = new Set(['unit_off', 'unit_type', 'effect']);

function checkEffect(r: ProblemReporter, field: string, value: unknown, allowed: readonly string[], kindName: string) {
  if (typeof value === 'string' && allowed.includes(value)) return;
  if (!checkRequired(r, field, value, `one of ${allowed.join(', ')}`)) return;
  r.error(field, value, `one of ${allowed.join(', ')}`, `${field} ${show(value)} is not allowed for ${kindName}; use one of ${allowed.join(', ')}`);
}

function checkUnitItem(r: ProblemReporter, field: string, item: Record<string, unknown>): void {
  if (checkRequired(r, `${field}.unit_off`, item['unit_off'], 'an integer, 1 or more')) {
    checkInteger(r, `${field}.unit_off`, item['unit_off'], 1);
  }
  if (checkRequired(r, `${field}.unit_type`, item['unit_type'], 'a product or SKU id')) {
    checkString(r, `${field}.unit_type`, item['unit_type'], true);
  }
}

function checkUnits(r: ProblemReporter, units: unknown): void {
  const allowed = 'a non-empty list of { unit_off, unit_type, effect }';
  if (!Array.isArray(units) || units.length === 0) {
    r.error('discount.units', units, allowed, `discount.units ${show(units)} is not ${allowed}`);
    return;
  }
  units.forEach((item: unknown, i) => {
    const field = `discount.units[${i}]`;
    if (!isPlainObject(item)) {
      r.error(field, item, '{ unit_off, unit_type, effect }', `${field} ${show(item)} is not an object`);
      return;
    }
    checkUnitItem(r, field, item);
    checkEffect(r, `${field}.effect`, item['effect'], UNIT_ITEM_EFFECTS, 'an item of a several-items unit discount');
    warnUnknownKeys(r, field, item, UNIT_ITEM_FIELDS, [...UNIT_ITEM_FIELDS].join(', '));
  });
}

function checkKindFields(r: ProblemReporter, kind: DiscountKind, d: Record<string, unknown>): void {
  switch (kind) {
    case 'amount':
      if (d['amount_off'] === undefined && d['amount_off_formula'] === undefined) {
        r.error('discount.amount_off', undefined, 'amount_off or amount_off_formula', 'an amount discount needs amount_off or amount_off_formula');
      }
      if (d['amount_off'] !== undefined) checkMoney(r, 'discount.amount_off', d['amount_off']);
      if (d['amount_off_formula'] !== undefined) checkString(r, 'discount.amount_off_formula', d['amount_off_formula'], true);
      return;
    case 'percent': {
      const value = d['percent_off'];
      if (checkRequired(r, 'discount.percent_off', value, 'a number from 0 to 100')) {
        if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 100) {
          r.error('discount.percent_off', value, 'a number from 0 to 100', `discount.percent_off ${show(value)} is not a number from 0 to 100`);
        }
      }
      if (d['amount_limit'] !== undefined) checkMoney(r, 'discount.amount_limit', d['amount_limit']);
      return;
    }
    case 'fixed':
      if (checkRequired(r, 'discount.fixed_amount', d['fixed_amount'], 'an integer in the smallest currency unit')) {
        checkMoney(r, 'discount.fixed_amount', d['fixed_amount']);
      }
      return;
    case 'unit':
      checkUnitItem(r, 'discount', d);
      return;
    case 'shipping':
      if (d['unit_off'] !== 1) {
        r.error('discount.unit_off', d['unit_off'], '1', `discount.unit_off ${show(d['unit_off'])} must be 1 for a shipping discount`);
      }
      return;
    case 'units':
      checkUnits(r, d['units']);
      return;
  }
}

/** Checks a discount object: its kind, the fields that kind requires, and the effects it allows. */
export function validateDiscount(r: ProblemReporter, discount: unknown): void {
  if (!isPlainObject(discount)) {
    r.error('discount', discount, DISCOUNT_ALLOWED, `discount ${show(discount)} is not ${DISCOUNT_ALLOWED}`);
    return;
  }
  if (!checkRequired(r, 'discount.type', discount['type'], DISCOUNT_TYPE_ALLOWED)) return;
  if (!checkOneOf(r, 'discount.type', discount['type'], DISCOUNT_TYPES)) return;
  const kind = kindOfDiscountObject(discount);
  if (kind === null) return;
  checkKindFields(r, kind, discount);
  checkEffect(r, 'discount.effect', discount['effect'], EFFECTS_BY_KIND[kind], KIND_NAMES[kind]);
  warnUnknownKeys(r, 'discount', discount, FIELDS_BY_KIND[kind], FIELDS_TEXT[kind]);
}

const GIFT_FIELDS: ReadonlySet<string> = new Set(['amount', 'effect']);

/** Checks a gift object: gift.amount is required, the effect optional. */
export function validateGift(r: ProblemReporter, gift: unknown): void {
  if (!isPlainObject(gift)) {
    r.error('gift', gift, 'an object with amount', `gift ${show(gift)} is not an object with amount`);
    return;
  }
  if (checkRequired(r, 'gift.amount', gift['amount'], 'an integer in the smallest currency unit')) {
    checkMoney(r, 'gift.amount', gift['amount']);
  }
  if (gift['effect'] !== undefined) checkOneOf(r, 'gift.effect', gift['effect'], GIFT_EFFECTS);
  warnUnknownKeys(r, 'gift', gift, GIFT_FIELDS, 'amount, effect');
}
