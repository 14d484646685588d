import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fetchEarningRule,
  getCachedEarningRule,
  listCachedRewards,
  listPulls,
  openCacheDatabase,
  pullCampaignStacks,
  pullRewards,
  pullStacks,
  queryCachedStacks,
  type StackSelection,
} from '../../../electron/cache';
import { SEED_EARNING_RULE_IDS, startSandbox, type RunningSandbox } from '../../../electron/local-service/server';
import type { StoreDatabase } from '../../../electron/store/database';
import { STACK_ORDERS, ServiceError, type EarningRule, type PromotionStack, type Reward } from '../../../shared/api';
import { clientOf } from './history';
import { makeTempDir } from './temp';

const RULES = [SEED_EARNING_RULE_IDS.points, SEED_EARNING_RULE_IDS.proportional];
const CAMPAIGNS = ['camp_summersale01', 'camp_loyaltyclub1', 'camp_giftcards26'];

let sb: RunningSandbox;
let db: StoreDatabase;
let target: string;
let allStacks: PromotionStack[];
const stackQueries: [string, StackSelection][] = [];
const stackAnswers = new Map<string, string[]>();
const campaignAnswers = new Map<string, string[]>();
let rewards: Reward[];
const rules = new Map<string, EarningRule>();
let missing: unknown;

beforeAll(async () => {
  sb = await startSandbox();
  const client = clientOf(sb);
  target = client.baseUrl;
  await client.createReward({ name: 'Mug', type: 'MATERIAL', product: { id: 'prod_mug2', sku_id: 'sku_mug2' }, stock: 4 });
  allStacks = (await client.listStacks({ limit: 100 })).items;
  // Range bounds taken from the stacks themselves, so each range keeps some and drops some.
  const created = allStacks.map((s) => s.created_at ?? '').sort();
  const updated = allStacks.flatMap((s) => s.updated_at ?? []).sort();
  stackQueries.push(
    ...STACK_ORDERS.map((order): [string, StackSelection] => [`order ${order}`, { order }]),
    ['created after', { created_at: { after: created[1] ?? '' } }],
    ['created between', { created_at: { after: created[0] ?? '', before: created.at(-1) ?? '' }, order: '-name' }],
    ['updated before', { updated_at: { before: updated.at(-1) ?? '' } }],
    ['created and updated', { created_at: { before: created.at(-2) ?? '' }, updated_at: { after: updated[0] ?? '' }, order: 'updated_at' }],
  );
  for (const [name, q] of stackQueries)
    stackAnswers.set(
      name,
      (await client.listStacks({ ...q, limit: 100 })).items.map((s) => s.id),
    );
  for (const id of CAMPAIGNS)
    campaignAnswers.set(
      id,
      (await client.listCampaignStacks(id)).items.map((s) => s.id),
    );
  rewards = (await client.listRewards({ limit: 100 })).items;
  for (const id of RULES) rules.set(id, await client.getEarningRule(id));

  db = await openCacheDatabase(join(makeTempDir(), 'cache'));
  await pullStacks(db, client);
  for (const id of CAMPAIGNS) await pullCampaignStacks(db, client, id);
  await pullRewards(db, client);
  for (const id of RULES) await fetchEarningRule(db, client, id);
  missing = await fetchEarningRule(db, client, 'ern_nosuchrule01').catch((e: unknown) => e);
  await sb.close();
}, 60_000);

afterAll(() => db?.close());

describe('promotion stacks offline', () => {
  it('pulled every stack and recorded the pulls', () => {
    expect(allStacks.length).toBeGreaterThan(3);
    expect(queryCachedStacks(db, target).map((s) => s.id)).toEqual(allStacks.map((s) => s.id));
    expect(listPulls(db, target, { kind: 'stacks' })[0]).toMatchObject({ status: 'done', items: allStacks.length });
    expect(listPulls(db, target, { kind: 'campaign-stacks' })).toHaveLength(CAMPAIGNS.length);
  });

  it.each([
    'order created_at',
    'order -created_at',
    'order updated_at',
    'order -updated_at',
    'order name',
    'order -name',
    'created after',
    'created between',
    'updated before',
    'created and updated',
  ])('answers like the sandbox: %s', (name) => {
    const query = stackQueries.find(([n]) => n === name)?.[1] ?? {};
    const expected = stackAnswers.get(name) ?? [];
    expect(queryCachedStacks(db, target, query).map((s) => s.id)).toEqual(expected);
  });

  it('the date ranges keep some stacks and drop others', () => {
    for (const name of ['created after', 'created between', 'updated before', 'created and updated']) {
      const n = stackAnswers.get(name)?.length ?? 0;
      expect(n).toBeGreaterThan(0);
      expect(n).toBeLessThan(allStacks.length);
    }
  });

  it.each(CAMPAIGNS)('lists the stacks of campaign %s', (id) => {
    expect(
      queryCachedStacks(db, target, { campaign: id })
        .map((s) => s.id)
        .sort(),
    ).toEqual([...(campaignAnswers.get(id) ?? [])].sort());
  });

  it('rejects a bad order or date naming the parameter', () => {
    expect(() => queryCachedStacks(db, target, { order: 'size' as never })).toThrow(/order/);
    expect(() => queryCachedStacks(db, target, { created_at: { before: 'yesterday' } })).toThrow(/created_at\.before/);
  });
});

describe('rewards and earning rules offline', () => {
  it('lists every reward in the service order, including one created just before', () => {
    expect(rewards.some((r) => r.name === 'Mug')).toBe(true);
    expect(listCachedRewards(db, target)).toEqual(rewards);
  });

  it('reads each fetched earning rule back as the service sent it', () => {
    for (const id of RULES) {
      const cached = getCachedEarningRule(db, target, id);
      expect(cached?.rule).toEqual(rules.get(id));
      expect(Date.parse(cached?.fetchedAt ?? '')).not.toBeNaN();
    }
  });

  it('a rule the service does not have is an error and is not cached', () => {
    expect(missing).toBeInstanceOf(ServiceError);
    expect((missing as ServiceError).status).toBe(404);
    expect(getCachedEarningRule(db, target, 'ern_nosuchrule01')).toBeUndefined();
  });

  it('keeps each target apart', () => {
    expect(listCachedRewards(db, 'https://api.voucherify.io')).toEqual([]);
    expect(queryCachedStacks(db, 'https://api.voucherify.io')).toEqual([]);
  });
});
