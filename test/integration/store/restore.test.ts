import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { restoreSummary } from '../../../electron/store/advice';
import { type StoreDatabase, openDatabase } from '../../../electron/store/database';
import { checkDataDir, restoreCopy } from '../../../electron/data-folder/health';
import type { Migration } from '../../../electron/store/migrations';
import { useTempDirs } from './temp-dir';

// A restore keeps every journal line that still reads and says how many changes it could not keep.

const notes: Migration[] = [{ version: 1, description: 'notes', up: (tx) => void tx.run('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)') }];
const tempDir = useTempDirs();

// No timed full save: every commit stays in the journal, as in the seconds before a crash.
const open = (dir: string): Promise<StoreDatabase> => openDatabase({ dir, name: 'library', migrations: notes, checkpointSeconds: 3600 });

async function journalOf(dir: string, texts: string[]): Promise<void> {
  const db = await open(dir);
  for (const text of texts) await db.write((tx) => void tx.run('INSERT INTO notes (text) VALUES (?)', [text]));
  await db.close();
}

async function restoreNewest(dir: string) {
  const copy = (await checkDataDir(dir)).databases.find((d) => d.database === 'library')?.keptCopies[0];
  return restoreCopy(dir, 'library', copy?.id ?? 'none');
}

async function textsIn(dir: string): Promise<string[]> {
  const db = await open(dir);
  const texts = db.all<{ text: string }>('SELECT text FROM notes ORDER BY id').map((r) => r.text);
  await db.close();
  return texts;
}

describe('library restore', () => {
  it('keeps the good lines of a journal damaged in its last line, counts the lost commit and sets the damaged journal aside', async () => {
    const dir = tempDir();
    await journalOf(dir, ['a', 'b', 'c', 'd']);
    const file = join(dir, 'library.commits');
    const damaged = readFileSync(file);
    damaged.writeUInt8(damaged.readUInt8(damaged.length - 20) ^ 0x04, damaged.length - 20);
    writeFileSync(file, damaged);
    expect((await checkDataDir(dir)).databases[0]?.problems.map((p) => p.file)).toEqual([file]);

    const outcome = await restoreNewest(dir);
    expect(outcome).toMatchObject({ journalCommits: 3, lostCommits: 1, uncounted: true });
    expect(await textsIn(dir)).toEqual(['a', 'b', 'c']);
    const aside = outcome.setAside.find((f) => f.endsWith('library.commits'));
    expect(aside && readFileSync(aside).equals(damaged)).toBe(true);
    const text = restoreSummary('library', outcome).join('\n');
    expect(text).toMatch(/3 changes made after that save were replayed from the journal/);
    expect(text).toMatch(/Lost: 1 change made after that \(commit 4\)/);
  });

  it('says how many sealed commits a journal cut short lost, and that none were lost when the journal continues the copy', async () => {
    const dir = tempDir();
    await journalOf(dir, ['a', 'b']);
    const file = join(dir, 'library.commits');
    writeFileSync(file, readFileSync(file).subarray(0, 10));
    const cut = await restoreNewest(dir);
    expect(cut).toMatchObject({ journalCommits: 0, lostCommits: 2, uncounted: true });
    expect(await textsIn(dir)).toEqual([]);

    const other = tempDir();
    await journalOf(other, ['x', 'y']);
    const whole = await restoreNewest(other);
    expect(whole).toMatchObject({ journalCommits: 2, lostCommits: 0, uncounted: false });
    expect(restoreSummary('library', whole).join('\n')).toMatch(/No saved change was lost/);
    expect(await textsIn(other)).toEqual(['x', 'y']);
    expect(readdirSync(join(other, 'set-aside'))).toHaveLength(1);
  });
});
