import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachedCounts, cachedPublicationStats, dropCachedTarget, openCacheDatabase, queryCachedPublications } from '../../../electron/cache';
import { partInterner } from '../../../electron/cache/publication-parts';
import { upsertParams, upsertSql, WIDE_COLUMNS, wideRowParams } from '../../../electron/cache/publication-rows';
import { finishPull, startPull } from '../../../electron/cache/pulls';
import { cacheMigrations } from '../../../electron/cache/schema';
import type { PublicationDoc } from '../../../electron/local-service/publication-doc';
import type { StoreDatabase } from '../../../electron/store/database';
import type { Writer } from '../../../electron/store/statements';
import { openCache } from '../../../electron/store/databases';
import type { Publication } from '../../../shared/api';
import { factsOfPublication, withKnownFacts, type KnownFacts } from '../../../shared/domain/publication-facts';
import { selectionKey } from '../../../shared/domain/publication-query';
import { extraPublications } from './history';
import { QUERIES } from './queries';
import { makeTempDir } from './temp';
import { wideRows } from './wide-rows';

// A cache written by version 2 (one wide row and a narrow copy a publication) is migrated to
// version 3 (each publication stored once, see publication-layout.ts), and on to version 4, keeping
// every row and answer.

const TARGETS = ['http://127.0.0.1:1/first', 'proj_second'];
const GIFT: KnownFacts = { campaign_name: 'Gift Season' };
const dir = makeTempDir();
let migrated: StoreDatabase;
let fresh: StoreDatabase;
let before: unknown[];

const ROWS = `SELECT ${WIDE_COLUMNS.join(', ')} FROM publications ORDER BY target, id`;

type RowParams = (tx: Writer) => typeof wideRowParams;
const wide: RowParams = () => wideRowParams;
const stored: RowParams = (tx) => {
  const intern = partInterner(tx);
  return (...args) => upsertParams(intern, ...args);
};

/** Everything a pull writes: every publication, then a complete pull of one campaign teaching its facts. */
async function write(db: StoreDatabase, statement: string, rowParams: RowParams, docs: readonly PublicationDoc[]): Promise<void> {
  const at = '2026-01-01T00:00:00.000Z';
  for (const target of TARGETS) {
    await db.write((tx) => {
      const upsert = tx.prepare(statement);
      const params = rowParams(tx);
      const all = startPull(tx, target, 'publications', {}, selectionKey({}), at);
      for (const doc of docs) upsert.run(params(target, doc.item, factsOfPublication(doc.item), {}, all, at));
      finishPull(tx, all, 'done', at, { total: docs.length });
      const gift = startPull(tx, target, 'publications', { campaign: 'Gift Season' }, selectionKey({ campaign: 'Gift Season' }), at);
      const member = tx.prepare('INSERT INTO pull_members (pull_id, id) VALUES (?, ?)');
      for (const doc of docs.filter((d) => d.facts.campaign_name === 'Gift Season')) {
        const item = doc.item as unknown as Publication;
        member.run([gift, item.id]);
        upsert.run(params(target, item, withKnownFacts(factsOfPublication(item), GIFT), GIFT, gift, at));
      }
      finishPull(tx, gift, 'done', at, { total: 0 });
    });
  }
}

beforeAll(async () => {
  const docs = extraPublications(400);
  const v2 = await openCache(join(dir, 'v2'), cacheMigrations.slice(0, 2));
  // Version 2's own upsert: `publications` was a table then.
  const updates = WIDE_COLUMNS.filter((c) => c !== 'target' && c !== 'id').map((c) => `${c} = excluded.${c}`);
  await write(
    v2,
    `INSERT INTO publications (${WIDE_COLUMNS.join(', ')}) VALUES (${WIDE_COLUMNS.map(() => '?').join(', ')}) ON CONFLICT (target, id) DO UPDATE SET ${updates.join(', ')}`,
    wide,
    docs,
  );
  before = v2.all(ROWS);
  await v2.close();
  migrated = await openCacheDatabase(join(dir, 'v2'));
  fresh = await openCacheDatabase(join(dir, 'v3'));
  await write(fresh, upsertSql(), stored, docs);
});

