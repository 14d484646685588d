import type { Database } from 'sql.js';

/** One value of the project's `meta` table, or undefined. */
export function readMeta(db: Database, key: string): string | undefined {
  const value = db.exec('SELECT value FROM meta WHERE key = ?', [key])[0]?.values[0]?.[0];
  return typeof value === 'string' ? value : undefined;
}

export function writeMeta(db: Database, key: string, value: string): void {
  db.run('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value', [key, value]);
}
