import { readListingOf } from '../store/listing';
import { latestVersion } from '../store/migrations';
import type { CachedPublicationsPage } from './query-publications';
import { cacheMigrations } from './schema';

// Reading the cache's listing (publication-listing.ts) apart from computing it, so that
// `publications list` reads it without loading the cache's queries or the API client.

/** A new shape of the listing (or of a page) is a new kind: a listing of the old one is then not used. */
export const PUBLICATION_LISTING_KIND = 'cache publications first page 1';

/** The pages kept, by cache key, when the listing holds (see store/listing.ts); else undefined. */
function listedPages(dataDir: string): Record<string, CachedPublicationsPage> | undefined {
  const value = readListingOf(dataDir, 'cache', PUBLICATION_LISTING_KIND, latestVersion(cacheMigrations));
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, CachedPublicationsPage>) : undefined;
}

/**
 * The first page of 10 of `key`'s cached publications in the default order, as queryCachedPublications
 * answered it when the cache last closed, while the cache's files are unchanged since; else undefined
 * (then the cache is opened and asked).
 */
export function readFirstPublicationPage(dataDir: string, key: string): CachedPublicationsPage | undefined {
  const pages = listedPages(dataDir);
  return pages && Object.hasOwn(pages, key) ? pages[key] : undefined;
}
