import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCacheDatabase, queryCachedPublications } from '../../../electron/cache';
import { cachedItemJson, partInterner } from '../../../electron/cache/publication-parts';
import { upsertParams, upsertSql, WIDE_COLUMNS, wideRowParams } from '../../../electron/cache/publication-rows';
import { finishPull, startPull } from '../../../electron/cache/pulls';
import { cacheMigrations } from '../../../electron/cache/schema';
import { seedHistory } from '../../../electron/local-service/seed-history';
import { seedPublications } from '../../../electron/local-service/seed-publications';
import type { StoreDatabase } from '../../../electron/store/database';
import { openCache } from '../../../electron/store/databases';
import type { Writer } from '../../../electron/store/statements';
import type { Publication } from '../../../shared/api';
import { exportedPublication, exportKey } from '../../../shared/domain/export-publication';
import { factsOfPublication, withKnownFacts, type KnownFacts, type PublicationFacts } from '../../../shared/domain/publication-facts';
import { selectionKey } from '../../../shared/domain/publication-query';
import { extraPublications } from './history';
import { QUERIES } from './queries';
import { makeTempDir } from './temp';
import { wideRows } from './wide-rows';

// Cache version 4 keeps an item's JSON as a shape, interned parts and a rest (publication-json.ts):
// every item must read back as the very text it was stored from, whatever its shape, and a version 3
// cache must keep every row when rewritten.

