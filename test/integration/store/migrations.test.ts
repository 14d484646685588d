import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../electron/store/database';
import { openLibraryDatabase } from '../../../electron/batches/open';
import { StoreTooNewError } from '../../../electron/store/errors';
import { libraryMigrations } from '../../../electron/batches/schema';
import type { Migration } from '../../../electron/store/migrations';
import { useTempDirs } from './temp-dir';

const tempDir = useTempDirs();

const v1: Migration = {
  version: 1,
  description: 'people',
  up: (tx) => void tx.run('CREATE TABLE people (id INTEGER PRIMARY KEY, full_name TEXT NOT NULL)'),
};
const v2: Migration = {
  version: 2,
  description: 'split names',
  up(tx) {
    tx.run("ALTER TABLE people ADD COLUMN family TEXT NOT NULL DEFAULT ''");
    tx.run("UPDATE people SET family = substr(full_name, instr(full_name, ' ') + 1)");
  },
};

describe('schema migrations', () => {
  it('upgrades a file written at an older version and keeps its rows', async () => {
    const dir = tempDir();
    const old = await openDatabase({ dir, name: 'p', migrations: [v1] });
    await old.write((tx) => void tx.run("INSERT INTO people (full_name) VALUES ('Ada Lovelace'), ('Alan Turing')"));
    expect(old.schemaVersion).toBe(1);
    await old.close();

    const upgraded = await openDatabase({ dir, name: 'p', migrations: [v1, v2] });
    expect(upgraded.schemaVersion).toBe(2);
    expect(upgraded.all('SELECT full_name, family FROM people ORDER BY id')).toEqual([
      { full_name: 'Ada Lovelace', family: 'Lovelace' },
      { full_name: 'Alan Turing', family: 'Turing' },
    ]);
    await upgraded.close();
  });

  it('leaves the file untouched when a migration fails, and names the migration', async () => {
    const dir = tempDir();
    const old = await openDatabase({ dir, name: 'p', migrations: [v1] });
    await old.write((tx) => void tx.run("INSERT INTO people (full_name) VALUES ('Ada Lovelace')"));
    await old.compact();
    await old.close();
    const before = readFileSync(join(dir, 'p.sqlite'));
    const broken: Migration = { version: 2, description: 'broken step', up: (tx) => void tx.run('ALTER TABLE nothing ADD x') };
    await expect(openDatabase({ dir, name: 'p', migrations: [v1, broken] })).rejects.toThrow(/migration 2 \(broken step\) failed/);
    expect(readFileSync(join(dir, 'p.sqlite')).equals(before)).toBe(true);
    const still = await openDatabase({ dir, name: 'p', migrations: [v1] });
    expect(still.schemaVersion).toBe(1);
    await still.close();
  });

  it('refuses a file from a newer version without changing it', async () => {
    const dir = tempDir();
    const newer = await openDatabase({ dir, name: 'p', migrations: [v1, v2] });
    await newer.close();
    const error = await openDatabase({ dir, name: 'p', migrations: [v1] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreTooNewError);
    expect((error as Error).message).toMatch(/schema version 2.*only up to 1/);
    const reopened = await openDatabase({ dir, name: 'p', migrations: [v1, v2] });
    expect(reopened.schemaVersion).toBe(2);
    await reopened.close();
  });

  it('rejects migrations that are not numbered 1, 2, 3', async () => {
    await expect(openDatabase({ dir: tempDir(), name: 'p', migrations: [v2] })).rejects.toThrow(/numbered 1, 2, 3/);
  });

  it('upgrades a library at schema version 1 with its batches and drafts', async () => {
    const dir = tempDir();
    const old = await openDatabase({ dir, name: 'library', migrations: libraryMigrations.slice(0, 1) });
    await old.write((tx) => {
      tx.run("INSERT INTO batches (id, name, defaults, next_row, created_at, updated_at) VALUES (1, 'Spring', '{}', 3, 't', 't')");
      tx.run(`INSERT INTO field_sets (id, hash, fields) VALUES (7, 0, '{"category":"x"}')`);
      tx.run("INSERT INTO drafts VALUES (1, 1, 'AAA', 7, NULL, 1), (1, 2, 'BBB', 7, '[]', 0)");
    });
    await old.close();

    const library = await openLibraryDatabase(dir);
    expect(library.schemaVersion).toBe(libraryMigrations.length);
    expect(library.all('SELECT id, name, deleted_at FROM batches')).toEqual([{ id: 1, name: 'Spring', deleted_at: null }]);
    expect(library.all('SELECT code, fields FROM drafts JOIN field_sets ON set_id = field_sets.id WHERE valid = 0')).toEqual([
      { code: 'BBB', fields: '{"category":"x"}' },
    ]);
    await library.close();
  });
});
