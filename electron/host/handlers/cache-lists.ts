import { baseUrlOf } from '../../../shared/api';
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
  const target = () => baseUrlOf(connection.target().target);
  return {
    'stacks.pull': async ({ campaignId, ...selection }) => {
      const db = await cacheDb();
      const client = await connection.client();
      return pulled(campaignId ? await pullCampaignStacks(db, client, campaignId) : await pullStacks(db, client, selection));
    },
    'stacks.cached': async ({ campaignId, limit, page, ...selection }) => {
      const db = await cacheDb();
      const stacks = queryCachedStacks(db, target(), campaignId ? { campaign: campaignId } : selection);
      const offset = (page - 1) * limit;
      return {
        total: stacks.length,
        items: asItems(stacks.slice(offset, offset + limit)),
        lastPullAt: lastPullAt(db, target(), ['stacks', 'campaign-stacks']),
      };
    },
    'rewards.pull': async () => pulled(await pullRewards(await cacheDb(), await connection.client())),
    'rewards.cached': async ({ limit, page }) => {
      const db = await cacheDb();
      const items = listCachedRewards(db, target(), { offset: (page - 1) * limit, limit });
      return { total: countCachedRewards(db, target()), items: asItems(items), lastPullAt: lastPullAt(db, target(), ['rewards']) };
    },
  };
}
