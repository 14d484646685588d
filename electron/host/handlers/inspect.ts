import { baseUrlOf } from '../../../shared/api';
import {
  cachedPublicationStats,
  exportCachedPublications,
  fetchEarningRule,
  getCachedEarningRule,
  openCacheDatabase,
  pullPublications,
  queryCachedPublications,
} from '../../cache';
import type { StoreDatabase } from '../../store/database';
import type { EmitEvent } from '../events';
import type { InvokeHandlers } from '../ipc-guard';
import type { Lifecycle } from '../lifecycle';
import { asItems, cacheListHandlers, pulled } from './cache-lists';
import type { Connection } from './connection';

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
export function inspectHandlers(dataDir: string, connection: Connection, lifecycle: Lifecycle, emit: EmitEvent): InspectHandlers {
  let cache: Promise<StoreDatabase> | undefined;
  lifecycle.onFlush('cache', async () => {
    if (cache) await (await cache).close();
  });
  const cacheDb = (): Promise<StoreDatabase> => (cache ??= openCacheDatabase(dataDir));
  const targetUrl = (): string => baseUrlOf(connection.target().target);

  return {
    'publications.list': async ({ selection, limit, page }) => {
      const answer = await (await connection.client()).listPublications({ ...selection, limit, page });
      return { total: answer.total, items: asItems(answer.items) };
    },
    'publications.pull': async ({ selection, mode }) => {
      const summary = await pullPublications(await cacheDb(), await connection.client(), selection, {
        whenTooLarge: 'partial',
        ...(mode && { mode }),
        onPullProgress: (progress) => emit('publications.pullProgress', progress),
      });
      return { ...pulled(summary), added: summary.added, requests: summary.requests };
    },
    'publications.stats': async ({ selection, narrowing, by, timeZone }) =>
      cachedPublicationStats(await cacheDb(), targetUrl(), { selection, by, timeZone, ...(narrowing && { narrowing }) }),
    'publications.export': async ({ selection, narrowing, timeZone }) =>
      exportCachedPublications(await cacheDb(), targetUrl(), { selection, timeZone, ...(narrowing && { narrowing }) }),
    'publications.cached': async ({ selection, narrowing, offset, limit }) => {
      const page = queryCachedPublications(await cacheDb(), targetUrl(), { ...selection, ...(narrowing && { narrowing }), offset, limit });
      return { total: page.total, items: asItems(page.items), undetermined: page.undetermined, lastPullAt: page.lastPull?.finishedAt ?? null };
    },
    'earningRules.get': async ({ id, offline }) => {
      const db = await cacheDb();
      if (!offline) {
        const fetched = await fetchEarningRule(db, await connection.client(), id);
        return { rule: { ...fetched.rule }, fetchedAt: fetched.fetchedAt, offline: false };
      }
      const cached = getCachedEarningRule(db, targetUrl(), id);
      if (!cached) throw new Error(`Earning rule ${id} is not in the offline cache for ${connection.target().label}: look it up once while online.`);
      return { rule: { ...cached.rule }, fetchedAt: cached.fetchedAt, offline: true };
    },
    ...cacheListHandlers(cacheDb, connection),
  };
}
