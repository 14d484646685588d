import { appendFileSync, copyFileSync, cpSync, mkdirSync, readFileSync, readdirSync, rmSync, rmdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type OpenDatabaseOptions, type StoreDatabase, openDatabase } from '../../../electron/store/database';
import { StoreLockedError, StoreNeedsAttentionError, StoreWriteError } from '../../../electron/store/errors';
import type { Migration } from '../../../electron/store/migrations';
import { useTempDirs } from './temp-dir';

const notes: Migration[] = [
  {
    version: 1,
    description: 'notes',
    up: (tx) => void tx.run('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL UNIQUE)'),
  },
];

const tempDir = useTempDirs();

function open(dir: string, extra: Partial<OpenDatabaseOptions> = {}): Promise<StoreDatabase> {
  return openDatabase({ dir, name: 'test', migrations: notes, ...extra });
}

function texts(db: StoreDatabase): string[] {
  return db.all<{ text: string }>('SELECT text FROM notes ORDER BY id').map((row) => row.text);
}

async function addNotes(db: StoreDatabase, ...values: string[]): Promise<void> {
  await db.write((tx) => {
    for (const value of values) tx.run('INSERT INTO notes (text) VALUES (?)', [value]);
  });
}

describe('durable sql.js database', () => {
  it('keeps small writes in the journal and a reopen replays them', async () => {
    const dir = tempDir();
    const db = await open(dir);
    const snapshotBytes = db.files().fileBytes;
    await addNotes(db, 'a');
    await addNotes(db, 'b', 'c');
    expect(db.files().journalBytes).toBeGreaterThan(0);
    expect(statSync(join(dir, 'test.sqlite')).size).toBe(snapshotBytes);
    await db.close();

    const again = await open(dir);
    expect(texts(again)).toEqual(['a', 'b', 'c']);
    await again.close();
  });

  it('folds the journal into the file on compaction, and a journal left behind is not applied twice', async () => {
    const dir = tempDir();
    const db = await open(dir);
    await addNotes(db, 'a', 'b');
    const journal = join(dir, 'test.commits');
    const before = readFileSync(journal);
    await db.compact();
    expect(db.files().journalBytes).toBe(0);
    await db.close();
    // A crash between the rename of the snapshot and the clearing of the journal leaves both.
    writeFileSync(journal, before);
    const again = await open(dir);
    expect(texts(again)).toEqual(['a', 'b']);
    await addNotes(again, 'c');
    await again.close();
    const third = await open(dir);
    expect(texts(third)).toEqual(['a', 'b', 'c']);
    await third.close();
  });

  it('writes a snapshot instead of a journal line for a big commit', async () => {
    const dir = tempDir();
    const db = await open(dir, { journalRecordLimit: 1000 });
    await addNotes(db, ...Array.from({ length: 200 }, (_, i) => `note ${i}`));
    expect(db.files().journalBytes).toBe(0);
    await db.close();
    const again = await open(dir);
    expect(texts(again)).toHaveLength(200);
    await again.close();
  });

  it('folds the journal into a new snapshot once it grows past its limit', async () => {
    const dir = tempDir();
    const db = await open(dir, { checkpointBytes: 600 });
    for (let i = 0; i < 8; i++) await addNotes(db, `note number ${i}`);
    expect(db.files().journalBytes).toBeLessThan(600);
    await db.close();
    const again = await open(dir);
    expect(texts(again)).toHaveLength(8);
    await again.close();
  });

  it('reports a snapshot that cannot be saved and puts memory back to what is on disk', async () => {
    const dir = tempDir();
    const db = await open(dir, { journalRecordLimit: 100 });
    await addNotes(db, 'saved');
    // A folder where the temp file must go makes the save fail the way a full disk would.
    const blocker = join(dir, `test.sqlite.tmp-${process.pid}`);
    mkdirSync(blocker);
    const error = await addNotes(db, ...Array.from({ length: 20 }, (_, i) => `lost ${i}`)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreWriteError);
    expect((error as Error).message).toMatch(/the change was not kept and the file on disk is unchanged/);
    expect(texts(db)).toEqual(['saved']);
    rmdirSync(blocker);
    await addNotes(db, 'after');
    await db.close();
    const again = await open(dir);
    expect(texts(again)).toEqual(['saved', 'after']);
    await again.close();
  });

  it('keeps nothing of a write whose callback fails', async () => {
    const dir = tempDir();
    const db = await open(dir);
    await addNotes(db, 'kept');
    await expect(
      db.write((tx) => {
        tx.run('INSERT INTO notes (text) VALUES (?)', ['half']);
        tx.run('INSERT INTO notes (text) VALUES (?)', ['kept']);
      }),
    ).rejects.toThrow(/UNIQUE/);
    expect(texts(db)).toEqual(['kept']);
    await db.close();
    const again = await open(dir);
    expect(texts(again)).toEqual(['kept']);
    await again.close();
  });

  it('runs writes one at a time in call order, even when a write awaits', async () => {
    const dir = tempDir();
    const db = await open(dir);
    const slow = db.write(async (tx) => {
      tx.run('INSERT INTO notes (text) VALUES (?)', ['first']);
      await new Promise((resolve) => setImmediate(resolve));
      tx.run('INSERT INTO notes (text) VALUES (?)', ['second']);
    });
    const quick = addNotes(db, 'third');
    await Promise.all([slow, quick]);
    expect(texts(db)).toEqual(['first', 'second', 'third']);
    await db.close();
  });

  it('cuts a torn last journal line and keeps the commits before it', async () => {
    const dir = tempDir();
    const db = await open(dir);
    await addNotes(db, 'a');
    await db.close();
    appendFileSync(join(dir, 'test.commits'), '0123456789abcdef {"seq":2,"ops":[["INSERT INTO no');
    const again = await open(dir);
    expect(texts(again)).toEqual(['a']);
    expect(again.notes.join()).toMatch(/test\.commits: an incomplete last line of \d+ bytes .* is dropped/);
    await addNotes(again, 'b');
    await again.close();
    const third = await open(dir);
    expect(texts(third)).toEqual(['a', 'b']);
    await third.close();
  });

  it('refuses a damaged file, names it, changes nothing, and keeps refusing', async () => {
    const dir = tempDir();
    const db = await open(dir);
    await addNotes(db, 'a');
    await db.compact();
    await db.close();
    const file = join(dir, 'test.sqlite');
    const good = readFileSync(file);
    writeFileSync(file, good.subarray(0, good.length - 100));
    const before = readdirSync(dir).sort();

    for (let start = 0; start < 2; start++) {
      const error = await open(dir).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StoreNeedsAttentionError);
      expect((error as StoreNeedsAttentionError).file).toBe(file);
      expect((error as StoreNeedsAttentionError).database).toBe('test');
      expect((error as Error).message).toMatch(/test\.sqlite: The database file was changed or damaged/);
      expect(readFileSync(file).length).toBe(good.length - 100);
      expect(readdirSync(dir).sort()).toEqual(before);
    }
    const fresh = await open(dir, { startFresh: true });
    expect(texts(fresh)).toEqual([]);
    await fresh.close();
    expect(readdirSync(join(dir, 'set-aside'))).toHaveLength(1);
  });

  it('refuses a damaged complete journal line, first or last, whether the journal was sealed at close or not', async () => {
    const dir = tempDir();
    const db = await open(dir, { checkpointSeconds: 3600 });
    await addNotes(db, 'a');
    await addNotes(db, 'b');
    // The files as a crash would leave them: lines written after the last seal of the manifest.
    const crashed = tempDir();
    cpSync(dir, crashed, { recursive: true, filter: (path) => !path.endsWith('.lock') });
    await db.close();
    for (const [folder, reason] of [
      [crashed, /line \d \(at byte \d+\) fails its checksum/],
      [dir, /first \d+ bytes differ from what was saved/],
    ] as const) {
      const journal = join(folder, 'test.commits');
      const good = readFileSync(journal, 'utf8');
      for (const damaged of [good.replace('"a"', '"x"'), good.replace('"b"', '"y"')]) {
        writeFileSync(journal, damaged);
        const error = await open(folder).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(StoreNeedsAttentionError);
        expect((error as StoreNeedsAttentionError).file).toBe(journal);
        expect((error as Error).message).toMatch(reason);
      }
      writeFileSync(journal, good);
      const again = await open(folder);
      expect(texts(again)).toEqual(['a', 'b']);
      expect(again.notes).toEqual([]);
      await again.close();
    }
  });

  it('refuses to start empty when the database file is deleted, at every start', async () => {
    const dir = tempDir();
    const db = await open(dir);
    await addNotes(db, 'a');
    await db.close();
    rmSync(join(dir, 'test.sqlite'));
    for (let start = 0; start < 2; start++) {
      const error = await open(dir).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StoreNeedsAttentionError);
      expect((error as Error).message).toMatch(/test\.sqlite: The database file is missing/);
      expect((error as Error).message).toMatch(/library restore test \d+/);
    }
  });

  it('refuses a second open of the same file while the first is open, and takes over a dead owner', async () => {
    const dir = tempDir();
    const db = await open(dir);
    await expect(open(dir)).rejects.toBeInstanceOf(StoreLockedError);
    await db.close();
    writeFileSync(join(dir, 'test.sqlite.lock'), '2147483646');
    const again = await open(dir);
    await again.close();
  });

  it('removes a temp file left by a crash during a save', async () => {
    const dir = tempDir();
    const db = await open(dir);
    await db.close();
    copyFileSync(join(dir, 'test.sqlite'), join(dir, 'test.sqlite.tmp-99999'));
    copyFileSync(join(dir, 'test.manifest.json'), join(dir, 'test.manifest.json.tmp-99999'));
    copyFileSync(join(dir, 'test.sqlite'), join(dir, 'kept-copies', 'test.9.sqlite.tmp-99999'));
    const again = await open(dir);
    expect(readdirSync(dir).some((name) => name.includes('.tmp-'))).toBe(false);
    expect(readdirSync(join(dir, 'kept-copies')).some((name) => name.includes('.tmp-'))).toBe(false);
    await again.close();
  });
});
