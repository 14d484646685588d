import type { ListingSpec } from '../store/listing';
import type { Reader } from '../store/statements';
import { PUBLICATION_LISTING_KIND } from './publication-listing-read';
import { queryCachedPublications, type CachedPublicationsPage } from './query-publications';
import { cachedTargets } from './state';

// The cache's listing (see store/listing.ts): for each key it files copies under, the answer of
// `publications list` without options (the first page of 10, newest first), kept beside the cache
// at close so that this most common look needs neither sql.js nor the cache loaded.

export const publicationListing: ListingSpec = {
  kind: PUBLICATION_LISTING_KIND,
  compute: (reader: Reader): Record<string, CachedPublicationsPage> =>
    Object.fromEntries(cachedTargets(reader).map((key) => [key, queryCachedPublications(reader, key)])),
};
