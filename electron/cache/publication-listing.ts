import type { ListingSpec } from '../store/listing';
import type { Reader } from '../store/statements';
import { PUBLICATION_LISTING_KIND, type PublicationListing } from './publication-listing-read';
import { queryCachedPublications } from './query-publications';
import { cachedTargets } from './state';

// The cache's listing (see store/listing.ts): for each key it files copies under, the answer of
// `publications list` without options (the first page of 10, newest first), kept beside the cache
// at close so that this most common look needs neither sql.js nor the cache loaded. A key that has
// no pull, no rule and no publication gets the one answer of a key the cache knows nothing of.

/** No project's key: a project key is never empty. */
const NO_KEY = '';

export const publicationListing: ListingSpec = {
  kind: PUBLICATION_LISTING_KIND,
  compute: (reader: Reader): PublicationListing => {
    const keys = new Set([...cachedTargets(reader), ...reader.all<{ target: string }>('SELECT target FROM publication_targets').map((r) => r.target)]);
    return {
      pages: Object.fromEntries([...keys].map((key) => [key, queryCachedPublications(reader, key)])),
      unknownKey: queryCachedPublications(reader, NO_KEY),
    };
  },
};
