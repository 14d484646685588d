import { readListingOf } from '../store/listing';
import { latestVersion } from '../store/migrations';
import { libraryMigrations } from './schema';

/** The library's listing of `kind` while its files are unchanged since it was made (see store/listing.ts). */
export function readLibraryListing(dataDir: string, kind: string): unknown {
  return readListingOf(dataDir, 'library', kind, latestVersion(libraryMigrations));
}
