import { FILTER_FIELDS, LIST_FILTER_OPERATORS, type FilterField, type FilterOperator } from '../domain/publication-filter';
import { PUBLICATION_ORDER_KEYS, type PublicationOrderKey } from '../domain/publication-order';
import { InvalidRequestError } from './errors';
import { readConditions, type RefuseCondition } from './filter-conditions';
import { queryPair } from './paths';
import { LIMIT_MAX, LIMIT_MIN, PAGE_MAX, checkBoolean, checkEnum, checkInteger, checkKnownKeys, checkString } from './query-checks';

/** Every `order` value: a key, or the key with a leading dash for descending. */
export const PUBLICATION_ORDERS = PUBLICATION_ORDER_KEYS.flatMap((key) => [key, `-${key}`] as const);
export type PublicationOrder = PublicationOrderKey | `-${PublicationOrderKey}`;

export const PUBLICATION_RESULTS = ['SUCCESS', 'FAILURE'] as const;
export const PUBLICATION_VOUCHER_TYPES = ['discount', 'loyalty'] as const;

export type PublicationFilterField = FilterField;
type ListOperator = '$in' | '$not_in';
type PresenceOperator = '$has_value' | '$is_unknown';

/** `$in`/`$not_in` take a list, `$has_value`/`$is_unknown` no value (sent empty), the rest one string. */
export type FilterConditions = { [K in ListOperator]?: readonly string[] } & {
  [K in Exclude<FilterOperator, ListOperator | PresenceOperator>]?: string;
} & { [K in PresenceOperator]?: true | '' };

export type PublicationFilters = {
  [F in FilterField]?: { conditions: FilterConditions };
} & { junction?: 'and' | 'or' };

/** Every query parameter of spec 4.1. */
export interface PublicationsQuery {
  limit?: number;
  page?: number;
  order?: PublicationOrder;
  campaign?: string;
  customer?: string;
  voucher?: string;
  result?: (typeof PUBLICATION_RESULTS)[number];
  voucher_type?: (typeof PUBLICATION_VOUCHER_TYPES)[number];
  /** Only `true` has an effect, so `false` is left out of the query. */
  is_referral_code?: boolean;
  source_id?: string;
  filters?: PublicationFilters;
}

const QUERY_KEYS = ['limit', 'page', 'order', 'campaign', 'customer', 'voucher', 'result', 'voucher_type', 'is_referral_code', 'source_id', 'filters'] as const;

const refuseRequest: RefuseCondition = (parameter, value, allowed) => {
  throw new InvalidRequestError(parameter, value, allowed);
};

function conditionPairs(field: string, conditions: unknown): string[] {
  return readConditions(`filters.${field}.conditions`, conditions, refuseRequest).flatMap(({ op, values }) => {
    const key = `filters[${field}][conditions][${op}]`;
    if (LIST_FILTER_OPERATORS.has(op)) return values.map((value, index) => queryPair(`${key}[${index}]`, value));
    return [queryPair(key, values[0] ?? '')];
  });
}

function filterPairs(filters: unknown): string[] {
  if (typeof filters !== 'object' || filters === null || Array.isArray(filters)) {
    throw new InvalidRequestError('filters', filters, 'an object keyed by filter field');
  }
  checkKnownKeys('filters', filters, [...FILTER_FIELDS, 'junction']);
  const pairs: string[] = [];
  for (const [field, value] of Object.entries(filters as Record<string, unknown>)) {
    if (value === undefined || field === 'junction') continue;
    if (typeof value !== 'object' || value === null) {
      throw new InvalidRequestError(`filters.${field}`, value, 'an object { conditions: { ... } }');
    }
    checkKnownKeys(`filters.${field}`, value, ['conditions']);
    pairs.push(...conditionPairs(field, (value as { conditions?: unknown }).conditions));
  }
  const junction = (filters as { junction?: unknown }).junction;
  if (junction !== undefined) pairs.push(queryPair('filters[junction]', checkEnum('filters.junction', junction, ['and', 'or'])));
  return pairs;
}

/** The query string (without '?') of GET /v1/publications; throws InvalidRequestError first. */
export function buildPublicationsQuery(query: PublicationsQuery): string {
  checkKnownKeys('query', query, QUERY_KEYS);
  const q = query;
  const pairs: string[] = [];
  if (q.limit !== undefined) pairs.push(queryPair('limit', checkInteger('limit', q.limit, LIMIT_MIN, LIMIT_MAX)));
  if (q.page !== undefined) pairs.push(queryPair('page', checkInteger('page', q.page, 1, PAGE_MAX)));
  if (q.order !== undefined) pairs.push(queryPair('order', checkEnum('order', q.order, PUBLICATION_ORDERS)));
  for (const key of ['campaign', 'customer', 'voucher', 'source_id'] as const) {
    const value = q[key];
    if (value !== undefined) pairs.push(queryPair(key, checkString(key, value)));
  }
  if (q.result !== undefined) pairs.push(queryPair('result', checkEnum('result', q.result, PUBLICATION_RESULTS)));
  if (q.voucher_type !== undefined) {
    pairs.push(queryPair('voucher_type', checkEnum('voucher_type', q.voucher_type, PUBLICATION_VOUCHER_TYPES)));
  }
  if (q.is_referral_code !== undefined && checkBoolean('is_referral_code', q.is_referral_code)) {
    pairs.push(queryPair('is_referral_code', true));
  }
  if (q.filters !== undefined) pairs.push(...filterPairs(q.filters));
  return pairs.join('&');
}
