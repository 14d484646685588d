import {
  countCachedRewards,
  lastPullAt,
  listCachedRewards,
  pullCampaignStacks,
  pullRewards,
  pullStacks,
  queryCachedStacks,
  type PullSummary,
} from '../../cache';
import type { StoreDatabase } from '../../store/database';
import type { InvokeHandlers } from '../ipc-guard';
import type { Connection } from './connection';

type CacheListHandlers = Pick<InvokeHandlers, 'stacks.pull' | 'stacks.cached' | 'rewards.pull' | 'rewards.cached'>;

// Items go on as the service sent them (tolerant reader); the contract checks they are objects.
export const asItems = (items: readonly object[]): Record<string, unknown>[] => items.map((i) => Object.assign({}, i) as Record<string, unknown>);

export const pulled = (s: PullSummary) => ({ items: s.items, total: s.total, complete: s.complete, ...(s.notice ? { notice: s.notice } : {}) });

/**
 * Stacks and rewards as the CLI reads them: a pull fills the offline cache from the service, and
 * the views page through the cache with no network, so they work offline exactly where the CLI does.
 */
export function cacheListHandlers(cacheDb: () => Promise<StoreDatabase>, connection: Connection): CacheListHandlers {
  // The copies of the current project, filed under its id.
  const target = async (): Promise<string> => (await connection.current()).id;
  return {
    'stacks.pull': async ({ campaignId, ...selection }) => {
      const db = await cacheDb();
      const project = await connection.current();
      const client = await connection.client(project);
      const options = { cacheKey: project.id };
      return pulled(campaignId ? await pullCampaignStacks(db, client, campaignId, options) : await pullStacks(db, client, selection, options));
    },
    'stacks.cached': async ({ campaignId, limit, page, ...selection }) => {
      const db = await cacheDb();
      const key = await target();
      const stacks = queryCachedStacks(db, key, campaignId ? { campaign: campaignId } : selection);
      const offset = (page - 1) * limit;
      return {
        total: stacks.length,
        items: asItems(stacks.slice(offset, offset + limit)),
        lastPullAt: lastPullAt(db, key, ['stacks', 'campaign-stacks']),
      };
    },
    'rewards.pull': async () => {
      const project = await connection.current();
      return pulled(await pullRewards(await cacheDb(), await connection.client(project), { cacheKey: project.id }));
    },
    'rewards.cached': async ({ limit, page }) => {
      const db = await cacheDb();
      const key = await target();
      const items = listCachedRewards(db, key, { offset: (page - 1) * limit, limit });
      return { total: countCachedRewards(db, key), items: asItems(items), lastPullAt: lastPullAt(db, key, ['rewards']) };
    },
  };
}
