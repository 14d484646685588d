// The meaning of the publications listing's `filters` deep object (spec 4.1), shared by the sandbox
// (which answers it) and the offline cache (which must answer it the same way).

export const FILTER_FIELDS = [
  'failure_code',
  'result',
  'customer_id',
  'campaign_name',
  'voucher_type',
  'is_referral_code',
  'parent_object_id',
  'related_object_id',
  'source_id',
] as const;
export type FilterField = (typeof FILTER_FIELDS)[number];

export const FILTER_OPERATORS = [
  '$in',
  '$not_in',
  '$is',
  '$is_not',
  '$has_value',
  '$is_unknown',
  '$contains',
  '$not_contain',
  '$starts_with',
  '$ends_with',
  '$more_than',
  '$less_than',
  '$more_than_equal',
  '$less_than_equal',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];
export const LIST_FILTER_OPERATORS: ReadonlySet<FilterOperator> = new Set<FilterOperator>(['$in', '$not_in']);
export const EMPTY_FILTER_OPERATORS: ReadonlySet<FilterOperator> = new Set<FilterOperator>(['$has_value', '$is_unknown']);

export interface Condition {
  field: FilterField;
  op: FilterOperator;
  values: string[];
}

export interface Filter {
  junction: 'and' | 'or';
  conditions: Condition[];
}

/** A field's value; null is a known absence (`$is_unknown` holds). */
export type FieldValue = string | boolean | null;

/** Three-valued truth: `undefined` means the value the condition reads is not known. */
export type Truth = boolean | undefined;

function compare(actual: FieldValue, expected: string): number | undefined {
  if (actual === null) return undefined;
  const a = String(actual);
  const [x, y] = [Number(a), Number(expected)];
  if (a !== '' && expected !== '' && Number.isFinite(x) && Number.isFinite(y)) return x - y;
  return a < expected ? -1 : a > expected ? 1 : 0;
}

export function holds(c: Condition, actual: FieldValue): boolean {
  const text = actual === null ? null : String(actual);
  const one = c.values[0] ?? '';
  switch (c.op) {
    case '$in':
      return text !== null && c.values.includes(text);
    case '$not_in':
      return text === null || !c.values.includes(text);
    case '$is':
      return text === one;
    case '$is_not':
      return text !== one;
    case '$has_value':
      return text !== null && text !== '';
    case '$is_unknown':
      return text === null;
    case '$contains':
      return text !== null && text.includes(one);
    case '$not_contain':
      return text === null || !text.includes(one);
    case '$starts_with':
      return text !== null && text.startsWith(one);
    case '$ends_with':
      return text !== null && text.endsWith(one);
    case '$more_than':
      return (compare(actual, one) ?? 0) > 0 && text !== null;
    case '$less_than':
      return (compare(actual, one) ?? 0) < 0 && text !== null;
    case '$more_than_equal':
      return text !== null && (compare(actual, one) ?? -1) >= 0;
    case '$less_than_equal':
      return text !== null && (compare(actual, one) ?? 1) <= 0;
  }
}

/** `and` keeps a record when every condition holds, `or` when any does; no conditions keep all. */
export function matches(filter: Filter, valueOf: (field: FilterField) => FieldValue): boolean {
  return evaluate(filter, valueOf) === true;
}

/**
 * Kleene logic over values that may be unknown (`valueOf` answers undefined): `and` is false once
 * any condition is false, `or` true once any is true, and otherwise unknown while any is unknown.
 */
export function evaluate(filter: Filter, valueOf: (field: FilterField) => FieldValue | undefined): Truth {
  if (filter.conditions.length === 0) return true;
  const decisive = filter.junction === 'or';
  let unknown = false;
  for (const c of filter.conditions) {
    const actual = valueOf(c.field);
    if (actual === undefined) {
      unknown = true;
      continue;
    }
    if (holds(c, actual) === decisive) return decisive;
  }
  return unknown ? undefined : !decisive;
}

export function allOf(truths: readonly Truth[]): Truth {
  if (truths.includes(false)) return false;
  return truths.includes(undefined) ? undefined : true;
}
