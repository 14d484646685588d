import { buildPublicationsQuery, type ListEnvelope, type Publication } from '../../shared/api';
import { LIMIT_MAX } from '../../shared/api/query-checks';
import { fieldsRead, pinnedFacts, selectionKey, type PublicationSelection } from '../../shared/domain/publication-query';
import type { PublicationPullMode, PublicationPullProgress } from '../../shared/ipc/publication-history';
import type { StoreDatabase } from '../store/database';
import type { Reader, Writer } from '../store/statements';
import { cachedPublicationCount } from './publication-layout';
import { clearMark, knownThrough, resumableMark, setKnownThrough, setMark, type PublicationWalk, type PullMark } from './publication-pull-marks';
import { canExport, type ExportSource } from './export-download';
import { exportPullInterrupted, pullByExports } from './pull-by-exports';
import { storeListed } from './store-listed';
import { walkPublications, type PublicationsSource, type WalkedPublications, type WalkPlan } from './publication-walk';
import { finishPull, latestCompletePull, startPull } from './pulls';
import { runPull, type PullOptions, type PullSummary } from './run-pull';

export interface PublicationPullOptions extends PullOptions {
  /** 'throw' (default) stores nothing when the history is larger than the page limits allow; 'partial' stores what they allow. */
  whenTooLarge?: 'throw' | 'partial';
  /** 'incremental' (default): newest first down to the known history; 'full': the whole history again. */
  mode?: PublicationPullMode;
  /**
   * A whole history (no filter) larger than this is read through the Exports API: a few calls
   * instead of one a hundred publications. Smaller ones are listed, whose items say everything.
   */
  exportsFrom?: number;
  /** An incremental pull of every publication exports what is new when the list has more than this many beyond the cache. */
  newExportsFrom?: number;
  /** Through exports, the failed publications are listed when at most this many (see FAILURES_LISTED_MAX). */
  failuresListedMax?: number;
  /** After each stored page, with the mode the pull runs in and the publications new to the cache so far. */
  onPullProgress?: (progress: PublicationPullProgress) => void;
}

export interface PublicationPullSummary extends PullSummary {
  /** 'full' when the pull read the whole history (asked for, or nothing of this query was known yet). */
  mode: PublicationPullMode;
  /** Publications the cache did not hold before. */
  added: number;
  /** List requests sent. */
  requests: number;
  /** True when it carried on an interrupted pull of the same query. */
  resumed: boolean;
}

/** A pull that failed before its first page (the size probe): recorded as any failed pull is. */
async function recordFailedPull(
  db: StoreDatabase,
  target: string,
  selection: PublicationSelection,
  key: string,
  error: unknown,
  now: () => number,
): Promise<void> {
  const at = new Date(now()).toISOString();
  await db.write((tx) => {
    const pullId = startPull(tx, target, 'publications', selection, key, at);
    finishPull(tx, pullId, 'failed', at, { error: error instanceof Error ? error.message : String(error) });
  });
}

/** Publications the cache holds for a target. */
function cachedCount(db: Reader, target: string): number {
  return cachedPublicationCount(db, target);
}

/** Default `newExportsFrom`: an incremental pull lists up to 20 pages of new publications, then exports them. */
export const NEW_EXPORTS_FROM = 2_000;

/** Default `exportsFrom`: the list's 100 calls. */
export const EXPORTS_FROM = 10_000;

/** A selection of every publication (an order aside): a pull of it can read exports instead of the list. */
function wholeHistory(selection: PublicationSelection): boolean {
  return Object.entries(selection).every(([k, v]) => k === 'order' || v === undefined);
}

// The pulls running in this process, by target and query: a pull that is still running is not an
// interrupted one to carry on (another process cannot hold the cache: it is locked while open).
const running = new Set<string>();

const newer = (a: string | null, b: string | null): string | null => (a === null ? b : b === null || Date.parse(a) >= Date.parse(b) ? a : b);

/** The walk a pull starts with, or carries on, and what it will note as it goes. */
function planOf(
  db: Reader,
  target: string,
  key: string,
  mode: PublicationPullMode,
): { mark: Omit<PullMark, 'pullId'>; resumeId?: number; thenTop?: WalkPlan['thenTop']; known: string | null } {
  const known = knownThrough(db, target, key);
  const interrupted = resumableMark(db, target, key);
  // A full refresh carries on only a full pull; an incremental one carries on either.
  if (interrupted && (mode === 'incremental' || interrupted.mode === 'full')) {
    const { pullId, ...mark } = interrupted;
    const { walk, top, topTotal } = mark;
    const midList = walk.order === '-created_at' && walk.page > 1 && top !== null;
    return { mark, resumeId: pullId, known, ...(midList && { thenTop: { createdAt: top, total: topTotal } }) };
  }
  const whole = mode === 'full' || known === null;
  const walk: PublicationWalk = whole ? { order: 'created_at', page: 1, stopBelow: null } : { order: '-created_at', page: 1, stopBelow: known };
  return { mark: { mode: whole ? 'full' : 'incremental', walk, top: null, topTotal: 0, newest: null }, known };
}

/**
 * Pulls the publication history that answers `selection` into the cache (100 a page, upserting by
 * id). Incremental by default: newest first until the known history is reached; a full pull, or
 * the first one of a query, reads it all, oldest first. Each page is stored with a note of how far
 * the pull got, so an interrupted pull is carried on by the next one instead of starting over.
 * Facts the list item does not show are learned from the query (a pull by campaign records each
 * publication's campaign) and kept across pulls.
 */
