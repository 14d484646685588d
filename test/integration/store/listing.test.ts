import { spawn } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { batchListing, listedBatches } from '../../../electron/batches/batch-listing';
import { listAllBatches } from '../../../electron/batches/batch-lookup';
import type { BatchSummary } from '../../../electron/batches/types';
import { openLibraryServices } from '../../../electron/desk/library';
import { openLibraryDatabase } from '../../../electron/batches/open';
import { databaseFiles } from '../../../electron/store/files';
import { readLibraryListing } from '../../../electron/batches/library-listing';
import { PERCENT_DEFAULTS } from '../batches/library-fixture';
import { useTempDirs } from './temp-dir';

// The library's listing (store/listing.ts): `batch list` reads it instead of the database only while
// the files are the ones it was computed from. Judged against the database itself, opened in full.

const tempDir = useTempDirs();

const listing = (dir: string) => listedBatches(readLibraryListing(dir, batchListing.kind), false);

async function fromDatabase(dir: string): Promise<BatchSummary[]> {
  const db = await openLibraryDatabase(dir);
  try {
    return listAllBatches(db).filter((b) => b.deletedAt === null);
  } finally {
    await db.close();
  }
}

async function libraryWithBatches(dir: string): Promise<void> {
  const library = await openLibraryServices(dir);
  const first = await library.batches.create({ name: 'First', defaults: PERCENT_DEFAULTS });
  await library.generate(first.id, { spec: { count: 300, pattern: 'FIRST-######' } });
  const second = await library.batches.create({ name: 'Second' });
  await library.generate(second.id, { spec: { count: 40, pattern: 'SECOND-####' } });
  const gone = await library.batches.create({ name: 'Gone' });
  await library.batches.delete(gone.id);
  await library.close();
}

describe('the library listing', () => {
  it('is written at close and holds every batch with the counts the database gives', async () => {
    const dir = tempDir();
    await libraryWithBatches(dir);
    const listed = listing(dir);
    expect(listed?.map((b) => [b.name, b.rows, b.validRows, b.invalidRows])).toEqual([
      ['First', 300, 300, 0],
      ['Second', 40, 0, 40],
    ]);
    expect(listed).toEqual(await fromDatabase(dir));
    expect(listedBatches(readLibraryListing(dir, batchListing.kind), true)?.map((b) => b.name)).toEqual(['Gone']);
  });

  it('is left as it is by an open and close that change nothing', async () => {
    const dir = tempDir();
    await libraryWithBatches(dir);
    const file = databaseFiles(dir, 'library').listing;
    const before = { text: readFileSync(file, 'utf8'), mtime: statSync(file).mtimeMs };
    await fromDatabase(dir);
    expect(readFileSync(file, 'utf8')).toBe(before.text);
    expect(statSync(file).mtimeMs).toBe(before.mtime);
    expect(listing(dir)).toBeDefined();
  });

  it('follows every committed change, the ones still in the journal too', async () => {
    const dir = tempDir();
    await libraryWithBatches(dir);
    const library = await openLibraryServices(dir);
    await library.batches.rename(1, 'Renamed');
    await library.drafts.delete(1, [1, 2, 3]);
    await library.close();
    expect(statSync(databaseFiles(dir, 'library').journal).size).toBeGreaterThan(0);
    const listed = listing(dir);
    expect(listed?.[0]).toMatchObject({ name: 'Renamed', rows: 297 });
    expect(listed).toEqual(await fromDatabase(dir));
  });

  it('is not used after a process committed and was killed before closing: the journal tail shows', async () => {
    const dir = tempDir();
    await libraryWithBatches(dir);
    expect(listing(dir)).toHaveLength(2);
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'listing-child.ts'), dir], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (data: Buffer) => (out += data.toString()));
    const signal = await new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, sig) => resolve(sig)));
    expect(out).toBe('committed\n');
    expect(signal).toBe('SIGKILL');
    expect(listing(dir)).toBeUndefined();
    const names = (await fromDatabase(dir)).map((b) => b.name);
    expect(names).toEqual(['First', 'Second', 'Made before the kill']);
    // The full open that read the journal wrote the listing again.
    expect(listing(dir)?.map((b) => b.name)).toEqual(names);
  }, 60_000);

  it('is not used when any file of the database was rewritten, even with the same bytes', async () => {
    for (const which of ['snapshot', 'journal', 'manifest'] as const) {
      const dir = tempDir();
      await libraryWithBatches(dir);
      const file = databaseFiles(dir, 'library')[which];
      writeFileSync(file, readFileSync(file));
      expect(listing(dir), which).toBeUndefined();
    }
  });

  it('is not written when a file changed under an open database, and is dropped', async () => {
    const dir = tempDir();
    await libraryWithBatches(dir);
    const files = databaseFiles(dir, 'library');
    const db = await openLibraryDatabase(dir);
    writeFileSync(files.snapshot, readFileSync(files.snapshot));
    await db.close();
    expect(() => readFileSync(files.listing)).toThrow(/ENOENT/);
  });

  it('is not used when damaged, of another kind, written for a newer schema or for another manifest', async () => {
    const dir = tempDir();
    await libraryWithBatches(dir);
    const file = databaseFiles(dir, 'library').listing;
    const good = readFileSync(file, 'utf8');
    const flipped = Buffer.from(good);
    const at = good.indexOf('Second') + 2;
    flipped[at] = (flipped[at] ?? 0) ^ 0x04;
    writeFileSync(file, flipped);
    expect(listing(dir)).toBeUndefined();
    expect(readLibraryListing(dir, 'library batches 0')).toBeUndefined();
    writeFileSync(file, good);
    expect(listing(dir)).toBeDefined();
    expect(readLibraryListing(dir, 'library batches 0')).toBeUndefined();
    const db = await openLibraryDatabase(dir);
    const schema = db.schemaVersion;
    await db.close();
    const text = good.slice(good.indexOf(' ') + 1, -1);
    const newer = text.replace(`"schemaVersion":${schema},`, `"schemaVersion":${schema + 1},`);
    expect(newer).not.toBe(text);
    // With its checksum made right, so that only the schema version can be what refuses it.
    const withSum = (body: string) => `${crc32(body).toString(16).padStart(8, '0')} ${body}\n`;
    writeFileSync(file, withSum(text));
    expect(listing(dir)).toBeDefined();
    writeFileSync(file, withSum(newer));
    expect(listing(dir)).toBeUndefined();
    // Its copy of the manifest must be the manifest's text to the byte (an older generation is not).
    const otherManifest = text.replace(/"generation\\":(\d+)/, (_all, n: string) => `"generation\\":${Number(n) + 1}`);
    expect(otherManifest).not.toBe(text);
    writeFileSync(file, withSum(otherManifest));
    expect(listing(dir)).toBeUndefined();
  });
});
