import { type StoreDatabase, openDatabase } from './database';
import type { ListingSpec } from './listing';
import type { Migration } from './migrations';

// How each of the data folder's databases is kept. Their tables (and the listings of each) are
// handed in by their owners (batches/open.ts, outbox/outbox.ts, cache/open.ts): the store is the
// engine under them and imports none of them.

export interface OpenOptions {
  /** Move an unreadable file aside and start empty instead of failing. */
  startFresh?: boolean;
}

/** The library keeps a listing beside it, so that a command that only lists need not load it. */
export function openLibrary(dir: string, migrations: readonly Migration[], listing: ListingSpec, options: OpenOptions = {}): Promise<StoreDatabase> {
  return openDatabase({ dir, name: 'library', migrations, listing, ...options });
}

/** The outbox's tables are defined by its own migrations, kept with the outbox, and so is its listing. */
export function openOutbox(dir: string, migrations: readonly Migration[], listing?: ListingSpec, options: OpenOptions = {}): Promise<StoreDatabase> {
  return openDatabase({ dir, name: 'outbox', migrations, ...(listing && { listing }), ...options });
}

/**
 * Everything in the cache can be fetched again, so an unreadable cache is moved aside and restarted.
 * A pull stores a page of 100 publications (a few hundred KB of statements) a commit, each a
 * journal line rather than a save of the whole file, and saves the file after its journal reaches
 * a quarter of it, so a pull's time stays linear in what it stores. Its page cache is 8 MiB, not
 * 32: sql.js holds the whole file in memory anyway, so a page missing from the cache costs a copy
 * out of that memory, not a read from disk, while the cache's pages sit in WebAssembly memory,
 * which never shrinks, on top of the file for as long as the process lives.
 */
export function openCache(dir: string, migrations: readonly Migration[], listing?: ListingSpec): Promise<StoreDatabase> {
  return openDatabase({
    dir,
    name: 'cache',
    migrations,
    startFresh: true,
    journalRecordLimit: 4 * 1024 * 1024,
    checkpointShare: 0.25,
    pageCacheBytes: 8 * 1024 * 1024,
    ...(listing && { listing }),
  });
}
