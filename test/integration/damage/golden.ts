import { cpSync } from 'node:fs';
import { openLibraryServices } from '../../../electron/desk/library';
import { openCacheDatabase } from '../../../electron/cache';
import { SettingsFile } from '../../../electron/host/handlers/settings-file';
import { queueImport } from '../../../electron/operations/imports';

// A small data folder with every file the app writes: a library with two batches (one saved in a
// full snapshot, one only in the journal since), a queued import (which refers to the second batch's
// rows), a cache and the settings. Each case copies it and damages one file.

export const DEFAULTS = { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 10, effect: 'APPLY_TO_ORDER' } } as const;
export const SAVED_CODES = Array.from({ length: 20 }, (_, i) => `SAVED-${i + 1}`);
export const QUEUED_CODES = Array.from({ length: 12 }, (_, i) => `QUEUED-${i + 1}`);

export interface Contents {
  batches: string[];
  vouchers: number;
  operations: number;
}

export interface Golden {
  dir: string;
  contents: Contents;
  /** What the last full save of each database holds (a lost journal goes back to this). */
  savedContents: Contents;
}

export async function buildGolden(dir: string): Promise<Golden> {
  const library = await openLibraryServices(dir);
  const saved = await library.batches.create({ name: 'Saved', defaults: { ...DEFAULTS } });
  await library.drafts.add(
    saved.id,
    SAVED_CODES.map((code, i) => ({ code, metadata: { n: i } })),
  );
  // What the periodic checkpoint does a few seconds into editing.
  await library.db.compact();
  await library.outbox.checkpoint();
  const savedContents = contentsOf(library);
  const queued = await library.batches.create({ name: 'Queued', defaults: { ...DEFAULTS } });
  await library.drafts.add(
    queued.id,
    QUEUED_CODES.map((code, i) => ({ code, metadata: { n: i } })),
  );
  await queueImport({ library: library.db, outbox: library.outbox }, String(queued.id), { format: 'json' });
  const contents = contentsOf(library);
  await library.close();
  const cache = await openCacheDatabase(dir);
  await cache.write((tx) => tx.run('INSERT INTO cache_state (key, value) VALUES (?, ?)', ['last_target', 'us']));
  await cache.close();
  new SettingsFile(dir).update({ target: 'us' });
  return { dir, contents, savedContents };
}

export function contentsOf(library: Awaited<ReturnType<typeof openLibraryServices>>): Contents {
  const batches = library.batches
    .list()
    .map((b) => b.name)
    .sort();
  const vouchers = library.db.get<{ n: number }>('SELECT count(*) AS n FROM drafts')?.n ?? 0;
  return { batches, vouchers, operations: library.outbox.operations().length };
}

export function copyGolden(golden: Golden, to: string): void {
  cpSync(golden.dir, to, { recursive: true });
}
