import { describe, expect, it } from 'vitest';
import { validateDraft } from '../../../shared/domain/validate-draft';
import { hasErrors } from '../../../shared/domain/voucher';
import { at, errors, gift, percent } from './fixtures';

describe('validateDraft: whole drafts', () => {
  it('accepts a complete gift card and a complete discount voucher without any problem', () => {
    expect(validateDraft(gift(), 1)).toEqual([]);
    const full = {
      ...percent('FULL-1', 12.5),
      category: 'spring',
      active: false,
      start_date: '2025-03-01',
      expiration_date: '2025-03-01T00:00:01Z',
      redemption: { quantity: null },
      additional_info: 'for staff',
      metadata: { region: 'north', tier: 2 },
      validity_timeframe: { interval: 'P2D', duration: 'PT1H' },
      validity_day_of_week: [0, 6],
    };
    expect(validateDraft(full, 1)).toEqual([]);
  });

  it('reports every problem at once, each with row, code, field, value, allowed and message', () => {
    const problems = validateDraft(
      {
        code: 'BAD-1',
        type: 'GIFT_VOUCHER',
        gift: { amount: 12.5 },
        start_date: '2025-13-01',
        expiration_date: 'tomorrow',
        active: 'yes',
        validity_day_of_week: [7],
      },
      42,
    );
    expect(
      errors(problems)
        .map((p) => p.field)
        .sort(),
    ).toEqual(['active', 'expiration_date', 'gift.amount', 'start_date', 'validity_day_of_week[0]'].sort());
    const amount = at(problems, 'gift.amount')[0];
    expect(amount).toMatchObject({ row: 42, code: 'BAD-1', value: 12.5, severity: 'error' });
    expect(amount?.allowed).toContain('smallest currency unit');
    expect(amount?.message).toContain('not a whole number');
  });

  it('reports a value that is not an object at all', () => {
    expect(validateDraft('CODE', 3)).toEqual([expect.objectContaining({ row: 3, severity: 'error', value: 'CODE' })]);
    expect(validateDraft(null, 4)).toHaveLength(1);
    expect(validateDraft([gift()], 5)).toHaveLength(1);
  });
});

describe('validateDraft: code', () => {
  it('rejects a missing, empty, blank or non-text code', () => {
    for (const code of [undefined, '', '   ', 42]) {
      const problems = at(validateDraft({ ...gift(), code }, 1), 'code');
      expect(problems, String(code)).toHaveLength(1);
      expect(problems[0]?.severity).toBe('error');
    }
  });

  it('rejects control characters and broken Unicode in a code', () => {
    expect(errors(at(validateDraft(gift('A\nB'), 1), 'code'))).toHaveLength(1);
    expect(errors(at(validateDraft(gift('A\tB'), 1), 'code'))).toHaveLength(1);
    expect(errors(at(validateDraft(gift('A\uD800B'), 1), 'code'))).toHaveLength(1);
  });

  it('allows characters a URL path cannot carry, with a warning showing the encoded form', () => {
    for (const [code, encoded] of [
      ['SUMMER/2025', 'SUMMER%2F2025'],
      ['A B', 'A%20B'],
      ['50%OFF', '50%25OFF'],
      ['Q?#', 'Q%3F%23'],
      ['ÉTÉ', '%C3%89T%C3%89'],
    ] as const) {
      const problems = at(validateDraft(gift(code), 1), 'code');
      expect(problems, code).toHaveLength(1);
      expect(problems[0]?.severity).toBe('warning');
      expect(problems[0]?.message).toContain(encoded);
    }
    expect(validateDraft(gift("safe-code_1.2~!*'()"), 1)).toEqual([]);
  });

  it('warns about leading or trailing spaces in a code', () => {
    const problems = at(validateDraft(gift(' X1'), 1), 'code');
    expect(problems.map((p) => p.severity)).toEqual(['warning', 'warning']);
    expect(problems[0]?.message).toContain('space');
  });
});

describe('validateDraft: type-specific rules', () => {
  it('requires a known type', () => {
    expect(errors(at(validateDraft({ code: 'X' }, 1), 'type'))).toHaveLength(1);
    const loyalty = at(validateDraft({ code: 'X', type: 'LOYALTY_CARD' }, 1), 'type');
    expect(loyalty[0]?.allowed).toBe('one of GIFT_VOUCHER, DISCOUNT_VOUCHER');
  });

  it('a gift card needs gift.amount; a discount voucher needs a discount', () => {
    const noGift = errors(validateDraft({ code: 'G', type: 'GIFT_VOUCHER' }, 1));
    expect(noGift).toHaveLength(1);
    expect(noGift[0]).toMatchObject({ field: 'gift' });
    expect(noGift[0]?.message).toContain('gift.amount');
    expect(errors(at(validateDraft({ code: 'G', type: 'GIFT_VOUCHER', gift: {} }, 1), 'gift.amount'))).toHaveLength(1);
    expect(errors(at(validateDraft({ code: 'G', type: 'GIFT_VOUCHER', gift: { amount: -1 } }, 1), 'gift.amount'))).toHaveLength(1);
    const noDiscount = errors(validateDraft({ code: 'D', type: 'DISCOUNT_VOUCHER' }, 1));
    expect(noDiscount).toEqual([expect.objectContaining({ field: 'discount' })]);
  });

  it('checks gift.effect and warns about unknown gift fields', () => {
    const problems = validateDraft({ code: 'G', type: 'GIFT_VOUCHER', gift: { amount: 1, effect: 'ADD_NEW_ITEMS', balance: 1 } }, 1);
    expect(errors(problems)).toEqual([expect.objectContaining({ field: 'gift.effect', allowed: 'one of APPLY_TO_ORDER, APPLY_TO_ITEMS' })]);
    expect(at(problems, 'gift.balance')[0]?.severity).toBe('warning');
  });

  it('warns that the other kind of object is skipped', () => {
    const giftWithDiscount = { ...gift(), discount: { type: 'AMOUNT', amount_off: 1, effect: 'APPLY_TO_ORDER' } };
    expect(validateDraft(giftWithDiscount, 1)).toEqual([expect.objectContaining({ field: 'discount', severity: 'warning' })]);
    const discountWithGift = { ...percent(), gift: { amount: 1 } };
    expect(validateDraft(discountWithGift, 1)).toEqual([expect.objectContaining({ field: 'gift', severity: 'warning' })]);
  });
});

