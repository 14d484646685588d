import { describe, expect, it } from 'vitest';
import { findDuplicateCodes } from '../../../shared/domain/duplicates';
import { fieldLabel, problemWords } from '../../../shared/domain/problem-words';
import { validateDraft } from '../../../shared/domain/validate-draft';

const percent = (percent_off: unknown) => ({ code: 'P-1', type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off, effect: 'APPLY_TO_ORDER' } });
const words = (draft: Record<string, unknown>) => validateDraft(draft, 1).map(problemWords);

describe('problems in people words', () => {
  it('names the grid field, the allowed range and what to do; the JSON path only in the details', () => {
    const [bad] = words(percent(150));
    expect(bad).toEqual({
      label: 'Percent off',
      text: 'Percent off 150 is not allowed: enter a number from 0 to 100.',
      details: 'discount.percent_off 150 is not a number from 0 to 100',
    });
    expect(bad?.text).not.toContain('discount.');
  });

  it('says a missing value is missing and what to enter', () => {
    expect(words(percent(undefined)).map((w) => w.text)).toEqual(['Percent off is missing: enter a number from 0 to 100.']);
    expect(words({ code: 'G-1', type: 'GIFT_VOUCHER', gift: {} }).map((w) => w.text)).toEqual([
      'Gift amount is missing: enter a whole number in the smallest currency unit, 0 or more (12.50 is 1250).',
    ]);
  });

  it('shows the accepted date formats and says which date to move', () => {
    const [notDate] = words({ ...percent(10), expiration_date: '31/12/2026' });
    expect(notDate?.label).toBe('Expiration date');
    expect(notDate?.text).toMatch(/^Expiration date "31\/12\/2026" is not allowed: enter a date such as 2026-12-31 .*YYYY-MM-DDTHH:mm:ss\.SSSZ\)\.$/);
    const [order] = words({ ...percent(10), start_date: '2026-06-01', expiration_date: '2026-05-01' });
    expect(order?.text).toBe('Expiration date "2026-05-01" is not after the start date: pick a later expiration date or an earlier start date.');
    expect(order?.details).toBe('expiration_date "2026-05-01" is not after start_date "2026-06-01"');
  });

  it('words a wrong type, money, redemption limit and a duplicate code', () => {
    expect(words({ code: 'T-1', type: 'COUPON' }).map((w) => w.text)).toEqual([
      'Type "COUPON" is not allowed: enter Gift card (GIFT_VOUCHER) or Discount (DISCOUNT_VOUCHER).',
    ]);
    expect(words({ code: 'G-1', type: 'GIFT_VOUCHER', gift: { amount: 12.5 } })[0]?.text).toBe(
      'Gift amount 12.5 is not allowed: enter a whole number in the smallest currency unit, 0 or more (12.50 is 1250).',
    );
    expect(words({ ...percent(5), redemption: { quantity: 0 } })[0]).toMatchObject({
      label: 'Redemption limit',
      text: 'Redemption limit 0 is not allowed: enter a whole number, 1 or more, or nothing for unlimited.',
    });
    const [dup] = findDuplicateCodes([
      { row: 1, code: 'D-1' },
      { row: 4, code: 'D-1' },
    ]);
    expect(dup && problemWords(dup).text).toBe(
      'Code "D-1" already appears in row 1; the service imports a code only once: change one of the codes or delete a row.',
    );
  });

  it('labels warnings too, without the path', () => {
    const [warning] = words({ ...percent(5), extra: 1 });
    expect(warning).toMatchObject({ label: 'extra', text: 'extra: is not an importable field and will be skipped by the service.' });
  });

  it('labels nested paths by their grid column', () => {
    expect(fieldLabel('metadata.shop')).toBe('Metadata "shop"');
    expect(fieldLabel('discount.units[1].unit_off')).toBe('Units, item 2');
    expect(fieldLabel('validity_day_of_week[0]')).toBe('Valid on days');
    expect(fieldLabel('discount.amount_limit')).toBe('Percent limit');
  });
});
