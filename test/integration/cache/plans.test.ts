import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCacheDatabase, queryCachedPublications } from '../../../electron/cache';
import { orderOf, walkSql } from '../../../electron/cache/publication-pages';
import { cacheMigrations } from '../../../electron/cache/schema';
import { openCache } from '../../../electron/store/databases';
import type { StoreDatabase } from '../../../electron/store/database';
import { PUBLICATION_ORDERS } from '../../../shared/api';
import { extraPublications } from './history';
import { fillCache } from './fill';
import { makeTempDir } from './temp';

const TARGET = 'http://127.0.0.1:1/plans';
const dir = makeTempDir();
let db: StoreDatabase;

function plan(sql: string, params: readonly (string | number | null)[]): string {
  return db
    .all<{ detail: string }>(`EXPLAIN QUERY PLAN ${sql}`, params)
    .map((r) => r.detail)
    .join(' | ');
}

beforeAll(async () => {
  db = await openCacheDatabase(join(dir, 'cache'));
  await fillCache(db, TARGET, extraPublications(200));
});

afterAll(async () => {
  await db?.close();
});

describe('every order walks its index', () => {
  const plain = { where: { sql: 'target = ? AND 1 AND (1)', params: [TARGET] } };
  const filtered = { where: { sql: "target = ? AND (customer_id <> ? AND instr(related_object_id, '1') > 0)", params: [TARGET, 'cust_extra1'] } };
  const runs = [
    ['keyed', false],
    ['keyed', true],
    ['unkeyed', false],
    ['unkeyed', true],
  ] as const;

  it.each(PUBLICATION_ORDERS)('%s: both runs, both directions, with no temporary sort', (order) => {
    const spec = orderOf(order);
    for (const [run, reverse] of runs) {
      const bare = walkSql(plain, spec, run, reverse, 100, 50_000);
      const bareCovering = plan(bare.sql, bare.params);
      expect(bareCovering).toContain(`USING COVERING INDEX publication_facts_by_${spec.key}`);
      expect(bareCovering).not.toContain('TEMP B-TREE');
      const withFilter = walkSql(filtered, spec, run, reverse, 100, 0);
      const lookedUp = plan(withFilter.sql, withFilter.params);
      expect(lookedUp).toMatch(new RegExp(`USING (COVERING )?INDEX publication_facts_by_${spec.key}`));
      expect(lookedUp).not.toContain('TEMP B-TREE');
    }
  });

  it("replaces an updated publication's codes by a seek, not a scan of every code", () => {
    // As the `publications` view's triggers do: the old row's codes, each found by its key.
    expect(plan('DELETE FROM publication_codes WHERE no = ? AND code IN (SELECT value FROM json_each(?))', [1, '["EX1"]'])).toContain(
      'USING PRIMARY KEY (code=? AND no=?)',
    );
  });

  it('pages of a plain order are the same read from either end of the index', () => {
    for (const order of PUBLICATION_ORDERS) {
      const all = queryCachedPublications(db, TARGET, { order, limit: 1000 }).items.map((p) => p.id);
      expect(all).toHaveLength(200);
      for (const offset of [0, 37, 100, 150, 195]) {
        const page = queryCachedPublications(db, TARGET, { order, offset, limit: 10 }).items.map((p) => p.id);
        expect(page, `${order} at ${offset}`).toEqual(all.slice(offset, offset + 10));
      }
    }
  });
});

describe('migrating a cache of version 1', () => {
  it('fills the narrow table and the codes, makes times sortable, records unknown facts and numbers, and keeps them equal to publications', async () => {
    const old = join(dir, 'old');
    const v1 = await openCache(old, cacheMigrations.slice(0, 1));
    await v1.write((tx) => {
      tx.run(`INSERT INTO pulls (target, kind, query, query_key, started_at, status, pages, items) VALUES (?, 'publications', '{}', '{}', ?, 'done', 1, 2)`, [
        TARGET,
        '2025-08-01T00:00:00.000Z',
      ]);
      const insert = `INSERT INTO publications (target, id, created_at, customer_id, channel, voucher_code, codes, result, campaign_name, source_id, unknown, learned, json, pull_id, pulled_at)
        VALUES (?, ?, ?, 'cust_1', 'Email', ?, ?, 'SUCCESS', ?, ?, ?, '{}', ?, 1, '2025-08-01T00:00:00.000Z')`;
      tx.run(insert, [TARGET, 'pub_a', '2025-07-01T02:00:00+02:00', 'A', '["A"]', 'Spring', '42', ',parent_object_id,', '{"id":"pub_a"}']);
      tx.run(insert, [
        TARGET,
        'pub_b',
        '2025-07-01T00:30:00Z',
        null,
        '["B1","B2"]',
        null,
        '7',
        ',campaign_name,parent_object_id,',
        '{"id":"pub_b","failure_message":"Too late"}',
      ]);
    });
    await v1.close();

    const migrated = await openCacheDatabase(old);
    try {
      const facts = migrated.all('SELECT id, created_at, unknown_mask, numbers, failure_message FROM publication_facts ORDER BY id');
      expect(facts).toEqual([
        { id: 'pub_a', created_at: '2025-07-01T00:00:00.000Z', unknown_mask: 1 << 6, numbers: '{"source_id":42}', failure_message: null },
        { id: 'pub_b', created_at: '2025-07-01T00:30:00.000Z', unknown_mask: (1 << 3) | (1 << 6), numbers: '{"source_id":7}', failure_message: 'Too late' },
      ]);
      // As numbers, 42 and 7 are both more than 5; as text, neither is.
      const more = queryCachedPublications(migrated, TARGET, { filters: { source_id: { conditions: { $more_than: '5' } } }, order: 'created_at' });
      expect(more.items.map((p) => p.id)).toEqual(['pub_a', 'pub_b']);
      expect(queryCachedPublications(migrated, TARGET, { voucher: 'B2' }).items.map((p) => p.id)).toEqual(['pub_b']);
      const campaign = queryCachedPublications(migrated, TARGET, { campaign: 'Spring' });
      expect([campaign.total, campaign.undetermined, campaign.unknownFields]).toEqual([1, 1, ['campaign_name']]);

      await migrated.write((tx) => {
        tx.run("UPDATE publications SET channel = 'SMS' WHERE id = 'pub_a'");
        tx.run("DELETE FROM publications WHERE id = 'pub_b'");
      });
      expect(migrated.all('SELECT id, channel FROM publication_facts')).toEqual([{ id: 'pub_a', channel: 'SMS' }]);
      expect(migrated.all('SELECT code, id FROM publication_codes JOIN publication_facts USING (no)')).toEqual([{ code: 'A', id: 'pub_a' }]);
    } finally {
      await migrated.close();
    }
  });
});
