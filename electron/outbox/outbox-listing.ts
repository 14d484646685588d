import { readListingOf, type ListingSpec } from '../store/listing';
import { latestVersion } from '../store/migrations';
import type { Reader } from '../store/statements';
import { type OperationFilter, type OutboxReads, type RequestGroupRow, openIfAsked, planRequestOf, requestGroups } from './outbox-reads';
import { toOperation, type OperationRecord, type OperationRow } from './records';
import { outboxMigrations } from './schema';
import type { PlanRequest } from '../../shared/outbox/dry-run';

// The outbox's listing (see store/listing.ts): its operations, their requests grouped by state and the
// sync's kept values, as the outbox held them at its last close, so that `outbox list` and
// `sync --dry-run` answer without loading sql.js and the outbox. Used only while the outbox's files
// are the ones it was made from; else those commands open the outbox in full.

interface ListedRows {
  operations: OperationRow[];
  requests: RequestGroupRow[];
  syncState: { key: string; value: string }[];
}

export const outboxListing: ListingSpec = {
  // A new shape of these rows is a new kind: a listing of the old shape is then not used.
  kind: 'outbox reads 1',
  compute: (reader: Reader): ListedRows => ({
    operations: reader.all<OperationRow>('SELECT * FROM operations ORDER BY id'),
    requests: requestGroups(reader),
    syncState: reader.all<{ key: string; value: string }>('SELECT key, value FROM sync_state ORDER BY key'),
  }),
};

/** The outbox as its listing has it: the same answers as the open outbox gave at its last close. */
class ListedOutbox implements OutboxReads {
  private readonly all: OperationRecord[];
  private readonly requests = new Map<number, PlanRequest[]>();
  private readonly kept: Map<string, string>;

  constructor(rows: ListedRows) {
    this.all = rows.operations.map(toOperation);
    for (const row of rows.requests) {
      const list = this.requests.get(row.op_id) ?? [];
      list.push(planRequestOf(row));
      this.requests.set(row.op_id, list);
    }
    this.kept = new Map(rows.syncState.map((row) => [row.key, row.value]));
  }

  operations(options: OperationFilter = {}): OperationRecord[] {
    return openIfAsked(
      this.all.filter((op) => options.project === undefined || op.project === options.project),
      options,
    );
  }

  requestSizes(opId: number): PlanRequest[] {
    return this.requests.get(opId) ?? [];
  }

  syncState(key: string): string | undefined {
    return this.kept.get(key);
  }
}

function isListedRows(value: unknown): value is ListedRows {
  if (typeof value !== 'object' || value === null) return false;
  const rows = value as Record<string, unknown>;
  return Array.isArray(rows['operations']) && Array.isArray(rows['requests']) && Array.isArray(rows['syncState']);
}

/** The outbox of a data folder from its listing while its files are unchanged since it was made; else undefined. */
export function readOutboxListing(dataDir: string): OutboxReads | undefined {
  const value = readListingOf(dataDir, 'outbox', outboxListing.kind, latestVersion(outboxMigrations));
  return isListedRows(value) ? new ListedOutbox(value) : undefined;
}
