import { baseUrlOf } from '../../../shared/api';
import { fetchEarningRule, getCachedEarningRule, openCacheDatabase, pullPublications, queryCachedPublications } from '../../cache';
import type { StoreDatabase } from '../../store/database';
import type { InvokeHandlers } from '../ipc-guard';
import type { Lifecycle } from '../lifecycle';
import { asItems, cacheListHandlers, pulled } from './cache-lists';
import type { Connection } from './connection';
import { interimHistoryHandlers, interimNarrowedPage } from './publication-history-interim';

type InspectHandlers = Pick<
  InvokeHandlers,
  | 'publications.list'
  | 'publications.pull'
  | 'publications.cached'
  | 'publications.stats'
  | 'publications.export'
  | 'stacks.pull'
  | 'stacks.cached'
  | 'earningRules.get'
  | 'rewards.pull'
  | 'rewards.cached'
>;

/** Live reads go through the client; the offline cache answers publications, stacks and rewards with no network. */
export function inspectHandlers(dataDir: string, connection: Connection, lifecycle: Lifecycle): InspectHandlers {
  let cache: Promise<StoreDatabase> | undefined;
  lifecycle.onFlush('cache', async () => {
    if (cache) await (await cache).close();
  });
  const cacheDb = (): Promise<StoreDatabase> => (cache ??= openCacheDatabase(dataDir));

  return {
    'publications.list': async ({ selection, limit, page }) => {
      const answer = await (await connection.client()).listPublications({ ...selection, limit, page });
      return { total: answer.total, items: asItems(answer.items) };
    },
    'publications.pull': async ({ selection }) => {
      const summary = await pullPublications(await cacheDb(), await connection.client(), selection, { whenTooLarge: 'partial' });
      return { ...pulled(summary), added: summary.items, requests: summary.pages };
    },
    // INTERIM until the SQL implementation replaces publication-history-interim.ts at merge.
    ...interimHistoryHandlers(cacheDb, connection),
    'publications.cached': async ({ selection, narrowing, offset, limit }) => {
      // INTERIM: time and channel narrowing until the SQL implementation takes it (see publication-history-interim.ts).
      if (narrowing && Object.keys(narrowing).length > 0) {
        return interimNarrowedPage(await cacheDb(), baseUrlOf(connection.target().target), selection, narrowing, offset, limit);
      }
      const page = queryCachedPublications(await cacheDb(), baseUrlOf(connection.target().target), { ...selection, offset, limit });
      return { total: page.total, items: asItems(page.items), undetermined: page.undetermined, lastPullAt: page.lastPull?.finishedAt ?? null };
    },
    'earningRules.get': async ({ id, offline }) => {
      const db = await cacheDb();
      if (!offline) {
        const fetched = await fetchEarningRule(db, await connection.client(), id);
        return { rule: { ...fetched.rule }, fetchedAt: fetched.fetchedAt, offline: false };
      }
      const target = connection.target();
      const cached = getCachedEarningRule(db, baseUrlOf(target.target), id);
      if (!cached) throw new Error(`Earning rule ${id} is not in the offline cache for ${target.label}: look it up once while online.`);
      return { rule: { ...cached.rule }, fetchedAt: cached.fetchedAt, offline: true };
    },
    ...cacheListHandlers(cacheDb, connection),
  };
}
