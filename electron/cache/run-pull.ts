import { HistoryTooLargeError } from '../../shared/api';
import type { StoreDatabase } from '../store/database';
import type { Writer } from '../store/statements';
import { finishPull, recordPage, reopenPull, startPull, type PullKind } from './pulls';

export interface PullProgress {
  page: number;
  /** Items stored so far in this pull. */
  items: number;
  /** The list's size as the service counts it for this query. */
  total: number;
}

export interface PullOptions {
  /** The key the copies are filed under (a project's id); the client's base URL when absent. */
  cacheKey?: string;
  onProgress?: (progress: PullProgress) => void;
  now?: () => number;
}

export interface PullSummary {
  pullId: number;
  pages: number;
  items: number;
  total: number;
  /** False when the page limits cut the list short; `notice` then says how to narrow it. */
  complete: boolean;
  notice?: string;
}

export interface PulledPage<T> {
  page: number;
  items: T[];
  total: number;
  notice?: string;
}

export interface PullSpec<T extends { id: string }, P extends PulledPage<T> = PulledPage<T>> {
  target: string;
  kind: PullKind;
  query: object;
  /** Equal for queries that select the same items; the query's JSON when absent. */
  queryKey?: string;
  pages: AsyncIterable<P>;
  /** An interrupted pull of the same query to carry on: its record and what it stored are kept and added to. */
  resumeId?: number;
  /** Upserts one page's items inside that page's transaction. */
  store(tx: Writer, items: readonly T[], pullId: number, pulledAt: string): void;
  /** Runs in each page's transaction after `store`: e.g. notes how far the pull got, so a later one can resume. */
  afterPage?(tx: Writer, page: P, pullId: number): void;
  /** Runs with the pull's last write when the whole list was read: e.g. drops rows the list no longer has. */
  whenComplete?(tx: Writer, seen: ReadonlySet<string>, pullId: number): void;
}

/**
 * Reads a list page by page into the cache: the pull is recorded (when, what query, how far) and
 * each page is stored in its own durable transaction, so an interrupted pull keeps what it read.
 */
export async function runPull<T extends { id: string }, P extends PulledPage<T> = PulledPage<T>>(
  db: StoreDatabase,
  spec: PullSpec<T, P>,
  options: PullOptions = {},
): Promise<PullSummary> {
  const now = options.now ?? Date.now;
  const iso = () => new Date(now()).toISOString();
  const resumeId = spec.resumeId;
  const pullId = await db.write((tx) =>
    resumeId === undefined ? startPull(tx, spec.target, spec.kind, spec.query, spec.queryKey ?? JSON.stringify(spec.query), iso()) : reopenPull(tx, resumeId),
  );
  const seen = new Set<string>();
  let pages = 0;
  let total = 0;
  let notice: string | undefined;
  try {
    for await (const page of spec.pages) {
      const pulledAt = iso();
      await db.write((tx) => {
        spec.store(tx, page.items, pullId, pulledAt);
        recordPage(tx, pullId, page.items.length, page.total, page.notice);
        spec.afterPage?.(tx, page, pullId);
      });
      for (const item of page.items) seen.add(item.id);
      pages += 1;
      total = page.total;
      notice ??= page.notice;
      options.onProgress?.({ page: page.page, items: seen.size, total });
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db.write((tx) =>
      error instanceof HistoryTooLargeError
        ? finishPull(tx, pullId, 'too_large', iso(), { notice: message, total: error.total })
        : finishPull(tx, pullId, 'failed', iso(), { error: message }),
    );
    throw error;
  }
  await db.write((tx) => {
    if (notice === undefined) spec.whenComplete?.(tx, seen, pullId);
    finishPull(tx, pullId, notice ? 'partial' : 'done', iso(), { total });
  });
  return { pullId, pages, items: seen.size, total, complete: notice === undefined, ...(notice && { notice }) };
}
