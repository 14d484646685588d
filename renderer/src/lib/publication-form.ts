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
        ? row.value
            .split(',')
            .map((v) => v.trim())
            .filter(Boolean)
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

// Reading a publication as the service sent it (tolerant: any field may be missing or another shape).
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** The code or codes a publication handed out (one `voucher`, or the `vouchers` list). */
export function codesOf(p: Record<string, unknown>): string {
  const voucher = p['voucher'] as { code?: unknown } | null | undefined;
  if (voucher && str(voucher.code)) return str(voucher.code);
  const vouchers = p['vouchers'];
  return Array.isArray(vouchers) ? vouchers.map((v) => (typeof v === 'string' ? v : str((v as { code?: unknown } | null)?.code))).join(', ') : '';
}

/** The receiving customer: id always, name and email when the answer embeds them (spec 2.3). */
export function customerOf(p: Record<string, unknown>): { id: string; name: string; email: string } {
  const customer = (p['customer'] ?? {}) as Record<string, unknown>;
  return { id: str(p['customer_id']) || str(customer['id']), name: str(customer['name']), email: str(customer['email']) };
}

/** Why a failed publication failed ("code: message"), or undefined for one that did not fail. */
export function failureOf(p: Record<string, unknown>): string | undefined {
  if (p['result'] !== 'FAILURE') return undefined;
  const parts = [str(p['failure_code']), str(p['failure_message'])].filter(Boolean);
  return parts.length > 0 ? parts.join(': ') : 'no reason given';
}
