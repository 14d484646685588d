import { InvalidRequestError } from './errors';
import { queryPair } from './paths';
import { LIMIT_MAX, LIMIT_MIN, STACKS_PAGE_MAX, checkEnum, checkInteger, checkIsoDate, checkKnownKeys } from './query-checks';

export const STACK_ORDERS = ['created_at', '-created_at', 'updated_at', '-updated_at', 'name', '-name'] as const;
export type StackOrder = (typeof STACK_ORDERS)[number];

export interface DateRange {
  before?: string;
  after?: string;
}

/** Every query parameter of spec 4.8. */
export interface StacksQuery {
  limit?: number;
  page?: number;
  order?: StackOrder;
  created_at?: DateRange;
  updated_at?: DateRange;
}

function rangePairs(name: 'created_at' | 'updated_at', range: unknown): string[] {
  if (typeof range !== 'object' || range === null || Array.isArray(range)) {
    throw new InvalidRequestError(name, range, 'an object with before and/or after');
  }
  checkKnownKeys(name, range, ['before', 'after']);
  const pairs: string[] = [];
  for (const bound of ['before', 'after'] as const) {
    const value = (range as DateRange)[bound];
    if (value !== undefined) pairs.push(queryPair(`${name}[${bound}]`, checkIsoDate(`${name}.${bound}`, value)));
  }
  return pairs;
}

/** The query string (without '?') of GET /v1/promotions/stacks; throws InvalidRequestError first. */
export function buildStacksQuery(query: StacksQuery): string {
  checkKnownKeys('query', query, ['limit', 'page', 'order', 'created_at', 'updated_at']);
  const pairs: string[] = [];
  if (query.limit !== undefined) pairs.push(queryPair('limit', checkInteger('limit', query.limit, LIMIT_MIN, LIMIT_MAX)));
  if (query.page !== undefined) pairs.push(queryPair('page', checkInteger('page', query.page, 1, STACKS_PAGE_MAX)));
  if (query.order !== undefined) pairs.push(queryPair('order', checkEnum('order', query.order, STACK_ORDERS)));
  if (query.created_at !== undefined) pairs.push(...rangePairs('created_at', query.created_at));
  if (query.updated_at !== undefined) pairs.push(...rangePairs('updated_at', query.updated_at));
  return pairs.join('&');
}
