import type { StoreDatabase } from '../store/database';
import type { Reader } from '../store/statements';

/** A remembered setting of the cache (e.g. `target`: where the last pull went), or undefined. */
export function cacheState(db: Reader, key: string): string | undefined {
  return db.get<{ value: string }>('SELECT value FROM cache_state WHERE key = ?', [key])?.value;
}

export function setCacheState(db: StoreDatabase, key: string, value: string): Promise<void> {
  return db.write((tx) => {
    tx.run('INSERT INTO cache_state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value', [key, value]);
  });
}
