import type { Writer } from './statements';

/**
 * One step of a database's schema. Versions start at 1 and go up by one; a released migration is
 * never edited, a change is a new migration. `up` runs inside the transaction that also records
 * the new version, so a failing step leaves the file exactly as it was.
 */
export interface Migration {
  version: number;
  description: string;
  up(tx: Writer): void;
}

export const META_TABLE = 'store_meta';

export function latestVersion(migrations: readonly Migration[]): number {
  return migrations.at(-1)?.version ?? 0;
}

export function checkMigrations(name: string, migrations: readonly Migration[]): void {
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      throw new Error(`Migrations of the ${name} database must be numbered 1, 2, 3, ...; found ${migration.version} at position ${index + 1}`);
    }
  });
}

export function pendingMigrations(migrations: readonly Migration[], current: number): readonly Migration[] {
  return migrations.filter((migration) => migration.version > current);
}

export function applyMigrations(tx: Writer, pending: readonly Migration[]): void {
  for (const migration of pending) {
    try {
      migration.up(tx);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`Schema migration ${migration.version} (${migration.description}) failed: ${reason}`, { cause: error });
    }
    tx.run(`UPDATE ${META_TABLE} SET value = ? WHERE key = 'schema_version'`, [migration.version]);
  }
}