describe('validateDraft: dates', () => {
  it('needs start before expiration', () => {
    const same = validateDraft({ ...gift(), start_date: '2025-01-01T10', expiration_date: '2025-01-01T10:00' }, 1);
    expect(errors(same)).toEqual([expect.objectContaining({ field: 'expiration_date', value: '2025-01-01T10:00' })]);
    const later = validateDraft({ ...gift(), start_date: '2025-02-01', expiration_date: '2025-01-01' }, 1);
    expect(errors(later)[0]?.message).toContain('not after start_date');
    expect(validateDraft({ ...gift(), start_date: '2025-01-01', expiration_date: '2025-01-01T00:00:00.001Z' }, 1)).toEqual([]);
  });

  it('rejects a date outside the six formats and a non-text date, naming the formats', () => {
    const problems = validateDraft({ ...gift(), start_date: '01/02/2025', expiration_date: 20250101 }, 1);
    expect(errors(problems).map((p) => p.field)).toEqual(['start_date', 'expiration_date']);
    expect(problems[0]?.allowed).toContain('YYYY-MM-DDTHH:mm:ss.SSSZ');
  });
});

describe('validateDraft: other fields', () => {
  it('checks redemption quantity and warns that redeemed counters are CSV-only', () => {
    expect(errors(validateDraft({ ...gift(), redemption: { quantity: 0 } }, 1))).toHaveLength(1);
    expect(errors(validateDraft({ ...gift(), redemption: { quantity: 2.5 } }, 1))).toHaveLength(1);
    expect(errors(validateDraft({ ...gift(), redemption: 5 }, 1))).toHaveLength(1);
    const counters = validateDraft({ ...gift(), redemption: { quantity: 3, redeemed_quantity: 1, redeemed_amount: 200 } }, 1);
    expect(counters.map((p) => [p.field, p.severity])).toEqual([
      ['redemption.redeemed_quantity', 'warning'],
      ['redemption.redeemed_amount', 'warning'],
    ]);
    expect(errors(validateDraft({ ...gift(), redemption: { quantity: 3, redeemed_quantity: -1 } }, 1))).toHaveLength(1);
  });

  it('checks days of week 0..6 and warns on repeats', () => {
    const problems = validateDraft({ ...gift(), validity_day_of_week: [0, 6, 7, -1, 1.5, '2', 6] }, 1);
    expect(errors(problems).map((p) => p.value)).toEqual([7, -1, 1.5, '2']);
    expect(problems.filter((p) => p.severity === 'warning').map((p) => p.field)).toEqual(['validity_day_of_week[6]']);
    expect(errors(validateDraft({ ...gift(), validity_day_of_week: 3 }, 1))).toHaveLength(1);
  });

  it('needs start_date with validity_timeframe and ISO 8601 durations inside it', () => {
    const problems = validateDraft({ ...gift(), validity_timeframe: { interval: '2 days', duration: 'PT1H', every: 1 } }, 1);
    expect(errors(problems).map((p) => p.field)).toEqual(['start_date', 'validity_timeframe.interval']);
    expect(at(problems, 'validity_timeframe.every')[0]?.severity).toBe('warning');
    expect(errors(validateDraft({ ...gift(), start_date: '2025-01-01', validity_timeframe: 'P1D' }, 1))).toHaveLength(1);
  });

  it('checks category, additional_info, active and metadata types', () => {
    const problems = validateDraft({ ...gift(), category: 5, additional_info: {}, active: 'true', metadata: [1] }, 1);
    expect(
      errors(problems)
        .map((p) => p.field)
        .sort(),
    ).toEqual(['active', 'additional_info', 'category', 'metadata']);
  });

  it('warns that unknown fields will be skipped by the service', () => {
    const problems = validateDraft({ ...gift(), redeemed_quantity: 3, campaign: 'x' }, 1);
    expect(problems.map((p) => [p.field, p.severity])).toEqual([
      ['redeemed_quantity', 'warning'],
      ['campaign', 'warning'],
    ]);
    expect(problems[0]?.message).toContain('will be skipped by the service');
    expect(hasErrors(problems)).toBe(false);
  });
});
