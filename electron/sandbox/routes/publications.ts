import { PUBLICATION_ORDER_KEYS, publicationComparator, type PublicationOrderKey } from '../../../shared/domain/publication-order';
import { invalidParam } from '../errors';
import { matches, parseFilters } from '../filters';
import { pageOf, parseLimit, parsePage } from '../paging';
import type { PublicationDoc } from '../publication-doc';
import type { Route } from '../router';

const ORDER_KEYS = PUBLICATION_ORDER_KEYS;
type OrderKey = PublicationOrderKey;

function enumParam<T extends string>(query: URLSearchParams, name: string, allowed: readonly T[]): T | undefined {
  const value = query.get(name);
  if (value === null) return undefined;
  if (!(allowed as readonly string[]).includes(value)) throw invalidParam(`${name} must be one of ${allowed.join(', ')}, got ${JSON.stringify(value)}.`);
  return value as T;
}

function sortKey(doc: PublicationDoc, key: OrderKey): string | null {
  switch (key) {
    case 'id':
      return doc.item.id;
    case 'voucher_code':
      return doc.facts.voucher_code;
    case 'tracking_id':
      return doc.facts.tracking_id;
    case 'customer_id':
      return doc.facts.customer_id;
    case 'created_at':
      return doc.item.created_at;
    case 'channel':
      return doc.item.channel;
  }
}

function sortBy(docs: PublicationDoc[], order: string): PublicationDoc[] {
  return docs.sort(publicationComparator<PublicationDoc>(order, sortKey, (d) => d.item.id));
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
      const order =
        enumParam(
          q,
          'order',
          ORDER_KEYS.flatMap((k) => [k, `-${k}`]),
        ) ?? '-created_at';
      const result = enumParam(q, 'result', ['SUCCESS', 'FAILURE'] as const);
      const voucherType = enumParam(q, 'voucher_type', ['discount', 'loyalty'] as const);
      const referral = enumParam(q, 'is_referral_code', ['true', 'false'] as const);
      const filter = parseFilters(q);
      const campaign = q.get('campaign');
      const customer = q.get('customer');
      const voucher = q.get('voucher');
      const sourceId = q.get('source_id');
      const found = ctx.state.docs
        .all<PublicationDoc>('publication')
        .filter(
          ({ facts }) =>
            (campaign === null || facts.campaign_name === campaign) &&
            (customer === null || facts.customer_id === customer) &&
            (voucher === null || facts.codes.includes(voucher)) &&
            (result === undefined || facts.result === result) &&
            (voucherType === undefined || facts.voucher_type === voucherType) &&
            (referral !== 'true' || facts.is_referral_code) &&
            (sourceId === null || facts.source_id === sourceId) &&
            matches(filter, (field) => facts[field]),
        );
      const sorted = sortBy(found, order);
      return {
        status: 200,
        body: { object: 'list', data_ref: 'publications', publications: pageOf(sorted, limit, page).map((d) => d.item), total: sorted.length },
      };
    },
  },
];
