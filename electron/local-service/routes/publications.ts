import { DEFAULT_PUBLICATION_ORDER, PUBLICATION_ORDER_KEYS } from '../../../shared/domain/publication-order';
import { invalidParam } from '../errors';
import { parseFilters } from '../filters';
import { parseLimit, parsePage } from '../paging';
import type { PublicationCriteria } from '../publication-criteria';
import type { Route } from '../router';

const ORDERS = PUBLICATION_ORDER_KEYS.flatMap((k) => [k, `-${k}`]);

function enumParam<T extends string>(query: URLSearchParams, name: string, allowed: readonly T[]): T | null {
  const value = query.get(name);
  if (value === null) return null;
  if (!(allowed as readonly string[]).includes(value)) throw invalidParam(`${name} must be one of ${allowed.join(', ')}, got ${JSON.stringify(value)}.`);
  return value as T;
}

/** The selection a list query asks for; throws invalid_param naming the bad parameter. */
export function criteriaOf(q: URLSearchParams): PublicationCriteria {
  return {
    campaign: q.get('campaign'),
    customer: q.get('customer'),
    voucher: q.get('voucher'),
    result: enumParam(q, 'result', ['SUCCESS', 'FAILURE'] as const),
    voucherType: enumParam(q, 'voucher_type', ['discount', 'loyalty'] as const),
    referralOnly: enumParam(q, 'is_referral_code', ['true', 'false'] as const) === 'true',
    sourceId: q.get('source_id'),
    filter: parseFilters(q),
  };
}

export const publicationRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v1/publications',
    auth: 'any',
    scope: 'publications',
    handle(ctx) {
      const q = ctx.query;
      const limit = parseLimit(q);
      const page = parsePage(q);
      const order = enumParam(q, 'order', ORDERS) ?? DEFAULT_PUBLICATION_ORDER;
      const criteria = criteriaOf(q);
      const { items, total } = ctx.state.publications.current().page(criteria, order, (page - 1) * limit, limit);
      return {
        status: 200,
        body: { object: 'list', data_ref: 'publications', publications: items.map((d) => d.item), total },
      };
    },
  },
];
