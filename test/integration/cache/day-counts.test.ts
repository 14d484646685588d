import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachedCounts, dropCachedTarget, openCacheDatabase } from '../../../electron/cache';
import { DAY_COUNT_TABLES, groupedDayCountsSql } from '../../../electron/cache/day-counts';
import { cacheMigrations } from '../../../electron/cache/schema';
import type { PublicationDoc } from '../../../electron/local-service/publication-doc';
import type { StoreDatabase } from '../../../electron/store/database';
import type { Reader } from '../../../electron/store/statements';
import { openCache } from '../../../electron/store/databases';
import { fillCache } from './fill';
import { extraPublications } from './history';
import { makeTempDir } from './temp';

// Cache version 5 counts publications by UTC day in three tables (electron/cache/day-counts.ts): a
// version 4 cache is migrated to them by a GROUP BY each, and a cache written since keeps them by
// triggers. Both must hold exactly the GROUP BYs over the facts.

const TARGETS = ['http://127.0.0.1:1/first', 'proj_second'];
const dir = makeTempDir();
let migrated: StoreDatabase;
let fresh: StoreDatabase;

/** The history, with a publication without a time and one whose time the cache keeps as it came. */
function docs(): PublicationDoc[] {
  const all = extraPublications(600, 0, Date.UTC(2026, 2, 27, 20));
  const [untimed, odd] = all as [PublicationDoc, PublicationDoc];
  delete (untimed.item as Record<string, unknown>).created_at;
  odd.item.created_at = 'sometime in March';
  return all;
}

const sorted = (rows: unknown[]): string[] => rows.map((r) => JSON.stringify(Object.values(r as object))).sort();
const tableRows = (db: Reader, table: string): string[] => sorted(db.all(`SELECT * FROM ${table}`));
const groupedRows = (db: Reader, table: string): string[] => sorted(db.all(groupedDayCountsSql(table)));

beforeAll(async () => {
  const v4 = await openCache(join(dir, 'v4'), cacheMigrations.slice(0, 4));
  for (const target of TARGETS) await fillCache(v4, target, docs());
  await v4.close();
  migrated = await openCacheDatabase(join(dir, 'v4'));
  fresh = await openCacheDatabase(join(dir, 'v5'));
  for (const target of TARGETS) await fillCache(fresh, target, docs());
}, 60_000);

afterAll(async () => {
  await migrated?.close();
  await fresh?.close();
});

describe('publications counted by UTC day (cache version 5)', () => {
  it('fills the day counts of a version 4 cache with the GROUP BYs, as the triggers of a new one keep them', () => {
    expect([...DAY_COUNT_TABLES]).toHaveLength(3);
    for (const table of DAY_COUNT_TABLES) {
      const rows = tableRows(migrated, table);
      expect(rows.length, table).toBeGreaterThan(10);
      expect(rows, table).toEqual(groupedRows(migrated, table));
      expect(tableRows(fresh, table), table).toEqual(rows);
    }
    // A day's quarter-hours add up to its count; a publication without a sortable time is in none of them.
    const quarters = Array.from({ length: 96 }, (_, q) => `q${q}`).join(' + ');
    expect(migrated.get(`SELECT COUNT(*) AS n FROM publication_day_quarters WHERE count <> (CASE WHEN day GLOB '2*' THEN ${quarters} ELSE count END)`)).toEqual(
      { n: 0 },
    );
    expect(migrated.get(`SELECT SUM(${quarters}) AS n FROM publication_day_quarters WHERE day IS NULL OR day = 'unsorted'`)).toEqual({ n: 0 });
    expect(migrated.get('SELECT SUM(count) AS n FROM publication_day_quarters')).toEqual({ n: 1200 });
    expect(migrated.all("SELECT target, count FROM publication_day_quarters WHERE day = 'unsorted'")).toEqual([
      { target: 1, count: 1 },
      { target: 2, count: 1 },
    ]);
  });

  it("drops a removed project's day counts with its publications", async () => {
    const [first, second] = TARGETS as [string, string];
    await dropCachedTarget(fresh, first);
    expect(cachedCounts(fresh, first).publications).toBe(0);
    for (const table of DAY_COUNT_TABLES) {
      expect(fresh.get(`SELECT COUNT(*) AS n FROM ${table} WHERE target = 1`), table).toEqual({ n: 0 });
      expect(tableRows(fresh, table), table).toEqual(groupedRows(fresh, table));
    }
    expect(cachedCounts(fresh, second).publications).toBe(600);
  });
});
