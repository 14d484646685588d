import { EMPTY_FILTER_OPERATORS, FILTER_FIELDS, LIST_FILTER_OPERATORS, type FilterField, type FilterOperator } from '../domain/publication-filter';
import { readConditions, type FilterCondition, type RefuseCondition } from './filter-conditions';
import type { FilterConditions, PublicationOrder } from './publications-query';
import { PUBLICATION_ORDERS } from './publications-query';

// The `parameters` of a publication export (POST /v1/exports, service-facts "Exports"): one reader
// for both sides, so the client refuses exactly what the sandbox refuses. The client turns a
// problem into an InvalidRequestError, the sandbox into a 400 answer.

/** The fields a publication export can hold, in the service's order (OpenAPI ExportPublicationFields). */
export const PUBLICATION_EXPORT_FIELDS = ['voucher_code', 'customer_id', 'customer_source_id', 'date', 'channel', 'campaign', 'is_winner', 'metadata'] as const;
export type PublicationExportField = (typeof PUBLICATION_EXPORT_FIELDS)[number];

/** What the service exports when `fields` is left out: code, customer id, date, channel. */
export const DEFAULT_PUBLICATION_EXPORT_FIELDS: readonly PublicationExportField[] = ['voucher_code', 'customer_id', 'date', 'channel'];

/** Conditions that take one value and match it exactly: `campaign`, `customer`, `voucher`. */
export const EXPORT_IS_FILTERS = ['campaign', 'customer', 'voucher'] as const;
export type ExportIsFilter = (typeof EXPORT_IS_FILTERS)[number];

/** `created_at` window bounds, ISO 8601 date-times, both exclusive. */
export const EXPORT_TIME_OPERATORS = ['$after', '$before'] as const;
export type ExportTimeOperator = (typeof EXPORT_TIME_OPERATORS)[number];

export const METADATA_PREFIX = 'metadata.';

/** The `filters` object of a publication export request. */
export type PublicationExportFilters = {
  junction?: 'and' | 'or';
  created_at?: { conditions: { [K in ExportTimeOperator]?: string } };
} & { [K in ExportIsFilter]?: { conditions: { $is: string } } } & { [F in FilterField]?: { conditions: FilterConditions } } & {
  [key: `metadata.${string}`]: { conditions: FilterConditions } | undefined;
};

export interface PublicationExportParameters {
  order?: PublicationOrder;
  fields?: readonly PublicationExportField[];
  filters?: PublicationExportFilters;
}

/** One condition of the export's selection, as read. */
export type ExportCondition =
  | { kind: 'created_at'; op: ExportTimeOperator; value: string; ms: number }
  | { kind: ExportIsFilter; value: string }
  | { kind: 'field'; field: FilterField; op: FilterOperator; values: string[] }
  | { kind: 'metadata'; key: string; op: FilterOperator; values: string[] };

/** The parameters as read: what to export, in which order, and which publications. */
export interface ExportSelection {
  fields: PublicationExportField[];
  order: PublicationOrder | undefined;
  junction: 'and' | 'or';
  conditions: ExportCondition[];
}

/** A parameter the service would refuse: where, what was given, what is allowed. */
export class ExportParameterProblem extends Error {
  constructor(
    readonly parameter: string,
    readonly value: unknown,
    readonly allowed: string,
  ) {
    super(`Invalid ${parameter}: ${JSON.stringify(value) ?? String(value)}; allowed: ${allowed}`);
  }
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

const refuseParameter: RefuseCondition = (parameter, value, allowed) => {
  throw new ExportParameterProblem(parameter, value, allowed);
};

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function objectAt(parameter: string, value: unknown, allowed: string): Record<string, unknown> {
  if (!isObject(value)) throw new ExportParameterProblem(parameter, value, allowed);
  return value;
}

function onlyKeys(parameter: string, value: Record<string, unknown>, known: readonly string[]): void {
  for (const key of Object.keys(value)) {
    if (!known.includes(key)) throw new ExportParameterProblem(`${parameter}.${key}`, key, `only these keys: ${known.join(', ')}`);
  }
}

function text(parameter: string, value: unknown): string {
  if (typeof value !== 'string' || value === '') throw new ExportParameterProblem(parameter, value, 'a non-empty string');
  return value;
}

/** One value, given plainly or as a one-item array (the service's export guide writes `["..."]`). */
function single(parameter: string, value: unknown): string {
  return text(parameter, Array.isArray(value) && value.length === 1 ? value[0] : value);
}

function readFields(value: unknown): PublicationExportField[] {
  if (value === undefined) return [...DEFAULT_PUBLICATION_EXPORT_FIELDS];
  const allowed = `a non-empty array of distinct fields from ${PUBLICATION_EXPORT_FIELDS.join(', ')}`;
  if (!Array.isArray(value) || value.length === 0) throw new ExportParameterProblem('parameters.fields', value, allowed);
  const seen = new Set<string>();
  return value.map((field: unknown, i) => {
    if (typeof field !== 'string' || !(PUBLICATION_EXPORT_FIELDS as readonly string[]).includes(field) || seen.has(field)) {
      throw new ExportParameterProblem(`parameters.fields[${i}]`, field, allowed);
    }
    seen.add(field);
    return field as PublicationExportField;
  });
}

function readOrder(value: unknown): PublicationOrder | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !(PUBLICATION_ORDERS as readonly string[]).includes(value)) {
    throw new ExportParameterProblem('parameters.order', value, `one of ${PUBLICATION_ORDERS.join(', ')}`);
  }
  return value as PublicationOrder;
}

