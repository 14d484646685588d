import { HistoryTooLargeError, publicationsTooLarge, type ListEnvelope, type Publication, type PublicationsQuery } from '../../shared/api';
import { LIMIT_MAX, PAGE_MAX } from '../../shared/api/query-checks';
import type { Reader } from '../store/statements';
import { cachedItemJson } from './publication-parts';
import type { PublicationWalk } from './publication-pull-marks';
import type { PulledPage } from './run-pull';
import { exportedRowsOf } from './store-listed';

export interface PublicationsSource {
  baseUrl: string;
  listPublications(query: PublicationsQuery): Promise<ListEnvelope<Publication>>;
}

export interface WalkedPublications extends PulledPage<Publication> {
  /** Items the cache did not hold before this page. */
  added: number;
  /** Where to carry on after this page, should the pull stop here. */
  next: PublicationWalk;
  /** Set on a newest-first walk's first page: the newest created_at then, and the list's total. */
  top?: { createdAt: string | null; total: number };
}

export interface WalkPlan {
  walk: PublicationWalk;
  /** A resumed newest-first walk starts mid-list: when the list grew past `total`, the top is read again down to `createdAt`. */
  thenTop?: { createdAt: string; total: number };
  whenTooLarge: 'throw' | 'partial';
  /** The walk's first page, already read (to decide between the list and exports): not asked for again. */
  first?: ListEnvelope<Publication>;
  /** The key the cache files the copies under. */
  target: string;
}

/**
 * Newest first, the known history is reached at a page that goes below `stopBelow` where every
 * publication at or below it is cached unchanged. Publications created meanwhile only push older
 * ones further down, so a page is never skipped; ties on created_at at the boundary are read
 * again (the page must reach strictly below it).
 */
/** Stands for the JSON of a publication the cache holds from an export: it has none to compare, and is taken as unchanged. */
const EXPORTED = '';

function reachesKnown(items: readonly Publication[], cached: ReadonlyMap<string, string>, stopBelow: string | null): boolean {
  if (stopBelow === null) return false;
  const below = Date.parse(stopBelow);
  let reached = false;
  for (const item of items) {
    const at = Date.parse(item.created_at ?? '');
    if (at > below) continue;
    const json = cached.get(item.id);
    if (json !== EXPORTED && json !== JSON.stringify(item)) return false;
    if (at < below) reached = true;
  }
  return reached;
}

/**
 * The pages a pull reads, 100 at a time: oldest first for a whole history (stable while new
 * publications arrive at its end), newest first down to the known history for an incremental one.
 * Each page says how many of its items are new and where a resumed pull would carry on.
 */
export async function* walkPublications(
  db: Reader,
  client: PublicationsSource,
  query: Omit<PublicationsQuery, 'page' | 'limit' | 'order'>,
  plan: WalkPlan,
  onRequest: () => void,
): AsyncGenerator<WalkedPublications> {
  const reachable = PAGE_MAX * LIMIT_MAX;
  let walk = plan.walk;
  let thenTop = plan.thenTop;
  let grewTo = 0;
  for (;;) {
    const { order, stopBelow } = walk;
    let cut = false;
    for (let page = walk.page; page <= PAGE_MAX; page += 1) {
      const readAlready = page === 1 && walk === plan.walk ? plan.first : undefined;
      if (readAlready === undefined) onRequest();
      const list = readAlready ?? (await client.listPublications({ ...query, order, page, limit: LIMIT_MAX }));
      grewTo = Math.max(grewTo, list.total);
      const tooLarge = list.total > reachable && (order === 'created_at' || page === PAGE_MAX);
      const notice = tooLarge ? publicationsTooLarge(list.total, reachable) : undefined;
      if (notice && page === 1 && plan.whenTooLarge === 'throw') throw new HistoryTooLargeError(notice, list.total, reachable);
      const cached = cachedItemJson(
        db,
        plan.target,
        list.items.map((p) => p.id),
      );
      // A publication an export stored (under its export key) is known, not new: the store replaces its row.
      for (const id of exportedRowsOf(db, plan.target, list.items).keys()) if (!cached.has(id)) cached.set(id, EXPORTED);
      const last = list.items.length < LIMIT_MAX || (page - 1) * LIMIT_MAX + list.items.length >= list.total;
      const stop = last || (order === '-created_at' && reachesKnown(list.items, cached, stopBelow));
      yield {
        page,
        items: list.items,
        total: list.total,
        ...(notice && { notice }),
        added: list.items.filter((p) => !cached.has(p.id)).length,
        next: { order, page: page + 1, stopBelow },
        ...(order === '-created_at' && page === 1 && { top: { createdAt: list.items[0]?.created_at ?? null, total: list.total } }),
      };
      if (stop) break;
      cut = page === PAGE_MAX;
    }
    if (cut || thenTop === undefined || grewTo <= thenTop.total) return;
    walk = { order: '-created_at', page: 1, stopBelow: thenTop.createdAt };
    thenTop = undefined;
  }
}
