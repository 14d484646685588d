import type { PublicationDoc } from '../../../electron/local-service/publication-doc';
import { DEFAULT_PUBLICATION_ORDER, publicationComparator, type PublicationOrderKey } from '../../../shared/domain/publication-order';
import { matches, type Condition, type FilterField, type FilterOperator } from '../../../shared/domain/publication-filter';

/**
 * The listing as the sandbox answered it before it kept sorted lists: filter every document, sort
 * them all, cut the page. The tests hold the fast answer to this one.
 */
export function referencePage(docs: readonly PublicationDoc[], query: URLSearchParams): { ids: string[]; total: number } {
  const limit = Number(query.get('limit') ?? 10);
  const page = Number(query.get('page') ?? 1);
  const order = query.get('order') ?? DEFAULT_PUBLICATION_ORDER;
  const conditions = new Map<string, Condition>();
  for (const [key, value] of query) {
    const m = /^filters\[([^\]]+)\]\[conditions\]\[([^\]]+)\](?:\[\d+\])?$/.exec(key);
    if (!m) continue;
    const id = `${m[1]} ${m[2]}`;
    const c = conditions.get(id) ?? { field: m[1] as FilterField, op: m[2] as FilterOperator, values: [] };
    c.values.push(value);
    conditions.set(id, c);
  }
  const filter = { junction: (query.get('filters[junction]') ?? 'and') as 'and' | 'or', conditions: [...conditions.values()] };
  const param = (name: string): string | null => query.get(name);
  const found = docs.filter(
    ({ facts }) =>
      (param('campaign') === null || facts.campaign_name === param('campaign')) &&
      (param('customer') === null || facts.customer_id === param('customer')) &&
      (param('voucher') === null || facts.codes.includes(param('voucher') as string)) &&
      (param('result') === null || facts.result === param('result')) &&
      (param('voucher_type') === null || facts.voucher_type === param('voucher_type')) &&
      (param('is_referral_code') !== 'true' || facts.is_referral_code) &&
      (param('source_id') === null || facts.source_id === param('source_id')) &&
      matches(filter, (field) => facts[field]),
  );
  const keyOf = (d: PublicationDoc, key: PublicationOrderKey): string | null =>
    key === 'id' || key === 'created_at' || key === 'channel' ? d.item[key] : key === 'customer_id' ? d.facts.customer_id : d.facts[key];
  const sorted = [...found].sort(publicationComparator<PublicationDoc>(order, keyOf, (d) => d.item.id));
  return { ids: sorted.slice((page - 1) * limit, page * limit).map((d) => d.item.id), total: sorted.length };
}
