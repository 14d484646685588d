import type { ListingSpec } from '../store/listing';
import { listAllBatches } from './batch-lookup';
import type { BatchSummary } from './types';

// The library's listing (see store/listing.ts): every batch with its row counts, as `batch list`
// prints them, kept beside the library so that listing does not load the whole file.

export const batchListing: ListingSpec = {
  // A new shape of BatchSummary is a new kind: a listing of the old shape is then not used.
  kind: 'library batches 1',
  compute: listAllBatches,
};

/** The batches out of the trash (or in it) from a listing read back; undefined when there was none. */
export function listedBatches(listing: unknown, trash: boolean): BatchSummary[] | undefined {
  if (!Array.isArray(listing)) return undefined;
  return (listing as BatchSummary[]).filter((batch) => (batch.deletedAt !== null) === trash);
}
