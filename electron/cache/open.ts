import type { StoreDatabase } from '../store/database';
import { openCache } from '../store/databases';
import { publicationListing } from './publication-listing';
import { cacheMigrations } from './schema';

/** The cache database of a data folder (an unreadable cache file is moved aside and started afresh). */
export function openCacheDatabase(dir: string): Promise<StoreDatabase> {
  return openCache(dir, cacheMigrations, publicationListing);
}