const TARGET = 'proj_items';
const AT = '2026-01-01T00:00:00.000Z';
const GIFT: KnownFacts = { campaign_name: 'Gift Season' };
/** Pull instants: those that read back the same as milliseconds are kept so, the others as they are. */
const PULLED_AT = [AT, '2026-03-04T05:06:07.891Z', '1970-01-01T00:00:00.000Z', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00.000+01:00', 'yesterday'];

/** Items no sandbox makes: odd values where the facts are, values equal to facts elsewhere, JSON's corners. */
function oddItems(): Publication[] {
  const odd: unknown[] = [
    {
      id: 'pub_odd1',
      object: 'publication',
      created_at: '2025-07-01T00:00:00Z',
      customer_id: 'c1',
      metadata: { n: 1.5, list: [1, 'a', null, { deep: true }], 2: 'two', 1: 'one', quote: 'say "hi"\n\u0001\u2028', empty: '', c1: 'c1' },
      channel: 'API',
      source_id: 'ODD-1',
      result: 'SUCCESS',
      voucher: { code: 'ODD-1', object: 'voucher', campaign: null, discount: { type: 'AMOUNT', amount_off: -0.5, big: 1e21, tiny: 5e-324 } },
    },
    { id: 'pub_odd2', customer_id: 'pub_odd2', tracking_id: 'pub_odd2', vouchers: ['A', 'A'], vouchers_id: [], result: 'SUCCESS', object: 'x\u0002y' },
    { id: 'pub_odd3', created_at: 'not a date', customer: {}, metadata: null, failure_code: 'm', failure_message: 'm', result: 'FAILURE', type: 7 },
    { id: 'pub_odd4', object: 'publication', customer: { id: 'c2', object: 'customer' }, vouchers: ['B1', 'B2'], vouchers_id: ['v1', 'v2'], channel: '' },
    { id: 'pub_odd5', voucher: { code: 'Z', object: 'voucher', gift: { amount: 0, balance: -0 }, loyalty_card: { points: 3 } }, customer_id: 'Z' },
    JSON.parse('{"id":"pub_odd6","__proto__":{"id":"pub_odd6"},"10":1,"9":[["pub_odd6"]],"tracking_id":"\\u0003"}'),
  ];
  return odd as Publication[];
}

/** Export-sourced rows of both results, as an export pull stores them. */
function exportedItems(): { item: Publication; facts: PublicationFacts }[] {
  const columns = { voucher_code: 0, customer_id: 1, date: 2, channel: 3, campaign: 4 };
  const rows = [
    ['EXP-1', 'cust_a', '2025-03-01 10:00:00', 'Email', 'Spring Promo'],
    ['EXP-2', 'cust_b', '2025-03-02T10:00:00Z', '', ''],
    ['', 'cust_c', '2025-03-03T10:00:00.000Z', 'API', ''],
  ];
  return [
    ...rows.map((cells) => exportedPublication(cells, columns, { result: 'SUCCESS' }, exportKey(cells[2] as string, cells[1] as string, cells[0] || null))),
    ...rows.map((cells) =>
      exportedPublication(cells, columns, { result: 'FAILURE', failureCode: 'quota_exceeded' }, `${exportKey(cells[2] as string, cells[1] as string, null)}#2`),
    ),
  ];
}

/** Every shape the sandbox produces (its seeded history and thirty seeded publications), the extra history's, exports' and odd ones. */
function rows(): { item: Publication; facts: PublicationFacts; learned: KnownFacts }[] {
  const listed = [...seedHistory(3000, Date.UTC(2026, 0, 1)).publications, ...seedPublications(), ...seedPublications('Second'), ...extraPublications(300)].map(
    (d) => d.item as unknown as Publication,
  );
  return [
    ...[...listed, ...oddItems()].map((item) => {
      const learned = item.voucher === undefined ? GIFT : {};
      return { item, facts: withKnownFacts(factsOfPublication(item), learned), learned };
    }),
    ...exportedItems().map((e) => ({ ...e, learned: {} })),
  ];
}

type RowParams = (tx: Writer) => typeof wideRowParams;

async function write(db: StoreDatabase, statement: string, rowParams: RowParams): Promise<void> {
  await db.write((tx) => {
    const upsert = tx.prepare(statement);
    const params = rowParams(tx);
    const pullId = startPull(tx, TARGET, 'publications', {}, selectionKey({}), AT);
    rows().forEach((row, n) => upsert.run(params(TARGET, row.item, row.facts, row.learned, pullId, PULLED_AT[n % PULLED_AT.length] as string)));
    finishPull(tx, pullId, 'done', AT, { total: 0 });
  });
}

const dir = makeTempDir();
let migrated: StoreDatabase;
let fresh: StoreDatabase;
let before: unknown[];

beforeAll(async () => {
  const v3 = await openCache(join(dir, 'v3'), cacheMigrations.slice(0, 3));
  // Version 3's view takes the JSON whole.
  await write(v3, `INSERT INTO publications (${WIDE_COLUMNS.join(', ')}) VALUES (${WIDE_COLUMNS.map(() => '?').join(', ')})`, () => wideRowParams);
  before = v3.all(`SELECT ${WIDE_COLUMNS.join(', ')} FROM publications ORDER BY target, id`);
  await v3.close();
  migrated = await openCacheDatabase(join(dir, 'v3'));
  fresh = await openCacheDatabase(join(dir, 'v4'));
  await write(fresh, upsertSql(), (tx) => {
    const intern = partInterner(tx);
    return (...args) => upsertParams(intern, ...args);
  });
});

afterAll(async () => {
  await migrated?.close();
  await fresh?.close();
});

describe("a cached item's JSON as its shape, parts and rest (cache version 4)", () => {
  it('reads every item back as the exact text it was stored from, in the same key order', () => {
    const all = rows();
    expect(all.length).toBeGreaterThan(3300);
    const json = cachedItemJson(
      fresh,
      TARGET,
      all.map((r) => r.item.id),
    );
    expect(json.size).toBe(all.length);
    for (const { item } of all) expect(json.get(item.id), item.id).toBe(JSON.stringify(item));
    const page = queryCachedPublications(fresh, TARGET, { limit: 100 });
    for (const item of page.items) expect(JSON.stringify(item)).toBe(json.get(item.id));
  });

  it('shares shapes and parts: a few dozen shapes for thousands of items, a short rest each', () => {
    const items = fresh.get<{ n: number; shapes: number }>('SELECT COUNT(*) AS n, COUNT(DISTINCT shape) AS shapes FROM publication_items');
    expect(items?.shapes).toBeLessThan(100);
    // Parts: a customer's object, a distinct metadata (the sandbox's vary), each once.
    const parts = fresh.get<{ n: number }>('SELECT COUNT(*) AS n FROM publication_parts')?.n ?? 0;
    expect(parts).toBeLessThan((items?.n ?? 0) * 0.6);
    const rest = fresh.get<{ bytes: number }>('SELECT AVG(LENGTH(rest)) AS bytes FROM publication_items');
    expect(rest?.bytes).toBeLessThan(40);
  });

  it('keeps a pull instant as milliseconds only where it reads back the same, and learned `{}` as nothing', () => {
    for (const db of [fresh, migrated]) {
      const kinds = db.all('SELECT typeof(pulled_at) AS kind, COUNT(*) AS n FROM publication_items GROUP BY 1 ORDER BY 1');
      expect(kinds.map((k) => k.kind)).toEqual(['integer', 'text']);
      expect(db.get<{ n: number }>("SELECT COUNT(*) AS n FROM publication_items WHERE typeof(pulled_at) = 'integer'")?.n).toBeGreaterThan(
        (db.get<{ n: number }>('SELECT COUNT(*) AS n FROM publication_items')?.n ?? 0) / 2 - 1,
      );
      expect(db.get<{ n: number }>('SELECT COUNT(*) AS n FROM publication_items WHERE learned IS NULL')?.n).toBeGreaterThan(0);
      expect(db.get<{ n: number }>("SELECT COUNT(*) AS n FROM publications WHERE learned = '{}'")?.n).toBe(
        db.get<{ n: number }>('SELECT COUNT(*) AS n FROM publication_items WHERE learned IS NULL')?.n,
      );
    }
  });

  it('keeps every row of a version 3 cache, its JSON, learned facts and pull', () => {
    expect(before.length).toBe(rows().length);
    expect(wideRows(migrated)).toEqual(before);
    expect(wideRows(fresh)).toEqual(before);
  });

  it('answers every query of the migrated cache as a cache written by version 4 does', () => {
    for (const [name, q] of QUERIES) {
      for (const offset of [0, 150]) {
        const a = queryCachedPublications(migrated, TARGET, { ...q, offset, limit: 100 });
        const b = queryCachedPublications(fresh, TARGET, { ...q, offset, limit: 100 });
        expect({ ...a, lastPull: undefined }, `${name} at ${offset}`).toEqual({ ...b, lastPull: undefined });
      }
    }
  });
});
