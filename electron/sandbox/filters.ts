import { invalidParam } from './errors';

export const FILTER_FIELDS = [
  'failure_code', 'result', 'customer_id', 'campaign_name', 'voucher_type', 'is_referral_code',
  'parent_object_id', 'related_object_id', 'source_id',
] as const;
export type FilterField = (typeof FILTER_FIELDS)[number];

const OPERATORS = [
  '$in', '$not_in', '$is', '$is_not', '$has_value', '$is_unknown', '$contains', '$not_contain',
  '$starts_with', '$ends_with', '$more_than', '$less_than', '$more_than_equal', '$less_than_equal',
] as const;
type Operator = (typeof OPERATORS)[number];
const LIST_OPERATORS = new Set<Operator>(['$in', '$not_in']);
const EMPTY_OPERATORS = new Set<Operator>(['$has_value', '$is_unknown']);

export interface Condition {
  field: FilterField;
  op: Operator;
  values: string[];
}

export interface Filter {
  junction: 'and' | 'or';
  conditions: Condition[];
}

export type FieldValue = string | boolean | null;

const KEY = /^filters\[([^\]]+)\]\[conditions\]\[([^\]]+)\](?:\[(\d+)\])?$/;

/** Reads `filters[field][conditions][$op][i]=v` and `filters[junction]` from a query string. */
export function parseFilters(query: URLSearchParams): Filter {
  const grouped = new Map<string, Condition>();
  let junction: Filter['junction'] = 'and';
  for (const [key, value] of query) {
    if (!key.startsWith('filters[')) continue;
    if (key === 'filters[junction]') {
      if (value !== 'and' && value !== 'or') throw invalidParam(`filters[junction] must be and or or, got ${JSON.stringify(value)}.`);
      junction = value;
      continue;
    }
    const m = KEY.exec(key);
    if (!m) throw invalidParam(`${key} is not a filter; use filters[<field>][conditions][<operator>][<index>]=<value>.`);
    const [, field = '', op = '', index] = m;
    if (!(FILTER_FIELDS as readonly string[]).includes(field)) throw invalidParam(`filters: unknown field ${field}; filterable fields: ${FILTER_FIELDS.join(', ')}.`);
    if (!(OPERATORS as readonly string[]).includes(op)) throw invalidParam(`filters[${field}]: unknown operator ${op}; operators: ${OPERATORS.join(', ')}.`);
    const id = `${field} ${op}`;
    const condition = grouped.get(id) ?? { field: field as FilterField, op: op as Operator, values: [] };
    condition.values[index === undefined ? condition.values.length : Number(index)] = value;
    grouped.set(id, condition);
  }
  const conditions = [...grouped.values()].map((c) => ({ ...c, values: c.values.filter((v) => v !== undefined) }));
  for (const c of conditions) {
    if (!LIST_OPERATORS.has(c.op) && !EMPTY_OPERATORS.has(c.op) && c.values.length !== 1) {
      throw invalidParam(`filters[${c.field}][conditions][${c.op}] takes exactly one value.`);
    }
  }
  return { junction, conditions };
}

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
    case '$in': return text !== null && c.values.includes(text);
    case '$not_in': return text === null || !c.values.includes(text);
    case '$is': return text === one;
    case '$is_not': return text !== one;
    case '$has_value': return text !== null && text !== '';
    case '$is_unknown': return text === null;
    case '$contains': return text !== null && text.includes(one);
    case '$not_contain': return text === null || !text.includes(one);
    case '$starts_with': return text !== null && text.startsWith(one);
    case '$ends_with': return text !== null && text.endsWith(one);
    case '$more_than': return (compare(actual, one) ?? 0) > 0 && text !== null;
    case '$less_than': return (compare(actual, one) ?? 0) < 0 && text !== null;
    case '$more_than_equal': return text !== null && (compare(actual, one) ?? -1) >= 0;
    case '$less_than_equal': return text !== null && (compare(actual, one) ?? 1) <= 0;
  }
}

/** `and` keeps a record when every condition holds, `or` when any does; no conditions keep all. */
export function matches(filter: Filter, valueOf: (field: FilterField) => FieldValue): boolean {
  if (filter.conditions.length === 0) return true;
  const test = (c: Condition): boolean => holds(c, valueOf(c.field));
  return filter.junction === 'and' ? filter.conditions.every(test) : filter.conditions.some(test);
}
