import { EMPTY_FILTER_OPERATORS, FILTER_OPERATORS, LIST_FILTER_OPERATORS, type FilterOperator } from '../domain/publication-filter';

// The operator conditions of one filter field (`{ "$in": [...], "$is": "..." }`), read one way for
// the publications list's query and a publication export's parameters, so both refuse the same.

/** Throws the caller's own error for a condition: where it is, what was given, what is allowed. */
export type RefuseCondition = (parameter: string, value: unknown, allowed: string) => never;

export interface FilterCondition {
  op: FilterOperator;
  /** Every value of a list operator, none for an empty one, else the one value. */
  values: string[];
}

/**
 * Reads `conditions` found at `where`. `oneItemArrays`: a single-value operator also takes its value
 * as a one-item array (the service's export guide writes `["..."]`).
 */
export function readConditions(where: string, conditions: unknown, refuse: RefuseCondition, oneItemArrays = false): FilterCondition[] {
  if (typeof conditions !== 'object' || conditions === null || Array.isArray(conditions)) refuse(where, conditions, 'an object of operator conditions');
  const entries = Object.entries(conditions as Record<string, unknown>).filter(([, v]) => v !== undefined);
  if (entries.length === 0) refuse(where, conditions, `at least one of ${FILTER_OPERATORS.join(', ')}`);
  const text = (parameter: string, value: unknown): string =>
    typeof value === 'string' && value !== '' ? value : refuse(parameter, value, 'a non-empty string');
  return entries.map(([op, value]) => {
    const at = `${where}.${op}`;
    if (!(FILTER_OPERATORS as readonly string[]).includes(op)) refuse(at, op, `one of ${FILTER_OPERATORS.join(', ')}`);
    const operator = op as FilterOperator;
    if (LIST_FILTER_OPERATORS.has(operator)) {
      if (!Array.isArray(value) || value.length === 0) refuse(at, value, 'a non-empty array of strings');
      return { op: operator, values: (value as unknown[]).map((item, i) => text(`${at}[${i}]`, item)) };
    }
    if (EMPTY_FILTER_OPERATORS.has(operator)) {
      if (value !== true && value !== '') refuse(at, value, "true or '' (it takes no value)");
      return { op: operator, values: [] };
    }
    return { op: operator, values: [text(at, oneItemArrays && Array.isArray(value) && value.length === 1 ? value[0] : value)] };
  });
}
