import type { Reward, VoucherClient } from '../../shared/api';
import type { StoreDatabase } from '../store/database';
import type { Reader, Writer } from '../store/statements';
import { runPull, type PulledPage, type PullOptions, type PullSummary } from './run-pull';

type RewardsSource = Pick<VoucherClient, 'baseUrl' | 'listRewards'>;

const PAGE_SIZE = 100;
const PAGE_MAX = 1000;

async function* rewardPages(client: RewardsSource): AsyncGenerator<PulledPage<Reward>> {
  let seen = 0;
  for (let page = 1; page <= PAGE_MAX; page += 1) {
    const list = await client.listRewards({ page, limit: PAGE_SIZE });
    seen += list.items.length;
    const cut = page === PAGE_MAX && seen < list.total;
    yield {
      page,
      items: list.items,
      total: list.total,
      ...(cut && { notice: `The service lists at most ${PAGE_MAX * PAGE_SIZE} of the ${list.total} rewards; the rest are not cached.` }),
    };
    if (list.items.length < PAGE_SIZE || seen >= list.total) return;
  }
}

/** Pulls every reward, in the service's order; a complete pull drops rewards the service no longer lists. */
export async function pullRewards(db: StoreDatabase, client: RewardsSource, options: PullOptions = {}): Promise<PullSummary> {
  const target = options.cacheKey ?? client.baseUrl;
  let position = 0;
  return runPull(
    db,
    {
      target,
      kind: 'rewards',
      query: {},
      pages: rewardPages(client),
      store(tx: Writer, items, pullId, pulledAt) {
        const upsert = tx.prepare(`INSERT INTO rewards (target, id, position, json, pull_id, pulled_at) VALUES (?, ?, ?, ?, ?, ?)
          ON CONFLICT (target, id) DO UPDATE SET position = excluded.position, json = excluded.json,
            pull_id = excluded.pull_id, pulled_at = excluded.pulled_at`);
        for (const reward of items) upsert.run([target, reward.id, position++, JSON.stringify(reward), pullId, pulledAt]);
      },
      whenComplete(tx, seen) {
        for (const { id } of tx.all<{ id: string }>('SELECT id FROM rewards WHERE target = ?', [target])) {
          if (!seen.has(id)) tx.run('DELETE FROM rewards WHERE target = ? AND id = ?', [target, id]);
        }
      },
    },
    options,
  );
}

/** The cached rewards of a target, in the order the service listed them; `page` picks a slice. */
export function listCachedRewards(db: Reader, target: string, page?: { offset: number; limit: number }): Reward[] {
  const slice = page ? ' LIMIT ? OFFSET ?' : '';
  return db
    .all<{ json: string }>(`SELECT json FROM rewards WHERE target = ? ORDER BY position${slice}`, page ? [target, page.limit, page.offset] : [target])
    .map((r) => JSON.parse(r.json) as Reward);
}

export function countCachedRewards(db: Reader, target: string): number {
  return db.get<{ n: number }>('SELECT COUNT(*) AS n FROM rewards WHERE target = ?', [target])?.n ?? 0;
}
