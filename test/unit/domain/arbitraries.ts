import fc from 'fast-check';
import { standardField } from '../../../shared/domain/csv-columns';
import type { Discount, Redemption, VoucherDraft } from '../../../shared/domain/voucher';

const text = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 });
const amount = fc.nat({ max: 10_000_000 });

const date = fc
  .record({
    day: fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }),
    format: fc.integer({ min: 0, max: 5 }),
  })
  .map(({ day, format }) => {
    const iso = day.toISOString();
    return [iso.slice(0, 10), iso.slice(0, 13), iso.slice(0, 16), iso.slice(0, 19), `${iso.slice(0, 19)}Z`, iso][format] as string;
  });

/** Discounts the CSV format can carry: the Value column and the default effect. */
const csvDiscount: fc.Arbitrary<Discount> = fc.oneof(
  amount.map((amount_off): Discount => ({ type: 'AMOUNT', amount_off, effect: 'APPLY_TO_ORDER' })),
  fc.integer({ min: 0, max: 1000 }).map((n): Discount => ({ type: 'PERCENT', percent_off: n / 10, effect: 'APPLY_TO_ORDER' })),
  amount.map((fixed_amount): Discount => ({ type: 'FIXED', fixed_amount, effect: 'APPLY_TO_ORDER' })),
);

const redemption: fc.Arbitrary<Redemption> = fc
  .record(
    { quantity: fc.option(fc.integer({ min: 1, max: 1000 }), { nil: null }), redeemed_quantity: fc.nat(1000), redeemed_amount: amount },
    { requiredKeys: ['quantity'] },
  )
  .filter((r) => r.quantity !== null || r.redeemed_quantity !== undefined || r.redeemed_amount !== undefined);

const metadataKey = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }).filter((k) => k === k.trim() && standardField(k) === undefined);

/** Drafts made only of what the service's CSV import format can carry, so CSV round trips are exact. */
export const csvDraft: fc.Arbitrary<VoucherDraft> = fc
  .record(
    {
      code: text,
      kind: fc.oneof(
        amount.map((a) => ({ gift: { amount: a } })),
        csvDiscount.map((d) => ({ discount: d })),
      ),
      category: text,
      start_date: date,
      expiration_date: date,
      redemption,
      active: fc.boolean(),
      additional_info: text,
      metadata: fc.dictionary(metadataKey, text, { minKeys: 1, maxKeys: 3 }),
    },
    { requiredKeys: ['code', 'kind'] },
  )
  .map(({ kind, ...rest }) => ('gift' in kind ? { ...rest, type: 'GIFT_VOUCHER', ...kind } : { ...rest, type: 'DISCOUNT_VOUCHER', ...kind }));

/** Any valid-looking draft for size planning: long texts, non-ASCII metadata, both types. */
export const anyDraft: fc.Arbitrary<VoucherDraft> = fc
  .record({
    code: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }),
    amount,
    info: fc.option(fc.string({ unit: 'grapheme', maxLength: 200 }), { nil: undefined }),
    note: fc.option(fc.string({ unit: 'binary', maxLength: 50 }), { nil: undefined }),
  })
  .map(({ code, amount: a, info, note }): VoucherDraft => ({
    code,
    type: 'GIFT_VOUCHER',
    gift: { amount: a },
    ...(info === undefined ? {} : { additional_info: info }),
    ...(note === undefined ? {} : { metadata: { note } }),
  }));