/** The operator conditions of a list field or a metadata key, as the publications list reads them. */
function fieldConditions(parameter: string, value: unknown): FilterCondition[] {
  const outer = objectAt(parameter, value, 'an object { conditions: { ... } }');
  onlyKeys(parameter, outer, ['conditions']);
  return readConditions(`${parameter}.conditions`, outer.conditions, refuseParameter, true);
}

function timeConditions(value: unknown): ExportCondition[] {
  const outer = objectAt('filters.created_at', value, 'an object { conditions: { $after?, $before? } }');
  onlyKeys('filters.created_at', outer, ['conditions']);
  const conditions = objectAt('filters.created_at.conditions', outer.conditions, 'an object with $after and/or $before');
  onlyKeys('filters.created_at.conditions', conditions, EXPORT_TIME_OPERATORS);
  const out: ExportCondition[] = [];
  for (const op of EXPORT_TIME_OPERATORS) {
    if (conditions[op] === undefined) continue;
    const where = `filters.created_at.conditions.${op}`;
    const raw = Array.isArray(conditions[op]) && conditions[op].length === 1 ? (conditions[op] as unknown[])[0] : conditions[op];
    const ms = typeof raw === 'string' && ISO_DATE_TIME.test(raw) ? Date.parse(raw) : Number.NaN;
    if (Number.isNaN(ms)) throw new ExportParameterProblem(where, conditions[op], 'an ISO 8601 date-time with a zone, e.g. 2024-05-01T00:00:00.000Z');
    out.push({ kind: 'created_at', op, value: raw as string, ms });
  }
  if (out.length === 0) throw new ExportParameterProblem('filters.created_at.conditions', conditions, '$after and/or $before');
  return out;
}

function isCondition(kind: ExportIsFilter, value: unknown): ExportCondition {
  const where = `filters.${kind}`;
  const outer = objectAt(where, value, 'an object { conditions: { $is: "..." } }');
  onlyKeys(where, outer, ['conditions']);
  const conditions = objectAt(`${where}.conditions`, outer.conditions, 'an object { $is: "..." }');
  onlyKeys(`${where}.conditions`, conditions, ['$is']);
  return { kind, value: single(`${where}.conditions.$is`, conditions.$is) };
}

function readFilters(value: unknown): Pick<ExportSelection, 'junction' | 'conditions'> {
  if (value === undefined) return { junction: 'and', conditions: [] };
  const filters = objectAt('parameters.filters', value, 'an object keyed by filter field');
  const conditions: ExportCondition[] = [];
  let junction: 'and' | 'or' = 'and';
  for (const [key, v] of Object.entries(filters)) {
    if (v === undefined) continue;
    if (key === 'junction') {
      if (v !== 'and' && v !== 'or') throw new ExportParameterProblem('filters.junction', v, 'and, or');
      junction = v;
    } else if (key === 'created_at') conditions.push(...timeConditions(v));
    else if ((EXPORT_IS_FILTERS as readonly string[]).includes(key)) conditions.push(isCondition(key as ExportIsFilter, v));
    else if ((FILTER_FIELDS as readonly string[]).includes(key)) {
      for (const c of fieldConditions(`filters.${key}`, v)) conditions.push({ kind: 'field', field: key as FilterField, ...c });
    } else if (key.startsWith(METADATA_PREFIX) && key.length > METADATA_PREFIX.length) {
      for (const c of fieldConditions(`filters.${key}`, v)) conditions.push({ kind: 'metadata', key: key.slice(METADATA_PREFIX.length), ...c });
    } else {
      const known = ['junction', 'created_at', ...EXPORT_IS_FILTERS, ...FILTER_FIELDS, 'metadata.<key>'];
      throw new ExportParameterProblem(`filters.${key}`, key, `only these keys: ${known.join(', ')}`);
    }
  }
  return { junction, conditions };
}

/** Reads the `parameters` of a publication export; throws ExportParameterProblem naming the first bad one. */
export function readExportParameters(value: unknown): ExportSelection {
  if (value === undefined) return { fields: [...DEFAULT_PUBLICATION_EXPORT_FIELDS], order: undefined, junction: 'and', conditions: [] };
  const parameters = objectAt('parameters', value, 'an object with order, fields and filters');
  onlyKeys('parameters', parameters, ['order', 'fields', 'filters']);
  return { fields: readFields(parameters.fields), order: readOrder(parameters.order), ...readFilters(parameters.filters) };
}

/** The request's `parameters` as JSON, from a selection read above: what the client sends. */
export function exportParametersJson(selection: ExportSelection): Record<string, unknown> {
  const filters: Record<string, unknown> = { junction: selection.junction };
  const put = (key: string, op: string, value: unknown): void => {
    const entry = (filters[key] ??= { conditions: {} }) as { conditions: Record<string, unknown> };
    entry.conditions[op] = value;
  };
  for (const c of selection.conditions) {
    if (c.kind === 'created_at') put('created_at', c.op, [c.value]);
    else if (c.kind === 'field' || c.kind === 'metadata') {
      const key = c.kind === 'field' ? c.field : `${METADATA_PREFIX}${c.key}`;
      put(key, c.op, LIST_FILTER_OPERATORS.has(c.op) ? c.values : EMPTY_FILTER_OPERATORS.has(c.op) ? '' : c.values[0]);
    } else put(c.kind, '$is', c.value);
  }
  return { ...(selection.order !== undefined && { order: selection.order }), fields: selection.fields, filters };
}