export async function pullPublications(
  db: StoreDatabase,
  client: PublicationsSource,
  selection: PublicationSelection = {},
  options: PublicationPullOptions = {},
): Promise<PublicationPullSummary> {
  buildPublicationsQuery(selection);
  const target = options.cacheKey ?? client.baseUrl;
  const key = selectionKey(selection);
  const runKey = `${target} ${key}`;
  if (running.has(runKey)) throw new Error(`A pull of these publications from ${target} is already running; wait for it to finish.`);
  running.add(runKey);
  try {
    const plan = planOf(db, target, key, options.mode ?? 'incremental');
    const exportable = canExport(client) && wholeHistory(selection);
    const interrupted = exportable && exportPullInterrupted(db, target, key);
    let first: ListEnvelope<Publication> | undefined;
    let viaExports = interrupted;
    let after: string | undefined;
    if (exportable && !interrupted && plan.resumeId === undefined) {
      // The page a list walk reads first anyway tells how much there is to read.
      const order = plan.mark.mode === 'full' ? 'created_at' : '-created_at';
      first = await client.listPublications({ order, page: 1, limit: LIMIT_MAX }).catch(async (error: unknown) => {
        await recordFailedPull(db, target, selection, key, error, options.now ?? Date.now);
        throw error;
      });
      const unread = plan.mark.mode === 'full' ? first.total : first.total - cachedCount(db, target);
      const from = plan.mark.mode === 'full' ? (options.exportsFrom ?? EXPORTS_FROM) : (options.newExportsFrom ?? NEW_EXPORTS_FROM);
      viaExports = unread > from;
      // Incremental: only what is newer than the history the cache holds whole.
      if (viaExports && plan.mark.mode === 'incremental') after = plan.known ?? undefined;
    }
    if (viaExports) {
      const summary = await pullByExports(db, client as ExportSource, {
        target,
        queryKey: key,
        ...(after !== undefined && { after }),
        ...(first && { total: first.total }),
        ...(options.failuresListedMax !== undefined && { failuresListedMax: options.failuresListedMax }),
        ...(options.now && { now: options.now }),
        ...(options.onPullProgress && { onProgress: options.onPullProgress }),
      });
      return { ...summary, requests: summary.requests + (first ? 1 : 0), complete: true };
    }
    return await pullOnce(db, client, selection, options, key, first);
  } finally {
    running.delete(runKey);
  }
}

async function pullOnce(
  db: StoreDatabase,
  client: PublicationsSource,
  selection: PublicationSelection,
  options: PublicationPullOptions,
  key: string,
  first?: ListEnvelope<Publication>,
): Promise<PublicationPullSummary> {
  const target = options.cacheKey ?? client.baseUrl;
  const pins = pinnedFacts(selection);
  const plan = planOf(db, target, key, options.mode ?? 'incremental');
  const { order: _order, ...query } = selection;
  const mark = plan.mark;
  let added = 0;
  let requests = first === undefined ? 0 : 1;
  let pages = 0;
  // Members decide only rows whose facts leave a selection undecided: one that reads no field has none.
  const keepsMembers = fieldsRead(selection).length > 0;
  const store = (tx: Writer, items: readonly Publication[], pullId: number, pulledAt: string): void => {
    const member = keepsMembers ? tx.prepare('INSERT OR IGNORE INTO pull_members (pull_id, id) VALUES (?, ?)') : undefined;
    storeListed(tx, target, items, pins, pullId, pulledAt, member && ((item) => member.run([pullId, item.id])));
  };
  const summary = await runPull<Publication, WalkedPublications>(
    db,
    {
      target,
      kind: 'publications',
      query: selection,
      queryKey: key,
      ...(plan.resumeId !== undefined && { resumeId: plan.resumeId }),
      pages: walkPublications(
        db,
        client,
        query,
        { walk: mark.walk, whenTooLarge: options.whenTooLarge ?? 'throw', target, ...(plan.thenTop && { thenTop: plan.thenTop }), ...(first && { first }) },
        () => (requests += 1),
      ),
      store,
      afterPage(tx, page, pullId) {
        added += page.added;
        if (page.top) [mark.top, mark.topTotal] = [page.top.createdAt, page.top.total];
        for (const item of page.items) mark.newest = newer(mark.newest, item.created_at ?? null);
        mark.walk = page.next;
        setMark(tx, target, key, { pullId, ...mark });
      },
      whenComplete(tx, _seen, pullId) {
        const previous = latestCompletePull(tx, target, 'publications', key);
        // An incremental pull read only the top of the answer: the rest is the last complete answer's.
        if (keepsMembers && mark.mode === 'incremental' && previous && previous.id !== pullId) {
          tx.run('INSERT OR IGNORE INTO pull_members (pull_id, id) SELECT ?, id FROM pull_members WHERE pull_id = ?', [pullId, previous.id]);
        }
        // Only the newest complete answer of a query is kept; an incomplete pull's ids decide nothing.
        tx.run(`DELETE FROM pull_members WHERE pull_id IN (SELECT id FROM pulls WHERE target = ? AND kind = 'publications' AND query_key = ? AND id <> ?)`, [
          target,
          key,
          pullId,
        ]);
        const through = mark.mode === 'incremental' ? newer(plan.known, mark.newest) : mark.newest;
        if (through !== null) setKnownThrough(tx, target, key, through);
        clearMark(tx, target, key);
      },
    },
    {
      ...options,
      onProgress(progress) {
        pages += 1;
        options.onProgress?.(progress);
        options.onPullProgress?.({ mode: mark.mode, pages, items: progress.items, total: progress.total, added });
      },
    },
  );
  return { ...summary, mode: mark.mode, added, requests, resumed: plan.resumeId !== undefined };
}
