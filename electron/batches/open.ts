import type { StoreDatabase } from '../store/database';
import { type OpenOptions, openLibrary } from '../store/databases';
import { batchListing } from './batch-listing';
import { libraryMigrations } from './schema';

// The library's tables and its listing belong to the batches: they hand them to the store, as the
// outbox and the cache hand it theirs, so the store (the engine) knows nothing of batches.

export type { OpenOptions } from '../store/databases';

/** The library database of a data folder, with the batches' tables and their listing. */
export function openLibraryDatabase(dir: string, options: OpenOptions = {}): Promise<StoreDatabase> {
  return openLibrary(dir, libraryMigrations, batchListing, options);
}
