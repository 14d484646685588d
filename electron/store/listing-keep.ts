import type { Database as SqlJsDatabase } from 'sql.js';
import type { DatabaseFiles } from './files';
import { type KnownFiles, type ListingSpec, writeListing } from './listing';
import { META_TABLE } from './migrations';
import { readerOf } from './statements';

// Apart from listing.ts, which `batch list` loads: this side reads the database, the other only files.

/**
 * At close: writes the listing of `db` if the files are still the ones the closing process checked
 * or wrote (`known`), else removes any listing; a failure only leaves the next listing to a full open.
 */
export function keepListing(files: DatabaseFiles, known: KnownFiles, spec: ListingSpec, db: SqlJsDatabase): void {
  const reader = readerOf(db);
  try {
    const schemaVersion = reader.get<{ value: number }>(`SELECT value FROM ${META_TABLE} WHERE key = 'schema_version'`)?.value ?? 0;
    writeListing(files, known, spec, reader, schemaVersion);
  } catch {
    // A listing missing or stale only means the next listing command opens the database in full.
  }
}
