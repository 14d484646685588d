import { readListingOf } from '../store/listing';
import { latestVersion } from '../store/migrations';
import type { CachedPublicationsPage } from './query-publications';
import { cacheMigrations } from './schema';

// Reading the cache's listing (publication-listing.ts) apart from computing it, so that
// `publications list` reads it without loading the cache's queries or the API client.

/** A new shape of the listing (or of a page) is a new kind: a listing of the old one is then not used. */
export const PUBLICATION_LISTING_KIND = 'cache publications first page 2';

export interface PublicationListing {
  /** By cache key: every key the cache files anything under. */
  pages: Record<string, CachedPublicationsPage>;
  /** The answer for any other key: the cache holds nothing of it. */
  unknownKey: CachedPublicationsPage;
}

/** The listing when it holds (see store/listing.ts); else undefined. */
function listing(dataDir: string): PublicationListing | undefined {
  const value = readListingOf(dataDir, 'cache', PUBLICATION_LISTING_KIND, latestVersion(cacheMigrations));
  if (typeof value !== 'object' || value === null || !('pages' in value) || !('unknownKey' in value)) return undefined;
  return value as PublicationListing;
}

/**
 * The first page of 10 of `key`'s cached publications in the default order, as queryCachedPublications
 * answered it when the cache last closed, while the cache's files are unchanged since; else undefined
 * (then the cache is opened and asked).
 */
export function readFirstPublicationPage(dataDir: string, key: string): CachedPublicationsPage | undefined {
  const kept = listing(dataDir);
  if (!kept) return undefined;
  return Object.hasOwn(kept.pages, key) ? kept.pages[key] : kept.unknownKey;
}
