import { InvalidRequestError } from './errors';
import { queryPair } from './paths';
import {
  LIMIT_MAX,
  LIMIT_MIN,
  PAGE_MAX,
  checkBoolean,
  checkEnum,
  checkInteger,
  checkKnownKeys,
  checkString,
} from './query-checks';

export const PUBLICATION_ORDERS = [
  'id', '-id', 'voucher_code', '-voucher_code', 'tracking_id', '-tracking_id',
  'customer_id', '-customer_id', 'created_at', '-created_at', 'channel', '-channel',
] as const;
export type PublicationOrder = (typeof PUBLICATION_ORDERS)[number];

export const PUBLICATION_RESULTS = ['SUCCESS', 'FAILURE'] as const;
export const PUBLICATION_VOUCHER_TYPES = ['discount', 'loyalty'] as const;

export const PUBLICATION_FILTER_FIELDS = [
  'failure_code', 'result', 'customer_id', 'campaign_name', 'voucher_type',
  'is_referral_code', 'parent_object_id', 'related_object_id', 'source_id',
] as const;
export type PublicationFilterField = (typeof PUBLICATION_FILTER_FIELDS)[number];

/** Operators taking a list of values. */
export const LIST_OPERATORS = ['$in', '$not_in'] as const;
/** Operators taking one value. */
export const VALUE_OPERATORS = [
  '$is', '$is_not', '$contains', '$not_contain', '$starts_with', '$ends_with',
  '$more_than', '$less_than', '$more_than_equal', '$less_than_equal',
] as const;
/** Operators that take no value (the query carries an empty string). */
export const PRESENCE_OPERATORS = ['$has_value', '$is_unknown'] as const;
const ALL_OPERATORS: readonly string[] = [...LIST_OPERATORS, ...VALUE_OPERATORS, ...PRESENCE_OPERATORS];

export type FilterConditions = {
  [K in (typeof LIST_OPERATORS)[number]]?: readonly string[];
} & {
  [K in (typeof VALUE_OPERATORS)[number]]?: string;
} & {
  [K in (typeof PRESENCE_OPERATORS)[number]]?: true | '';
};

export type PublicationFilters = {
  [F in PublicationFilterField]?: { conditions: FilterConditions };
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

const QUERY_KEYS = [
  'limit', 'page', 'order', 'campaign', 'customer', 'voucher', 'result',
  'voucher_type', 'is_referral_code', 'source_id', 'filters',
] as const;

function conditionPairs(field: string, conditions: unknown): string[] {
  const where = `filters.${field}.conditions`;
  if (typeof conditions !== 'object' || conditions === null || Array.isArray(conditions)) {
    throw new InvalidRequestError(where, conditions, 'an object of operator conditions');
  }
  const entries = Object.entries(conditions).filter(([, v]) => v !== undefined);
  if (entries.length === 0) throw new InvalidRequestError(where, conditions, `at least one of ${ALL_OPERATORS.join(', ')}`);
  const pairs: string[] = [];
  for (const [op, value] of entries) {
    const key = `filters[${field}][conditions][${op}]`;
    if ((LIST_OPERATORS as readonly string[]).includes(op)) {
      if (!Array.isArray(value) || value.length === 0) {
        throw new InvalidRequestError(`${where}.${op}`, value, 'a non-empty array of strings');
      }
      value.forEach((item: unknown, index: number) => {
        pairs.push(queryPair(`${key}[${index}]`, checkString(`${where}.${op}[${index}]`, item)));
      });
    } else if ((VALUE_OPERATORS as readonly string[]).includes(op)) {
      pairs.push(queryPair(key, checkString(`${where}.${op}`, value)));
    } else if ((PRESENCE_OPERATORS as readonly string[]).includes(op)) {
      if (value !== true && value !== '') throw new InvalidRequestError(`${where}.${op}`, value, "true or '' (it takes no value)");
      pairs.push(queryPair(key, ''));
    } else {
      throw new InvalidRequestError(`${where}.${op}`, op, `one of ${ALL_OPERATORS.join(', ')}`);
    }
  }
  return pairs;
}

function filterPairs(filters: unknown): string[] {
  if (typeof filters !== 'object' || filters === null || Array.isArray(filters)) {
    throw new InvalidRequestError('filters', filters, 'an object keyed by filter field');
  }
  checkKnownKeys('filters', filters, [...PUBLICATION_FILTER_FIELDS, 'junction']);
  const pairs: string[] = [];
  for (const [field, value] of Object.entries(filters)) {
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
