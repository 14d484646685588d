import { projectLabel } from '../../../shared/domain/project';
import {
  AnswerMemo,
  cachedPublicationStats,
  exportCachedPublications,
  fetchEarningRule,
  getCachedEarningRule,
  pullPublications,
  queryCachedPublications,
} from '../../cache';
import type { StoreDatabase } from '../../store/database';
import type { EmitEvent } from '../events';
import type { InvokeHandlers } from '../ipc-guard';
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

/**
 * Live reads go through the current project's client; the offline cache answers publications, stacks
 * and rewards with no network, from the copies filed under the current project.
 */
export function inspectHandlers(cacheDb: () => Promise<StoreDatabase>, connection: Connection, emit: EmitEvent): InspectHandlers {
  const projectKey = async (): Promise<string> => (await connection.current()).id;
  const client = async () => connection.client(await connection.current());
  // Counted answers of the open cache, for every page of the Publications view.
  let counted: AnswerMemo | undefined;

  return {
    'publications.list': async ({ selection, limit, page }) => {
      const answer = await (await client()).listPublications({ ...selection, limit, page });
      return { total: answer.total, items: asItems(answer.items) };
    },
    'publications.pull': async ({ selection, mode }) => {
      const summary = await pullPublications(await cacheDb(), await client(), selection, {
        cacheKey: await projectKey(),
        whenTooLarge: 'partial',
        ...(mode && { mode }),
        onPullProgress: (progress) => emit('publications.pullProgress', progress),
      });
      return { ...pulled(summary), added: summary.added, requests: summary.requests };
    },
    'publications.stats': async ({ selection, narrowing, by, timeZone }) =>
      cachedPublicationStats(await cacheDb(), await projectKey(), { selection, by, timeZone, ...(narrowing && { narrowing }) }),
    'publications.export': async ({ selection, narrowing, timeZone }) =>
      exportCachedPublications(await cacheDb(), await projectKey(), { selection, timeZone, ...(narrowing && { narrowing }) }),
    'publications.cached': async ({ selection, narrowing, offset, limit }) => {
      const db = await cacheDb();
      if (counted?.db !== db) counted = new AnswerMemo(db);
      const page = queryCachedPublications(db, await projectKey(), { ...selection, ...(narrowing && { narrowing }), offset, limit }, counted);
      return { total: page.total, items: asItems(page.items), undetermined: page.undetermined, lastPullAt: page.lastPull?.finishedAt ?? null };
    },
    'earningRules.get': async ({ id, offline }) => {
      const db = await cacheDb();
      if (!offline) {
        const fetched = await fetchEarningRule(db, await client(), id, Date.now, await projectKey());
        return { rule: { ...fetched.rule }, fetchedAt: fetched.fetchedAt, offline: false };
      }
      const project = await connection.current();
      const cached = getCachedEarningRule(db, project.id, id);
      if (!cached) throw new Error(`Earning rule ${id} is not in the offline cache of ${projectLabel(project)}: look it up once while online.`);
      return { rule: { ...cached.rule }, fetchedAt: cached.fetchedAt, offline: true };
    },
    ...cacheListHandlers(cacheDb, connection),
  };
}