afterAll(async () => {
  await migrated?.close();
  await fresh?.close();
});

describe('storing each publication once (cache version 3)', () => {
  it('keeps every row of a version 2 cache, its JSON, learned facts and pull, once each', () => {
    expect(before).toHaveLength(800);
    expect(wideRows(migrated)).toEqual(before);
    expect(wideRows(fresh)).toEqual(before);
    expect(migrated.get('SELECT COUNT(*) AS n FROM publication_items')).toEqual({ n: 800 });
    expect(migrated.all('SELECT no, target FROM publication_targets ORDER BY no')).toEqual(TARGETS.map((target, i) => ({ no: i + 1, target })));
  });

  it('answers every query and stats of the migrated cache as a cache written by version 3 does', () => {
    for (const target of TARGETS) {
      for (const [name, q] of QUERIES) {
        for (const offset of [0, 150]) {
          const a = queryCachedPublications(migrated, target, { ...q, offset, limit: 100 });
          const b = queryCachedPublications(fresh, target, { ...q, offset, limit: 100 });
          expect({ ...a, lastPull: undefined }, `${name} at ${offset}`).toEqual({ ...b, lastPull: undefined });
        }
        const stats = (db: StoreDatabase) => cachedPublicationStats(db, target, { selection: q, by: 'week', timeZone: 'Europe/Warsaw' });
        expect({ ...stats(migrated), lastPullAt: null }, name).toEqual({ ...stats(fresh), lastPullAt: null });
      }
      expect(queryCachedPublications(migrated, target, { voucher: 'EX10-B' }).items.map((p) => p.id)).toEqual(['pub_extra00010']);
    }
  });

  it('replaces a publication written again, its codes with it, and deletes through the view', async () => {
    const [target] = TARGETS as [string];
    await migrated.write((tx) => {
      const item = {
        id: 'pub_extra00010',
        object: 'publication',
        created_at: '2025-07-01T00:00:00.000Z',
        vouchers: ['NEW-1'],
        result: 'SUCCESS',
      } as unknown as Publication;
      tx.run(upsertSql(), upsertParams(partInterner(tx), target, item, factsOfPublication(item), {}, 1, '2026-01-02T00:00:00.000Z'));
    });
    expect(queryCachedPublications(migrated, target, { voucher: 'EX10-B' }).total).toBe(0);
    expect(queryCachedPublications(migrated, target, { voucher: 'NEW-1' }).items.map((p) => p.id)).toEqual(['pub_extra00010']);
    expect(queryCachedPublications(migrated, TARGETS[1] as string, { voucher: 'EX10-B' }).total).toBe(1);
    await migrated.write((tx) => tx.run('DELETE FROM publications WHERE target = ? AND id = ?', [target, 'pub_extra00010']));
    expect(queryCachedPublications(migrated, target, { voucher: 'NEW-1' }).total).toBe(0);
    expect(migrated.get('SELECT COUNT(*) AS n FROM publication_items')).toEqual({ n: 799 });
  });

  it("drops one target's publications and keeps the other's", async () => {
    const [first, second] = TARGETS as [string, string];
    expect(cachedCounts(fresh, first).publications).toBe(400);
    await dropCachedTarget(fresh, first);
    expect(cachedCounts(fresh, first).publications).toBe(0);
    expect(queryCachedPublications(fresh, first, {}).total).toBe(0);
    expect(cachedCounts(fresh, second).publications).toBe(400);
    expect(fresh.get('SELECT COUNT(*) AS n FROM publication_items')).toEqual({ n: 400 });
    expect(fresh.get('SELECT COUNT(*) AS n FROM publication_codes')).toEqual(fresh.get('SELECT COUNT(*) AS n FROM publication_facts, json_each(codes)'));
  });
});
