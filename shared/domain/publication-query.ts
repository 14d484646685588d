import type { PublicationFilters, PublicationsQuery } from '../api/publications-query';
import type { KnownFacts, PublicationFacts } from './publication-facts';
import {
  EMPTY_FILTER_OPERATORS,
  FILTER_FIELDS,
  LIST_FILTER_OPERATORS,
  allOf,
  evaluate,
  type Condition,
  type FieldValue,
  type Filter,
  type FilterField,
  type FilterOperator,
  type Truth,
} from './publication-filter';

/** The listing's query without its paging: what selects and orders publications. */
export type PublicationSelection = Omit<PublicationsQuery, 'page' | 'limit'>;

/** The filters deep object as a list of conditions (the form the query string carries). */
export function filterOf(filters: PublicationFilters | undefined): Filter {
  const conditions: Condition[] = [];
  for (const field of FILTER_FIELDS) {
    const entry = filters?.[field];
    if (!entry) continue;
    for (const [op, value] of Object.entries(entry.conditions)) {
      if (value === undefined) continue;
      const operator = op as FilterOperator;
      const values = LIST_FILTER_OPERATORS.has(operator) ? [...(value as readonly string[])] : EMPTY_FILTER_OPERATORS.has(operator) ? [] : [value as string];
      conditions.push({ field, op: operator, values });
    }
  }
  return { junction: filters?.junction ?? 'and', conditions };
}

function equals(actual: FieldValue | undefined, expected: FieldValue): Truth {
  return actual === undefined ? undefined : actual === expected;
}

/**
 * A test of whether a publication answers the query: true, false, or undefined when it reads a fact
 * the cache does not know. Built once per query, run once per publication.
 */
export function selectionTest(q: PublicationSelection): (facts: PublicationFacts) => Truth {
  const filter = filterOf(q.filters);
  return (facts) => {
    const isReferral = facts.is_referral_code;
    return allOf([
      q.campaign === undefined || equals(facts.campaign_name, q.campaign),
      q.customer === undefined || equals(facts.customer_id, q.customer),
      q.voucher === undefined || facts.codes.includes(q.voucher),
      q.result === undefined || equals(facts.result, q.result),
      q.voucher_type === undefined || equals(facts.voucher_type, q.voucher_type),
      q.is_referral_code !== true || (isReferral === undefined ? undefined : isReferral === true || isReferral === 'true'),
      q.source_id === undefined || equals(facts.source_id, q.source_id),
      evaluate(filter, (field) => facts[field]),
    ]);
  };
}

function pinOf(condition: Condition): FieldValue | undefined {
  const only = condition.values.length === 1 ? condition.values[0] : undefined;
  const value = condition.op === '$is' || condition.op === '$in' ? only : condition.op === '$is_unknown' ? null : undefined;
  if (condition.field === 'is_referral_code' && typeof value === 'string') return value === 'true' ? true : value === 'false' ? false : value;
  return value;
}

/**
 * The facts every publication the service returned for this query must have: a parameter or a
 * condition that allows only one value, when all of them must hold. The cache learns them, so a
 * pull by campaign tells it the campaign of multi-voucher and failed publications too.
 */
export function pinnedFacts(q: PublicationSelection): KnownFacts {
  const pins: KnownFacts = {};
  if (q.campaign !== undefined) pins.campaign_name = q.campaign;
  if (q.customer !== undefined) pins.customer_id = q.customer;
  if (q.result !== undefined) pins.result = q.result;
  if (q.voucher_type !== undefined) pins.voucher_type = q.voucher_type;
  if (q.is_referral_code === true) pins.is_referral_code = true;
  if (q.source_id !== undefined) pins.source_id = q.source_id;
  const filter = filterOf(q.filters);
  if (filter.junction === 'and' || filter.conditions.length === 1) {
    for (const condition of filter.conditions) {
      const value = pinOf(condition);
      if (value !== undefined && pins[condition.field] === undefined) pins[condition.field] = value;
    }
  }
  return pins;
}

/** The filter fields a query reads (its parameters and its conditions). */
export function fieldsRead(q: PublicationSelection): FilterField[] {
  const fields = new Set<FilterField>(filterOf(q.filters).conditions.map((c) => c.field));
  if (q.campaign !== undefined) fields.add('campaign_name');
  if (q.customer !== undefined) fields.add('customer_id');
  if (q.result !== undefined) fields.add('result');
  if (q.voucher_type !== undefined) fields.add('voucher_type');
  if (q.is_referral_code === true) fields.add('is_referral_code');
  if (q.source_id !== undefined) fields.add('source_id');
  return [...fields];
}

function stable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stable);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([k, v]) => [k, stable(v)]),
  );
}

/** The same text for two selections that select the same publications, whatever their order or key order. */
export function selectionKey(q: PublicationSelection): string {
  const { order: _order, ...selecting } = q;
  return JSON.stringify(stable({ ...selecting, ...(selecting.is_referral_code === false && { is_referral_code: undefined }) }));
}
