import { describe, expect, it } from 'vitest';
import { validateDraft } from '../../../shared/domain/validate-draft';
import { EFFECTS_BY_KIND, SHIPPING_UNIT_TYPE, discountKind, type Discount } from '../../../shared/domain/voucher';
import { at, errors } from './fixtures';

const check = (discount: unknown) => validateDraft({ code: 'D-1', type: 'DISCOUNT_VOUCHER', discount }, 7);

const valid: Record<string, Discount> = {
  amount: { type: 'AMOUNT', amount_off: 1500, effect: 'APPLY_TO_ITEMS_PROPORTIONALLY' },
  formula: { type: 'AMOUNT', amount_off_formula: 'ORDER_AMOUNT * 0.1', effect: 'APPLY_TO_ORDER' },
  percent: { type: 'PERCENT', percent_off: 100, amount_limit: 5000, effect: 'APPLY_TO_ITEMS' },
  fixed: { type: 'FIXED', fixed_amount: 999, effect: 'APPLY_TO_ORDER' },
  unit: { type: 'UNIT', unit_off: 2, unit_type: 'prod_123', effect: 'ADD_NEW_ITEMS' },
  units: {
    type: 'UNIT',
    effect: 'ADD_MANY_ITEMS',
    units: [
      { unit_off: 1, unit_type: 'prod_1', effect: 'ADD_MISSING_ITEMS' },
      { unit_off: 3, unit_type: 'sku_2', effect: 'ADD_NEW_ITEMS' },
    ],
  },
  shipping: { type: 'UNIT', unit_off: 1, unit_type: SHIPPING_UNIT_TYPE, effect: 'ADD_MISSING_ITEMS' },
};

describe('discount validation', () => {
  it.each(Object.entries(valid))('accepts a valid %s discount', (_name, discount) => {
    expect(check(discount)).toEqual([]);
  });

  it('tells the kinds apart', () => {
    expect(Object.values(valid).map(discountKind)).toEqual(['amount', 'amount', 'percent', 'fixed', 'unit', 'units', 'shipping']);
  });

  it('requires a known discount type', () => {
    expect(errors(check({ effect: 'APPLY_TO_ORDER' }))).toEqual([expect.objectContaining({ field: 'discount.type' })]);
    expect(errors(check({ type: 'BOGO', effect: 'APPLY_TO_ORDER' }))[0]?.allowed).toBe('one of AMOUNT, PERCENT, FIXED, UNIT');
    expect(errors(check('AMOUNT'))).toEqual([expect.objectContaining({ field: 'discount' })]);
  });

  it('requires the fields of each kind', () => {
    expect(errors(check({ type: 'AMOUNT', effect: 'APPLY_TO_ORDER' }))[0]?.allowed).toBe('amount_off or amount_off_formula');
    expect(errors(check({ type: 'PERCENT', effect: 'APPLY_TO_ORDER' })).map((p) => p.field)).toEqual(['discount.percent_off']);
    expect(errors(check({ type: 'FIXED', effect: 'APPLY_TO_ORDER' })).map((p) => p.field)).toEqual(['discount.fixed_amount']);
    expect(errors(check({ type: 'UNIT', effect: 'ADD_NEW_ITEMS' })).map((p) => p.field)).toEqual(['discount.unit_off', 'discount.unit_type']);
    expect(errors(check({ type: 'UNIT', effect: 'ADD_MANY_ITEMS', units: [] })).map((p) => p.field)).toEqual(['discount.units']);
    expect(errors(check({ type: 'AMOUNT', amount_off: 1 })).map((p) => p.field)).toEqual(['discount.effect']);
  });

  it('checks each item of a several-items unit discount', () => {
    const problems = check({ type: 'UNIT', effect: 'ADD_MANY_ITEMS', units: [{ unit_off: 0, unit_type: '', effect: 'APPLY_TO_ORDER' }, 'x'] });
    expect(errors(problems).map((p) => p.field)).toEqual([
      'discount.units[0].unit_off',
      'discount.units[0].unit_type',
      'discount.units[0].effect',
      'discount.units[1]',
    ]);
  });

  it('keeps money in integers of the smallest unit and percent in 0..100', () => {
    expect(errors(check({ type: 'AMOUNT', amount_off: 10.5, effect: 'APPLY_TO_ORDER' }))[0]?.allowed).toContain('12.50 is written 1250');
    expect(errors(check({ type: 'AMOUNT', amount_off: -1, effect: 'APPLY_TO_ORDER' }))).toHaveLength(1);
    expect(errors(check({ type: 'AMOUNT', amount_off: '100', effect: 'APPLY_TO_ORDER' }))).toHaveLength(1);
    expect(errors(check({ type: 'FIXED', fixed_amount: 1e20, effect: 'APPLY_TO_ORDER' }))).toHaveLength(1);
    expect(errors(check({ type: 'PERCENT', percent_off: 100.01, effect: 'APPLY_TO_ORDER' }))[0]?.allowed).toBe('a number from 0 to 100');
    expect(errors(check({ type: 'PERCENT', percent_off: -0.5, effect: 'APPLY_TO_ORDER' }))).toHaveLength(1);
    expect(errors(check({ type: 'PERCENT', percent_off: 0, amount_limit: 1.5, effect: 'APPLY_TO_ORDER' })).map((p) => p.field)).toEqual([
      'discount.amount_limit',
    ]);
    expect(errors(check({ type: 'AMOUNT', amount_off_formula: ' ', effect: 'APPLY_TO_ORDER' })).map((p) => p.field)).toEqual(['discount.amount_off_formula']);
  });

  it('allows only the effects of each kind', () => {
    for (const [name, discount] of Object.entries(valid)) {
      const kind = discountKind(discount);
      for (const effect of ['APPLY_TO_ORDER', 'APPLY_TO_ITEMS', 'APPLY_TO_ITEMS_PROPORTIONALLY', 'ADD_MISSING_ITEMS', 'ADD_NEW_ITEMS', 'ADD_MANY_ITEMS']) {
        const problems = at(check({ ...discount, effect }), 'discount.effect');
        const allowed = EFFECTS_BY_KIND[kind].includes(effect as never);
        // A unit discount given ADD_MANY_ITEMS without units is still checked as a one-item unit discount.
        expect(problems.length === 0, `${name} ${effect}`).toBe(allowed);
      }
    }
  });

  it('a shipping discount takes exactly one unit', () => {
    expect(errors(check({ ...valid['shipping'], unit_off: 2 }))).toEqual([expect.objectContaining({ field: 'discount.unit_off', allowed: '1' })]);
  });

  it('warns about fields another kind uses, which the service skips', () => {
    const problems = check({ type: 'FIXED', fixed_amount: 100, percent_off: 5, effect: 'APPLY_TO_ORDER' });
    expect(problems).toEqual([expect.objectContaining({ field: 'discount.percent_off', severity: 'warning' })]);
    expect(problems[0]?.allowed).toContain('fixed_amount');
  });
});
