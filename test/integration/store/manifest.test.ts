import { cpSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type OpenDatabaseOptions, type StoreDatabase, openDatabase } from '../../../electron/store/database';
import { checkDataDir, restoreCopy } from '../../../electron/data-folder/health';
import { readManifest, writeManifest } from '../../../electron/store/manifest';
import type { Migration } from '../../../electron/store/migrations';
import { useTempDirs } from './temp-dir';

// The manifest, checkpoints and kept copies of one database, as the files on disk show them.

const notes: Migration[] = [{ version: 1, description: 'notes', up: (tx) => void tx.run('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)') }];
const tempDir = useTempDirs();

function open(dir: string, extra: Partial<OpenDatabaseOptions> = {}, name = 'library'): Promise<StoreDatabase> {
  return openDatabase({ dir, name, migrations: notes, ...extra });
}

async function add(db: StoreDatabase, text: string): Promise<void> {
  await db.write((tx) => void tx.run('INSERT INTO notes (text) VALUES (?)', [text]));
}

function texts(db: StoreDatabase): string[] {
  return db.all<{ text: string }>('SELECT text FROM notes ORDER BY id').map((r) => r.text);
}

function listing(dir: string): string[] {
  const walk = (d: string, prefix: string): string[] =>
    readdirSync(d, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory()
        ? walk(join(d, e.name), `${prefix}${e.name}/`)
        : [`${prefix}${e.name} ${statSync(join(d, e.name)).size} ${statSync(join(d, e.name)).mtimeMs}`],
    );
  return walk(dir, '').sort();
}

