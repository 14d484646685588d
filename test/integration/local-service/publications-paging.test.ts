import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { DocStore } from '../../../electron/local-service/docs';
import { PublicationStore } from '../../../electron/local-service/publication-store';
import { criteriaOf } from '../../../electron/local-service/routes/publications';
import { createManualClock, startSandbox, type PublicationDoc, type RunningSandbox } from '../../../electron/local-service/server';
import { loadSqlJs } from '../../../electron/store/sqljs';
import { PUBLICATION_ORDER_KEYS } from '../../../shared/domain/publication-order';
import { FILTER_FIELDS, FILTER_OPERATORS, type FilterField } from '../../../shared/domain/publication-filter';
import { extraPublications } from '../cache/history';
import { call } from './helpers';
import { referencePage } from './publication-reference';

const ORDERS = PUBLICATION_ORDER_KEYS.flatMap((k) => [k, `-${k}`]);
const HISTORY = 4_000;

let sb: RunningSandbox;
let docs: readonly PublicationDoc[];

beforeAll(async () => {
  sb = await startSandbox({ seedPublications: HISTORY, clock: createManualClock(Date.UTC(2026, 10, 20, 15, 30)) });
  docs = sb.publicationDocs();
  return () => sb.close();
});

const distinct = (values: readonly (string | boolean | null)[]): string[] => [...new Set(values.filter((v) => v !== null).map(String))].sort();

/** A condition on a field, its values drawn from what the history holds (or pieces of them, or nothing that exists). */
function conditionOf(field: FilterField, op: string, picks: number[]): [string, string][] {
  const known = [...distinct(docs.map((d) => d.facts[field])), 'no-such-value'];
  const pick = (i: number): string => known[i % known.length] as string;
  const key = `filters[${field}][conditions][${op}]`;
  const one = pick(picks[0] ?? 0);
  switch (op) {
    case '$in':
    case '$not_in':
      return picks.map((p, i) => [`${key}[${i}]`, pick(p)]);
    case '$has_value':
    case '$is_unknown':
      return [[key, '']];
    case '$contains':
    case '$not_contain':
      return [[key, one.slice(1, 4)]];
    case '$starts_with':
      return [[key, one.slice(0, 1 + ((picks[1] ?? 0) % 6))]];
    case '$ends_with':
      return [[key, one.slice(-1 - ((picks[1] ?? 0) % 6))]];
    default:
      return [[key, one]];
  }
}

const queryArb = fc.record({
  order: fc.option(fc.constantFrom(...ORDERS), { nil: undefined }),
  limit: fc.integer({ min: 1, max: 100 }),
  pageAt: fc.double({ min: 0, max: 1, noNaN: true }),
  plain: fc.subarray(['campaign', 'customer', 'voucher', 'result', 'voucher_type', 'is_referral_code', 'source_id'], { maxLength: 2 }),
  pick: fc.nat(),
  conditions: fc.array(
    fc.record({
      field: fc.constantFrom(...FILTER_FIELDS),
      op: fc.constantFrom(...FILTER_OPERATORS),
      picks: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }),
    }),
    { maxLength: 3 },
  ),
  junction: fc.option(fc.constantFrom('and', 'or'), { nil: undefined }),
});

function plainValue(name: string, pick: number): string {
  const from = (values: readonly string[]): string => values[pick % values.length] as string;
  switch (name) {
    case 'campaign':
      return from(distinct(docs.map((d) => d.facts.campaign_name)));
    case 'customer':
      return from(distinct(docs.map((d) => d.facts.customer_id)));
    case 'voucher':
      return from(docs.flatMap((d) => d.facts.codes));
    case 'result':
      return from(['SUCCESS', 'FAILURE']);
    case 'voucher_type':
      return from(['discount', 'loyalty']);
    case 'is_referral_code':
      return from(['true', 'false']);
    default:
      return from(distinct(docs.map((d) => d.facts.source_id)));
  }
}

describe('publication list paging (sorted lists and kept selections)', () => {
  it('answers every order, filter and page exactly as a full filter-and-sort of the same documents', async () => {
    await fc.assert(
      fc.asyncProperty(queryArb, async (q) => {
        const query = new URLSearchParams();
        if (q.order) query.set('order', q.order);
        query.set('limit', String(q.limit));
        for (const name of q.plain) query.set(name, plainValue(name, q.pick));
        for (const c of q.conditions) for (const [k, v] of conditionOf(c.field, c.op, c.picks)) query.append(k, v);
        if (q.junction) query.set('filters[junction]', q.junction);
        const lastPage = Math.max(1, Math.ceil(referencePage(docs, query).total / q.limit));
        const page = 1 + Math.floor(q.pageAt * lastPage);
        for (const p of [page, page + 1]) {
          query.set('page', String(p));
          const answer = await call(sb, 'GET', `/v1/publications?${query.toString()}`);
          expect(answer.status, JSON.stringify(answer.body)).toBe(200);
          const expected = referencePage(docs, query);
          expect({ ids: answer.body.publications.map((x: { id: string }) => x.id), total: answer.body.total }, query.toString()).toEqual(expected);
        }
      }),
      { numRuns: 150, seed: 15 },
    );
  });

  it('walks all of a large table in each order without a gap or a repeat', async () => {
    for (const order of ['created_at', '-tracking_id', 'voucher_code']) {
      const seen: string[] = [];
      for (let page = 1; seen.length < HISTORY; page += 1) {
        const answer = await call(sb, 'GET', `/v1/publications?order=${order}&limit=100&page=${page}`);
        expect(answer.body.total).toBe(HISTORY);
        seen.push(...answer.body.publications.map((x: { id: string }) => x.id));
      }
      expect(new Set(seen).size).toBe(HISTORY);
      expect(seen).toEqual(referencePage(docs, new URLSearchParams({ order, limit: String(HISTORY) })).ids);
    }
  });

  it('answers from the new documents once publications are stored, in the middle of a walk of the same query', async () => {
    const SQL = await loadSqlJs();
    const db = new SQL.Database();
    db.run('CREATE TABLE docs (kind TEXT NOT NULL, id TEXT NOT NULL, seq INTEGER NOT NULL, data TEXT NOT NULL, PRIMARY KEY (kind, id))');
    db.run('CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
    const store = new PublicationStore(db, new DocStore(db));
    const first = extraPublications(300);
    store.put(first);
    const query = new URLSearchParams({ order: '-channel', limit: '50', page: '2', result: 'SUCCESS' });
    const page = (q: URLSearchParams) => store.current().page(criteriaOf(q), q.get('order') ?? '-created_at', 50, 50);
    expect(page(query).items.map((d) => d.item.id)).toEqual(referencePage(first, query).ids);
    const more = extraPublications(200, 300);
    const changed = { ...first[7]!, item: { ...first[7]!.item, channel: 'AAA first' } };
    store.put([...more, changed]);
    const now = [...first.slice(0, 7), changed, ...first.slice(8), ...more];
    expect(store.all()).toEqual(now);
    expect(page(query).items.map((d) => d.item.id)).toEqual(referencePage(now, query).ids);
    expect(page(query).total).toBe(referencePage(now, query).total);
    db.close();
  });
});
