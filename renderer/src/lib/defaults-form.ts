import { metadataFromText } from './metadata-text';

/** The defaults panel's fields, as text the inputs bind to. */
export interface DefaultsForm {
  type: '' | 'GIFT_VOUCHER' | 'DISCOUNT_VOUCHER';
  amount: number | null;
  discountType: 'PERCENT' | 'AMOUNT' | 'FIXED';
  effect: 'APPLY_TO_ORDER' | 'APPLY_TO_ITEMS';
  category: string;
  startDate: string;
  expirationDate: string;
  metadata: string;
}

const VALUE_FIELD = { PERCENT: 'percent_off', AMOUNT: 'amount_off', FIXED: 'fixed_amount' } as const;

function localInput(iso: unknown): string {
  return typeof iso === 'string' ? iso.slice(0, 16) : '';
}

export function formFromDefaults(defaults: Record<string, unknown>): DefaultsForm {
  const gift = defaults['gift'] as { amount?: number } | undefined;
  const discount = defaults['discount'] as Record<string, unknown> | undefined;
  const discountType = (discount?.['type'] as DefaultsForm['discountType'] | undefined) ?? 'PERCENT';
  const value = gift?.amount ?? (discount?.[VALUE_FIELD[discountType] ?? 'percent_off'] as number | undefined) ?? null;
  return {
    type: (defaults['type'] as DefaultsForm['type'] | undefined) ?? '',
    amount: value,
    discountType,
    effect: (discount?.['effect'] as DefaultsForm['effect'] | undefined) ?? 'APPLY_TO_ORDER',
    category: typeof defaults['category'] === 'string' ? defaults['category'] : '',
    startDate: localInput(defaults['start_date']),
    expirationDate: localInput(defaults['expiration_date']),
    metadata: defaults['metadata'] ? JSON.stringify(defaults['metadata']) : '',
  };
}

/** The defaults to save; main checks them and names any field it refuses. */
export function defaultsFromForm(form: DefaultsForm): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (form.type) out['type'] = form.type;
  if (form.type === 'GIFT_VOUCHER' && form.amount !== null) out['gift'] = { amount: form.amount };
  if (form.type === 'DISCOUNT_VOUCHER' && form.amount !== null) {
    out['discount'] = { type: form.discountType, [VALUE_FIELD[form.discountType]]: form.amount, effect: form.effect };
  }
  if (form.category.trim()) out['category'] = form.category.trim();
  if (form.startDate) out['start_date'] = new Date(form.startDate).toISOString();
  if (form.expirationDate) out['expiration_date'] = new Date(form.expirationDate).toISOString();
  const metadata = metadataFromText(form.metadata);
  if (metadata) out['metadata'] = metadata;
  return out;
}
