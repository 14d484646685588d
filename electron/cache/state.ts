import type { StoreDatabase } from '../store/database';
import type { Reader } from '../store/statements';
import { DAY_COUNT_TABLES, dropTargetDayCounts } from './day-counts';
import { cachedPublicationCount, dropTargetPublications, PUBLICATION_TABLES } from './publication-layout';

/** A remembered setting of the cache (e.g. `target`: where the last pull went), or undefined. */
export function cacheState(db: Reader, key: string): string | undefined {
  return db.get<{ value: string }>('SELECT value FROM cache_state WHERE key = ?', [key])?.value;
}

export function setCacheState(db: StoreDatabase, key: string, value: string): Promise<void> {
  return db.write((tx) => {
    tx.run('INSERT INTO cache_state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value', [key, value]);
  });
}

/** Every key the cache files copies under: base URLs before projects, project ids since. */
export function cachedTargets(db: Reader): string[] {
  return db.all<{ target: string }>('SELECT target FROM pulls UNION SELECT target FROM earning_rules').map((r) => r.target);
}

/** What the cache holds for one key, for the question asked before a project is removed. */
export function cachedCounts(db: Reader, target: string): { publications: number; stacks: number; rewards: number; earningRules: number } {
  const n = (table: string): number => db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table} WHERE target = ?`, [target])?.n ?? 0;
  return { publications: cachedPublicationCount(db, target), stacks: n('stacks'), rewards: n('rewards'), earningRules: n('earning_rules') };
}

/** Drops every copy filed under `target` (a removed project's), in one write. */
export function dropCachedTarget(db: StoreDatabase, target: string): Promise<void> {
  const tables = db
    .all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")
    .map((t) => t.name)
    // The publication and day tables file rows under a target number: dropped apart, in bulk.
    .filter((name) => !PUBLICATION_TABLES.has(name) && !DAY_COUNT_TABLES.has(name))
    .filter((name) => db.all<{ name: string }>(`SELECT name FROM pragma_table_info('${name}')`).some((c) => c.name === 'target'));
  return db.write((tx) => {
    dropTargetDayCounts(tx, target);
    dropTargetPublications(tx, target);
    for (const table of tables) tx.run(`DELETE FROM ${table} WHERE target = ?`, [target]);
  });
}
