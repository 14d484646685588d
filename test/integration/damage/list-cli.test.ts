import { statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { batchListing, listedBatches } from '../../../electron/batches/batch-listing';
import { openLibraryServices } from '../../../electron/desk/library';
import { databaseFiles } from '../../../electron/store/files';
import { readLibraryListing } from '../../../electron/batches/library-listing';
import { runBin } from '../cli/run-bin';
import { useTempDirs } from '../store/temp-dir';
import { DAMAGES, damage } from './damage';
import { DEFAULTS } from './golden';

// `batch list` answers from the library's listing while the files are unchanged (store/listing.ts).
// Each file of the library x each way of damaging it, with a listing in place that held until then:
// the list must refuse and name the file, as every other command does, never print the listing.

const tempDir = useTempDirs();

/** A library with a batch in its last full save and one only in the journal since, and its listing. */
async function libraryWithListing(): Promise<string> {
  const dir = tempDir();
  const library = await openLibraryServices(dir);
  const saved = await library.batches.create({ name: 'Saved', defaults: { ...DEFAULTS } });
  await library.drafts.add(saved.id, [{ code: 'SAVED-1' }, { code: 'SAVED-2' }]);
  await library.db.compact();
  await library.batches.create({ name: 'Journal only', defaults: { ...DEFAULTS } });
  await library.close();
  return dir;
}

describe('voucher-desk batch list with a listing in place', () => {
  it('prints the listing while the files are unchanged, the same as a full open prints', async () => {
    const dir = await libraryWithListing();
    const at = ['--data-dir', dir];
    expect(listedBatches(readLibraryListing(dir, batchListing.kind), false)?.map((b) => b.name)).toEqual(['Saved', 'Journal only']);
    const fromListing = runBin(['batch', 'list', '--json', ...at]);
    expect(fromListing.status, fromListing.stderr).toBe(0);
    const listing = databaseFiles(dir, 'library').listing;
    damage(listing, 'bit flipped mid-file');
    const fromDatabase = runBin(['batch', 'list', '--json', ...at]);
    expect(fromDatabase.status, fromDatabase.stderr).toBe(0);
    expect(fromDatabase.stdout).toBe(fromListing.stdout);
    expect(JSON.parse(fromListing.stdout)).toEqual([
      expect.objectContaining({ name: 'Saved', rows: 2, validRows: 2 }),
      expect.objectContaining({ name: 'Journal only', rows: 0 }),
    ]);
  });

  for (const target of ['snapshot', 'journal', 'manifest'] as const) {
    it(`refuses naming library's ${target} file for each damage to it`, async () => {
      let cases = 0;
      for (const kind of DAMAGES) {
        const dir = await libraryWithListing();
        const file = databaseFiles(dir, 'library')[target];
        expect(statSync(file).size, `${target} has bytes to damage`).toBeGreaterThan(0);
        expect(readLibraryListing(dir, batchListing.kind), 'a listing holds before the damage').toBeDefined();
        if (!damage(file, kind)) continue;
        cases += 1;
        const list = runBin(['batch', 'list', '--data-dir', dir]);
        expect(list.status, `${target} ${kind}: ${list.stdout}`).toBe(1);
        expect(list.stdout).toBe('');
        expect(list.stderr).toContain(file);
      }
      expect(cases).toBe(DAMAGES.length);
    }, 240_000);
  }
});
