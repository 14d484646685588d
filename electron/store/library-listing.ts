import { libraryMigrations } from './library-schema';
import { readListingOf } from './listing';
import { latestVersion } from './migrations';

/** The library's listing of `kind` while its files are unchanged since it was made (see listing.ts). */
export function readLibraryListing(dataDir: string, kind: string): unknown {
  return readListingOf(dataDir, 'library', kind, latestVersion(libraryMigrations));
}
