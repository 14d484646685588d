import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  listPulls,
  openCacheDatabase,
  pullCampaignStacks,
  pullPublications,
  pullStacks,
  queryCachedPublications,
  queryCachedStacks,
} from '../../../electron/cache';
import { InvalidRequestError, NetworkError, type VoucherClient } from '../../../shared/api';
import type { PublicationSelection } from '../../../shared/domain/publication-query';
import { clientOf, deleteDocs, extraPublications, putPublications, sandboxOn } from './history';
import { makeTempDir } from './temp';

async function sandboxIds(client: VoucherClient, q: PublicationSelection): Promise<string[]> {
  const list = await client.listPublications({ ...q, limit: 100 });
  expect(list.total).toBeLessThanOrEqual(100);
  return list.items.map((p) => p.id);
}

const dir = makeTempDir();

describe('pulling again', () => {
  it('updates changed publications in place, adds new ones, keeps what earlier pulls taught, and records every pull', async () => {
    const dataFile = join(dir, 'sandbox.sqlite');
    await (await sandboxOn(dataFile)).close();
    const first = extraPublications(20);
    await putPublications(dataFile, first);
    let sb = await sandboxOn(dataFile);
    const port = Number(new URL(sb.urls[sb.hostCluster]).port);
    const db = await openCacheDatabase(join(dir, 'cache'));
    try {
      const client = clientOf(sb);
      await pullPublications(db, client);
      const gift = { campaign: 'Gift Season' };
      const giftBefore = await sandboxIds(client, gift);
      await pullPublications(db, client, gift);
      await sb.close();

      const changed = first[1];
      if (!changed) throw new Error('no publication to change');
      changed.item.channel = 'Changed channel';
      await putPublications(dataFile, [changed, ...extraPublications(5, 20, Date.now() + 3_600_000)]);
      sb = await sandboxOn(dataFile, port);
      const again = clientOf(sb);
      const summary = await pullPublications(db, again);
      const everything = await sandboxIds(again, { order: 'channel' });
      const giftAfter = await sandboxIds(again, gift);
      await sb.close();

      expect(summary.items).toBe(55);
      const all = queryCachedPublications(db, again.baseUrl, { order: 'channel', limit: 1000 });
      expect(all.items.map((p) => p.id)).toEqual(everything);
      expect(db.get<{ n: number }>('SELECT COUNT(*) AS n FROM publications')?.n).toBe(55);
      expect(all.items.find((p) => p.id === changed.item.id)?.channel).toBe('Changed channel');

      // The Gift Season pull taught the campaign of its multi-voucher and failed publications; the
      // new ones of that campaign it could not see stay undecided until they are pulled by campaign.
      const offlineGift = queryCachedPublications(db, again.baseUrl, { ...gift, limit: 1000 });
      const ids = offlineGift.items.map((p) => p.id);
      expect(ids).toEqual(giftAfter.filter((id) => ids.includes(id)));
      expect(giftBefore.every((id) => ids.includes(id))).toBe(true);
      expect(giftAfter.length - ids.length).toBeLessThanOrEqual(offlineGift.undetermined);

      const pulls = listPulls(db, again.baseUrl);
      expect(pulls.map((p) => [p.status, p.items, p.query])).toEqual([
        ['done', 55, {}],
        ['done', giftBefore.length, gift],
        ['done', 50, {}],
      ]);
    } finally {
      await db.close();
    }
  });

  it('records a pull that failed, keeps nothing half-written, and rejects a bad query before recording anything', async () => {
    const sb = await sandboxOn(join(dir, 'closed.sqlite'));
    const client = clientOf(sb, { retry: { maxAttempts: 1 } });
    await sb.close();
    const db = await openCacheDatabase(join(dir, 'failing'));
    try {
      await expect(pullPublications(db, client)).rejects.toBeInstanceOf(NetworkError);
      const [failed] = listPulls(db, client.baseUrl);
      expect(failed).toMatchObject({ status: 'failed', pages: 0, items: 0 });
      expect(failed?.error).toMatch(/\S/);
      expect(db.get<{ n: number }>('SELECT COUNT(*) AS n FROM publications')?.n).toBe(0);

      const bad = { filters: { campaign_name: { conditions: { $like: 'x' } } } } as unknown as PublicationSelection;
      await expect(pullPublications(db, client, bad)).rejects.toBeInstanceOf(InvalidRequestError);
      await expect(pullPublications(db, client, bad)).rejects.toThrow(/filters\.campaign_name\.conditions\.\$like/);
      expect(listPulls(db, client.baseUrl)).toHaveLength(1);
    } finally {
      await db.close();
    }
  });

  it('drops stacks the service no longer lists, after a complete pull of all stacks or of their campaign', async () => {
    const dataFile = join(dir, 'stacks.sqlite');
    let sb = await sandboxOn(dataFile);
    const port = Number(new URL(sb.urls[sb.hostCluster]).port);
    const db = await openCacheDatabase(join(dir, 'stacks-cache'));
    try {
      let client = clientOf(sb);
      const all = (await client.listStacks({ limit: 100 })).items;
      const [gone, goneToo] = all.filter((s) => s.campaign_id === 'camp_summersale01');
      if (!gone || !goneToo) throw new Error('the seed has no two stacks in one campaign');
      await pullStacks(db, client);
      await sb.close();
      await deleteDocs(dataFile, 'stack', [gone.id]);
      sb = await sandboxOn(dataFile, port);
      client = clientOf(sb);
      await pullStacks(db, client, { created_at: { after: '2000-01-01' } });
      expect(queryCachedStacks(db, client.baseUrl).map((s) => s.id)).toContain(gone.id);
      await pullStacks(db, client);
      expect(queryCachedStacks(db, client.baseUrl).map((s) => s.id)).toEqual(all.filter((s) => s !== gone).map((s) => s.id));
      await sb.close();

      await deleteDocs(dataFile, 'stack', [goneToo.id]);
      sb = await sandboxOn(dataFile, port);
      client = clientOf(sb);
      const left = (await client.listCampaignStacks('camp_summersale01')).items.map((s) => s.id);
      await pullCampaignStacks(db, client, 'camp_summersale01');
      expect(
        queryCachedStacks(db, client.baseUrl, { campaign: 'camp_summersale01' })
          .map((s) => s.id)
          .sort(),
      ).toEqual([...left].sort());
      expect(queryCachedStacks(db, client.baseUrl).length).toBe(all.length - 2);
    } finally {
      await db.close();
      await sb.close();
    }
  });
});
