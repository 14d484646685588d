import type { PublicationSelectionView } from '../../../shared/ipc/inspect';

export interface FilterRow {
  field: string;
  operator: string;
  value: string;
}

export interface PublicationForm {
  order: string;
  campaign: string;
  customer: string;
  voucher: string;
  result: string;
  voucher_type: string;
  is_referral_code: boolean;
  source_id: string;
  junction: 'and' | 'or';
  filters: FilterRow[];
}

export const emptyPublicationForm = (): PublicationForm => ({
  order: '',
  campaign: '',
  customer: '',
  voucher: '',
  result: '',
  voucher_type: '',
  is_referral_code: false,
  source_id: '',
  junction: 'and',
  filters: [],
});

const LIST_OPERATORS = new Set(['$in', '$not_in']);
const PRESENCE_OPERATORS = new Set(['$has_value', '$is_unknown']);

/** The selection main receives; main's contract checks every field, operator and value. */
export function selectionOf(form: PublicationForm): PublicationSelectionView {
  const out: Record<string, unknown> = {};
  for (const key of ['order', 'campaign', 'customer', 'voucher', 'result', 'voucher_type', 'source_id'] as const) {
    if (form[key].trim() !== '') out[key] = form[key].trim();
  }
  if (form.is_referral_code) out['is_referral_code'] = true;
  const rows = form.filters.filter((f) => f.field && f.operator);
  if (rows.length > 0) {
    const filters: Record<string, { conditions: Record<string, unknown> }> = {};
    for (const row of rows) {
      const value = LIST_OPERATORS.has(row.operator)
        ? row.value.split(',').map((v) => v.trim()).filter(Boolean)
        : PRESENCE_OPERATORS.has(row.operator)
          ? true
          : row.value;
      const entry = (filters[row.field] ??= { conditions: {} });
      entry.conditions[row.operator] = value;
    }
    out['filters'] = { ...filters, junction: form.junction };
  }
  return out;
}
