import { appendFileSync, copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type OpenDatabaseOptions, type StoreDatabase, openDatabase } from '../../../electron/store/database';
import { StoreCorruptError, StoreLockedError, StoreMovedAsideError, StoreWriteError } from '../../../electron/store/errors';
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
    const db = await open(dir, { journalCompactBytes: 600 });
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
    await addNotes(again, 'b');
    await again.close();
    const third = await open(dir);
    expect(texts(third)).toEqual(['a', 'b']);
    await third.close();
  });

  it('moves an unreadable file aside, fails loudly, and keeps failing until told to start fresh', async () => {
    const dir = tempDir();
    const db = await open(dir);
    await addNotes(db, 'a');
    await db.compact();
    await db.close();
    const file = join(dir, 'test.sqlite');
    const good = readFileSync(file);
    writeFileSync(file, good.subarray(0, good.length - 100));

    const error = await open(dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreCorruptError);
    const movedTo = (error as StoreCorruptError).movedTo;
    expect((error as Error).message).toContain(movedTo);
    expect(movedTo).toMatch(/test\.sqlite\.unreadable-\d{4}-\d\d-\d\dT/);
    expect(readFileSync(movedTo).length).toBe(good.length - 100);
    expect(existsSync(file)).toBe(false);

    await expect(open(dir)).rejects.toBeInstanceOf(StoreMovedAsideError);
    const fresh = await open(dir, { startFresh: true });
    expect(texts(fresh)).toEqual([]);
    await fresh.close();
    expect((await open(dir).then(async (d) => (await d.close(), 'opened')))).toBe('opened');
  });

  it('treats a file that is not a database, and a damaged journal line, as unreadable', async () => {
    const notDb = tempDir();
    writeFileSync(join(notDb, 'test.sqlite'), 'name,code\nx,y\n');
    await expect(open(notDb)).rejects.toThrow(/not an SQLite database.*moved aside to/);

    const badJournal = tempDir();
    const db = await open(badJournal);
    await addNotes(db, 'a');
    await addNotes(db, 'b');
    await db.close();
    const journal = join(badJournal, 'test.commits');
    writeFileSync(journal, readFileSync(journal, 'utf8').replace('"a"', '"x"'));
    await expect(open(badJournal)).rejects.toThrow(/journal .* is damaged/);
    expect(readdirSync(badJournal).filter((name) => name.includes('.unreadable-'))).toHaveLength(2);
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
    const again = await open(dir);
    expect(readdirSync(dir).some((name) => name.includes('.tmp-'))).toBe(false);
    await again.close();
  });
});
