import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cacheMigrations, openCacheDatabase, queryCachedPublications } from '../../../electron/cache';
import { PUBLICATION_LISTING_KIND, readFirstPublicationPage } from '../../../electron/cache/publication-listing-read';
import { writeProjectsFile } from '../../../electron/projects/project-file';
import { openCache } from '../../../electron/store/databases';
import { databaseFiles } from '../../../electron/store/files';
import { runBin } from '../cli/run-bin';
import { useTempDirs } from '../store/temp-dir';
import { fillCache } from './fill';
import { extraPublications } from './history';

// The cache's listing (cache/publication-listing.ts): `publications list` without options reads the
// first page from it only while the cache's files are the ones it was made from. Judged against
// the cache itself, opened in full and asked the same query.

const tempDir = useTempDirs();
const A = 'prj_listing_a';
const B = 'prj_listing_b';

async function cacheWithHistory(dir: string): Promise<void> {
  const db = await openCacheDatabase(dir);
  await fillCache(db, A, extraPublications(25));
  await fillCache(db, B, extraPublications(3, 100));
  await db.close();
}

async function fromCache(dir: string, key: string) {
  const db = await openCacheDatabase(dir);
  try {
    return queryCachedPublications(db, key);
  } finally {
    await db.close();
  }
}

describe('the cache listing of the first publications page', () => {
  it('is written at close and holds, for each key, the page the cache answers', async () => {
    const dir = tempDir();
    await cacheWithHistory(dir);
    const a = readFirstPublicationPage(dir, A);
    expect(a?.items).toHaveLength(10);
    expect(a?.total).toBe(25);
    expect(a).toEqual(await fromCache(dir, A));
    expect(JSON.stringify(readFirstPublicationPage(dir, B))).toBe(JSON.stringify(await fromCache(dir, B)));
    // A key the cache holds nothing of gets the answer the cache gives it: nothing, no pull.
    const unknown = readFirstPublicationPage(dir, 'prj_unknown');
    expect(unknown).toEqual(await fromCache(dir, 'prj_unknown'));
    expect(unknown).toMatchObject({ items: [], total: 0 });
    expect(unknown?.lastPull).toBeUndefined();
  });

  it('follows every committed change, and is not used after a change no close recorded', async () => {
    const dir = tempDir();
    await cacheWithHistory(dir);
    const db = await openCacheDatabase(dir);
    await fillCache(db, A, extraPublications(5, 200, Date.UTC(2026, 0, 1)));
    await db.close();
    expect(readFirstPublicationPage(dir, A)?.total).toBe(30);
    expect(readFirstPublicationPage(dir, A)).toEqual(await fromCache(dir, A));
    // An open without the listing (an older version, a tool) changes the files and writes none.
    const raw = await openCache(dir, cacheMigrations);
    await fillCache(raw, A, extraPublications(2, 300, Date.UTC(2026, 1, 1)));
    await raw.close();
    expect(readFirstPublicationPage(dir, A)).toBeUndefined();
    expect((await fromCache(dir, A)).total).toBe(32);
    expect(readFirstPublicationPage(dir, A)?.total).toBe(32);
  });

  it('is not used when any file of the cache was rewritten, even with the same bytes', async () => {
    for (const which of ['snapshot', 'journal', 'manifest'] as const) {
      const dir = tempDir();
      await cacheWithHistory(dir);
      expect(readFirstPublicationPage(dir, A), which).toBeDefined();
      const file = databaseFiles(dir, 'cache')[which];
      writeFileSync(file, readFileSync(file));
      expect(readFirstPublicationPage(dir, A), which).toBeUndefined();
    }
  });

  it('is not used when damaged or of another kind', async () => {
    const dir = tempDir();
    await cacheWithHistory(dir);
    const file = databaseFiles(dir, 'cache').listing;
    const good = readFileSync(file, 'utf8');
    const flipped = Buffer.from(good);
    const at = good.indexOf(B) + 4;
    flipped[at] = (flipped[at] ?? 0) ^ 0x04;
    writeFileSync(file, flipped);
    expect(readFirstPublicationPage(dir, B)).toBeUndefined();
    writeFileSync(file, good.replace(PUBLICATION_LISTING_KIND, 'cache publications first page 0'));
    expect(readFirstPublicationPage(dir, B)).toBeUndefined();
    writeFileSync(file, good);
    expect(readFirstPublicationPage(dir, B)).toBeDefined();
  });

  it('gives `publications list` the same output as the cache opened in full', async () => {
    const dir = tempDir();
    await cacheWithHistory(dir);
    writeProjectsFile(dir, { version: 1, current: A, projects: [{ id: A, name: 'a', location: 'http://127.0.0.1:9', appId: 'app', kind: 'production' }] });
    for (const json of [['--json'], []]) {
      const fromListing = runBin(['publications', 'list', ...json, '--data-dir', dir]);
      expect(fromListing.status, fromListing.stderr).toBe(0);
      writeFileSync(databaseFiles(dir, 'cache').listing, 'damaged');
      const fromDatabase = runBin(['publications', 'list', ...json, '--data-dir', dir]);
      expect(fromDatabase.status, fromDatabase.stderr).toBe(0);
      expect(fromDatabase.stdout).toBe(fromListing.stdout);
      expect(readFirstPublicationPage(dir, A), 'the full open wrote the listing again').toBeDefined();
    }
    // A project whose key the cache has never seen: the same answer from the listing and in full.
    const C = 'prj_listing_c';
    writeProjectsFile(dir, { version: 1, current: C, projects: [{ id: C, name: 'c', location: 'http://127.0.0.1:9', appId: 'app', kind: 'production' }] });
    const unseen = runBin(['publications', 'list', '--json', '--data-dir', dir]);
    expect(unseen.status, unseen.stderr).toBe(0);
    writeFileSync(databaseFiles(dir, 'cache').listing, 'damaged');
    const unseenInFull = runBin(['publications', 'list', '--json', '--data-dir', dir]);
    expect(unseenInFull.stdout).toBe(unseen.stdout);
    expect(JSON.parse(unseen.stdout)).toMatchObject({ total: 0, items: [] });
    writeProjectsFile(dir, { version: 1, current: A, projects: [{ id: A, name: 'a', location: 'http://127.0.0.1:9', appId: 'app', kind: 'production' }] });
    const second = runBin(['publications', 'list', '--page', '3', '--json', '--data-dir', dir]);
    expect(JSON.parse(second.stdout)).toMatchObject({ total: 25, offset: 20 });
  });
});