describe('manifest, checkpoints and kept copies', () => {
  it('folds the journal into a full save a few seconds after a commit, without waiting for another one', async () => {
    const dir = tempDir();
    const db = await open(dir, { checkpointSeconds: 0.05 });
    await add(db, 'a');
    expect(db.files().journalBytes).toBeGreaterThan(0);
    const deadline = Date.now() + 10_000;
    while (db.files().journalBytes > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(db.files().journalBytes).toBe(0);
    await db.close();
    // The journal now holds nothing, so losing it loses nothing.
    rmSync(join(dir, 'library.commits'));
    const copy = (await checkDataDir(dir)).databases[0]?.keptCopies[0];
    await restoreCopy(dir, 'library', copy?.id ?? '');
    const again = await open(dir);
    expect(texts(again)).toEqual(['a']);
    await again.close();
  });

  it('spaces full saves by how long the last one took, also across processes, so big databases are not saved at every commit', async () => {
    const dir = tempDir();
    const file = join(dir, 'library.manifest.json');
    const lastSaveTook = (saveMs: number) => {
      const read = readManifest(file, 'library');
      if (read.kind !== 'ok') throw new Error(`manifest: ${read.kind}`);
      writeManifest(file, { ...read.manifest, saveMs });
    };
    await (await open(dir)).close();
    lastSaveTook(0);
    const first = await open(dir, { checkpointSeconds: 0 });
    await add(first, 'a');
    expect(first.files().journalBytes).toBe(0);
    await first.close();
    // As if the last full save had taken a minute: the next one waits 20 minutes.
    lastSaveTook(60_000);
    const second = await open(dir, { checkpointSeconds: 0 });
    await add(second, 'b');
    expect(second.files().journalBytes).toBeGreaterThan(0);
    await second.close();
    expect(statSync(join(dir, 'library.commits')).size).toBeGreaterThan(0);
    const third = await open(dir);
    expect(texts(third)).toEqual(['a', 'b']);
    await third.close();
  });

  it('keeps the last 3 full saves and lists them newest first', async () => {
    const dir = tempDir();
    const db = await open(dir);
    for (const text of ['a', 'b', 'c', 'd']) {
      await add(db, text);
      await db.compact();
    }
    await db.close();
    expect(readdirSync(join(dir, 'kept-copies')).sort()).toEqual(['library.3.sqlite', 'library.4.sqlite', 'library.5.sqlite']);
    const health = await checkDataDir(dir);
    expect(health.ok).toBe(true);
    expect(health.databases[0]?.keptCopies.map((c) => [c.id, c.lastCommit])).toEqual([
      ['5', 4],
      ['4', 3],
      ['3', 2],
    ]);
  });

  it('writes the kept copy again at the next close when it went missing', async () => {
    const dir = tempDir();
    const db = await open(dir);
    await add(db, 'a');
    await db.compact();
    await db.close();
    rmSync(join(dir, 'kept-copies'), { recursive: true });
    expect((await checkDataDir(dir)).databases[0]?.problems[0]?.problem).toMatch(/This kept copy is missing/);
    const again = await open(dir);
    expect(texts(again)).toEqual(['a']);
    await again.close();
    expect((await checkDataDir(dir)).ok).toBe(true);
  });

  it('finishes a checkpoint a crash interrupted between the manifest and the rename, from the journal', async () => {
    const dir = tempDir();
    const db = await open(dir, { checkpointSeconds: 3600 });
    await add(db, 'a');
    const before = { snapshot: readFileSync(join(dir, 'library.sqlite')), journal: readFileSync(join(dir, 'library.commits')) };
    await db.compact();
    await db.close();
    writeFileSync(join(dir, 'library.sqlite'), before.snapshot);
    writeFileSync(join(dir, 'library.commits'), before.journal);
    const again = await open(dir);
    expect(texts(again)).toEqual(['a']);
    expect(again.notes.join()).toMatch(/a checkpoint interrupted by a crash is finished from the journal/);
    await again.close();
  });

  it('adopts the files of a version without manifests, checking them the old way, and writes a manifest', async () => {
    const dir = tempDir();
    const db = await open(dir);
    await add(db, 'old');
    await db.close();
    rmSync(join(dir, 'library.manifest.json'));
    rmSync(join(dir, 'kept-copies'), { recursive: true });
    const again = await open(dir);
    expect(texts(again)).toEqual(['old']);
    await again.close();
    expect((await checkDataDir(dir)).ok).toBe(true);
    expect(readdirSync(join(dir, 'kept-copies'))).toHaveLength(1);
  });

  it('refuses a folder an older version left with only a journal moved aside, at every start', async () => {
    const dir = tempDir();
    const leftover = join(dir, 'library.commits.unreadable-2026-01-01T00-00-00-000Z');
    writeFileSync(leftover, '0123456789abcdef {"seq":1,"ops":[]}\n');
    for (let start = 0; start < 2; start++) {
      await expect(open(dir)).rejects.toThrow(`${leftover}: An earlier start found this file unreadable and moved it aside`);
    }
    expect(readdirSync(dir)).toEqual([leftover.split('/').at(-1)]);
  });

  it('checks a damaged data folder without changing a byte of it', async () => {
    const dir = tempDir();
    const db = await open(dir, { checkpointSeconds: 3600 });
    await add(db, 'a');
    await db.close();
    const outbox = await open(dir, {}, 'outbox');
    await outbox.close();
    const journal = join(dir, 'library.commits');
    writeFileSync(journal, readFileSync(journal).subarray(0, 10));
    const copy = join(tempDir(), 'copy');
    cpSync(dir, copy, { recursive: true, preserveTimestamps: true });
    const before = listing(dir);
    const health = await checkDataDir(dir);
    expect(listing(dir)).toEqual(before);
    expect(health.ok).toBe(false);
    const library = health.databases.find((d) => d.database === 'library');
    expect(library?.problems).toEqual([
      { file: journal, problem: expect.stringMatching(/The journal was cut short: it holds 10 bytes, but \d+ bytes of commits were saved in it/) },
    ]);
    expect(library?.advice).toMatch(/voucher-desk library restore library \d+/);
    expect(health.databases.filter((d) => d.database !== 'library').every((d) => d.ok)).toBe(true);
  });
});
