import {
  EMPTY_FILTER_OPERATORS,
  FILTER_FIELDS,
  FILTER_OPERATORS as OPERATORS,
  LIST_FILTER_OPERATORS,
  type Condition,
  type Filter,
  type FilterField,
  type FilterOperator as Operator,
} from '../../shared/domain/publication-filter';
import { invalidParam } from './errors';

// The filter semantics live in shared/ so the offline cache answers them exactly as the sandbox does.
export { holds, matches, type Condition, type FieldValue, type Filter, type FilterField } from '../../shared/domain/publication-filter';

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
    if (!(FILTER_FIELDS as readonly string[]).includes(field))
      throw invalidParam(`filters: unknown field ${field}; filterable fields: ${FILTER_FIELDS.join(', ')}.`);
    if (!(OPERATORS as readonly string[]).includes(op)) throw invalidParam(`filters[${field}]: unknown operator ${op}; operators: ${OPERATORS.join(', ')}.`);
    const id = `${field} ${op}`;
    const condition = grouped.get(id) ?? { field: field as FilterField, op: op as Operator, values: [] };
    condition.values[index === undefined ? condition.values.length : Number(index)] = value;
    grouped.set(id, condition);
  }
  const conditions = [...grouped.values()].map((c) => ({ ...c, values: c.values.filter((v) => v !== undefined) }));
  for (const c of conditions) {
    if (!LIST_FILTER_OPERATORS.has(c.op) && !EMPTY_FILTER_OPERATORS.has(c.op) && c.values.length !== 1) {
      throw invalidParam(`filters[${c.field}][conditions][${c.op}] takes exactly one value.`);
    }
  }
  return { junction, conditions };
}
