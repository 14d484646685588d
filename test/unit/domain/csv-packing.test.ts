import { describe, expect, it } from 'vitest';
import { csvPacking, csvPackingObstacle } from '../../../shared/domain/csv-packing';
import { SHIPPING_UNIT_TYPE, type VoucherDraft } from '../../../shared/domain/voucher';
import { gift, percent } from './fixtures';

describe('which batch rows may be packed as CSV import files', () => {
  it('packs the fields a CSV row reads back unchanged', () => {
    const full: VoucherDraft = {
      ...percent('P-1', 12.5),
      category: 'Spring',
      active: false,
      start_date: '2026-01-01',
      expiration_date: '2026-12-31T23:59:59Z',
      redemption: { quantity: 3 },
      additional_info: 'first, "quoted"\nsecond line',
      metadata: { region: 'EU', note: '42' },
    };
    expect(csvPackingObstacle(full)).toBeUndefined();
    expect(csvPackingObstacle(gift('G-1', 2500))).toBeUndefined();
    expect(csvPackingObstacle({ ...gift(), redemption: { quantity: null } })).toBeUndefined();
    expect(
      csvPackingObstacle({ code: 'A-1', type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 500, effect: 'APPLY_TO_ORDER' } }),
    ).toBeUndefined();
    expect(
      csvPackingObstacle({ code: 'F-1', type: 'DISCOUNT_VOUCHER', discount: { type: 'FIXED', fixed_amount: 900, effect: 'APPLY_TO_ORDER' } }),
    ).toBeUndefined();
  });

  it.each<[string, VoucherDraft, RegExp]>([
    ['a number in metadata', { ...percent(), metadata: { tier: 2 } }, /metadata\.tier \(becomes text\)/],
    ['an effect other than the CSV default', { ...percent(), discount: { type: 'PERCENT', percent_off: 5, effect: 'APPLY_TO_ITEMS' } }, /discount\.effect/],
    [
      'a unit discount',
      { code: 'U', type: 'DISCOUNT_VOUCHER', discount: { type: 'UNIT', unit_off: 1, unit_type: SHIPPING_UNIT_TYPE, effect: 'ADD_MISSING_ITEMS' } },
      /unit_type/,
    ],
    ['a validity day list', { ...percent(), validity_day_of_week: [1, 2] }, /validity_day_of_week/],
    ['redeemed counters', { ...gift(), redemption: { quantity: 1, redeemed_quantity: 1 } }, /redeemed counters/],
    ['an empty category', { ...percent(), category: '' }, /category is empty/],
    ['an empty metadata value', { ...percent(), metadata: { region: '' } }, /metadata\.region is empty/],
    ['a padded additional info', { ...percent(), additional_info: ' hi' }, /additional_info has surrounding spaces/],
    ['a metadata key named like a column', { ...percent(), metadata: { 'Voucher Type': 'x' } }, /metadata key "Voucher Type" cannot be a CSV column/],
    ['an amount in exponent notation', gift('G', 1e21), /gift\.amount 1e\+21 is not written as a plain decimal/],
  ])('keeps JSON bodies for %s', (_, draft, reason) => {
    expect(csvPackingObstacle(draft)).toMatch(reason);
  });

  it('reads a batch once: its metadata columns in order of first use and the first row that needs JSON', () => {
    const drafts = [
      { ...percent('A'), metadata: { b: 'x' } },
      { ...percent('B'), category: '' },
      { ...percent('C'), metadata: { a: 'y', b: 'z' } },
    ];
    expect(csvPacking(drafts)).toEqual({ metadataKeys: ['b', 'a'], jsonBecause: { code: 'B', reason: 'category is empty (a CSV cell would leave it unset)' } });
    expect(csvPacking([percent('A'), gift('B')])).toEqual({ metadataKeys: [], jsonBecause: undefined });
  });
});
