import type { Problem, VoucherDraft } from '../../../shared/domain/voucher';

export const gift = (code = 'GIFT-1', amount = 5000): VoucherDraft => ({ code, type: 'GIFT_VOUCHER', gift: { amount } });

export const percent = (code = 'PCT-1', percent_off = 10): VoucherDraft => ({
  code,
  type: 'DISCOUNT_VOUCHER',
  discount: { type: 'PERCENT', percent_off, effect: 'APPLY_TO_ORDER' },
});

/** The problems of one field, so a test can assert exactly what was reported there. */
export function at(problems: readonly Problem[], field: string): Problem[] {
  return problems.filter((p) => p.field === field);
}

export function errors(problems: readonly Problem[]): Problem[] {
  return problems.filter((p) => p.severity === 'error');
}
