import type { Filter, FilterField } from './filters';
import { matches } from './filters';
import type { PublicationDoc } from './publication-doc';

/** What one list request selects: the plain query parameters of spec 4.1 and the `filters` deep object. */
export interface PublicationCriteria {
  campaign: string | null;
  customer: string | null;
  voucher: string | null;
  result: 'SUCCESS' | 'FAILURE' | null;
  voucherType: 'discount' | 'loyalty' | null;
  /** `is_referral_code=true`; the value false has no effect (spec 4.1). */
  referralOnly: boolean;
  sourceId: string | null;
  filter: Filter;
}

/** A field a publication can be looked up by exactly: the filter fields, and `codes` for `voucher`. */
export type IndexedField = FilterField | 'codes';

/** Records whose field, as text, is one of `values`; every selected record is among them. */
export interface Equality {
  field: IndexedField;
  values: string[];
}

export function isUnfiltered(c: PublicationCriteria): boolean {
  return (
    c.campaign === null &&
    c.customer === null &&
    c.voucher === null &&
    c.result === null &&
    c.voucherType === null &&
    !c.referralOnly &&
    c.sourceId === null &&
    c.filter.conditions.length === 0
  );
}

export function admits(c: PublicationCriteria, { facts }: PublicationDoc): boolean {
  return (
    (c.campaign === null || facts.campaign_name === c.campaign) &&
    (c.customer === null || facts.customer_id === c.customer) &&
    (c.voucher === null || facts.codes.includes(c.voucher)) &&
    (c.result === null || facts.result === c.result) &&
    (c.voucherType === null || facts.voucher_type === c.voucherType) &&
    (!c.referralOnly || facts.is_referral_code) &&
    (c.sourceId === null || facts.source_id === c.sourceId) &&
    matches(c.filter, (field) => facts[field])
  );
}

/**
 * The exact-value conditions every selected record meets, so an index can narrow the records to
 * check. Deep conditions count only when all of them must hold (`and`, or a single condition).
 */
export function equalitiesOf(c: PublicationCriteria): Equality[] {
  const out: Equality[] = [];
  const add = (field: IndexedField, value: string | null): void => {
    if (value !== null) out.push({ field, values: [value] });
  };
  add('campaign_name', c.campaign);
  add('customer_id', c.customer);
  add('codes', c.voucher);
  add('result', c.result);
  add('voucher_type', c.voucherType);
  add('is_referral_code', c.referralOnly ? 'true' : null);
  add('source_id', c.sourceId);
  if (c.filter.junction === 'and' || c.filter.conditions.length === 1) {
    for (const { field, op, values } of c.filter.conditions) {
      if (op === '$is') out.push({ field, values: [values[0] ?? ''] });
      else if (op === '$in') out.push({ field, values: [...new Set(values)] });
    }
  }
  return out;
}
