import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidRequestError, ServiceError, publicationPages, scopesFor, stackPages, type VoucherClient } from '../../../shared/api';
import type { VoucherDraft } from '../../../shared/domain/voucher';
import { SEED_EARNING_RULE_IDS } from '../../../electron/local-service/server';
import { startHarness, waitForJob, type Harness } from './sandbox-harness';

let h: Harness;
let keys: VoucherClient;
let oauth: VoucherClient;

beforeAll(async () => {
  h = await startHarness();
  keys = h.client();
  oauth = h.client({
    auth: {
      type: 'oauth',
      ...h.sandbox.credentials,
      scopes: scopesFor([
        'listPublications',
        'getEarningRule',
        'importVouchers',
        'importVouchersCsv',
        'addVoucherToCampaign',
        'listStacks',
        'createReward',
        'deleteVoucher',
        'getAsyncAction',
        'listAsyncActions',
        'getVoucher',
        'listRewards',
      ]),
    },
  });
});
afterAll(() => h.sandbox.close());

const drafts = (prefix: string): VoucherDraft[] => [
  { code: `${prefix}-GIFT`, type: 'GIFT_VOUCHER', gift: { amount: 5000 }, metadata: { batch: prefix } },
  { code: `${prefix}-PCT`, type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 15, effect: 'APPLY_TO_ORDER' } },
];

describe.each([
  ['key pair', () => keys],
  ['OAuth token', () => oauth],
])('every operation over real HTTP with %s', (mode, client) => {
  const tag = mode === 'key pair' ? 'K' : 'O';

  it('lists publications with a query and filters, tolerating the seeded variants', async () => {
    const all = await client().listPublications({ limit: 100 });
    expect(all.data_ref).toBe('publications');
    expect(all.total).toBeGreaterThan(0);
    expect(all.items.length).toBe(Math.min(100, all.total));
    const failures = await client().listPublications({
      limit: 100,
      filters: { result: { conditions: { $in: ['FAILURE'] } } },
    });
    expect(failures.items.length).toBeGreaterThan(0);
    expect(failures.items.every((p) => p.result === 'FAILURE')).toBe(true);
    expect(failures.total).toBeLessThan(all.total);
  });

  it('walks every page of publications and of stacks', async () => {
    const ids: string[] = [];
    for await (const page of publicationPages(client())) ids.push(...page.items.map((p) => p.id));
    const first = await client().listPublications({ limit: 1 });
    expect(ids).toHaveLength(first.total);
    expect(new Set(ids).size).toBe(ids.length);
    const stacks: string[] = [];
    for await (const page of stackPages(client(), { created_at: { after: '2025-01-01' } })) stacks.push(...page.items.map((s) => s.id));
    expect(stacks.length).toBe((await client().listStacks({ limit: 1 })).total);
  });

  it('gets an earning rule (v2)', async () => {
    const rule = await client().getEarningRule(SEED_EARNING_RULE_IDS.points);
    expect(rule).toMatchObject({ id: SEED_EARNING_RULE_IDS.points, object: 'earning_rule', status: 'ACTIVE' });
  });

  it('imports JSON, looks the async action, gets, lists and deletes vouchers', async () => {
    const ref = await client().importVouchers(drafts(`JS${tag}`));
    expect(ref.async_action_id).toMatch(/^aa_/);
    const action = await waitForJob(client(), ref.async_action_id);
    expect(action).toMatchObject({ status: 'DONE', type: 'VOUCHERS.IMPORT' });
    expect(action.result?.done_count).toBe(2);
    const gift = await client().getVoucher(`JS${tag}-GIFT`);
    expect(gift).toMatchObject({ code: `JS${tag}-GIFT`, type: 'GIFT_VOUCHER', metadata: { batch: `JS${tag}` } });
    const recent = await client().listAsyncActions({ limit: 10 });
    expect(recent.items.map((a) => a.id)).toContain(ref.async_action_id);
    await client().deleteVoucher(`JS${tag}-GIFT`, { force: true });
    await client().deleteVoucher(`JS${tag}-PCT`);
    const gone = await client()
      .getVoucher(`JS${tag}-GIFT`)
      .catch((e: unknown) => e);
    expect(gone).toBeInstanceOf(ServiceError);
    expect(gone).toMatchObject({ status: 404, key: 'not_found', resource_type: 'voucher', resource_id: `JS${tag}-GIFT` });
  });

  it('imports a pre-serialized JSON body byte for byte', async () => {
    const body = JSON.stringify(drafts(`SER${tag}`));
    const ref = await client().importVouchers({ serialized: body });
    expect((await waitForJob(client(), ref.async_action_id)).result?.done_count).toBe(2);
    expect((await client().getVoucher(`SER${tag}-PCT`)).code).toBe(`SER${tag}-PCT`);
  });

  it('imports CSV as multipart with webhooks_enable', async () => {
    const csv = `Code,Voucher Type,Value,Discount Type\nCSV${tag}-1,DISCOUNT_VOUCHER,10,PERCENT\nCSV${tag}-2,GIFT_VOUCHER,2500,\n`;
    const ref = await client().importVouchersCsv(csv, { webhooksEnable: true });
    const action = await waitForJob(client(), ref.async_action_id);
    expect(action).toMatchObject({ status: 'DONE', type: 'VOUCHERS.IMPORT_CSV' });
    expect(h.sandbox.stats().csvImports).toContainEqual({ asyncActionId: ref.async_action_id, webhooksEnable: true });
    expect((await client().getVoucher(`CSV${tag}-2`)).type).toBe('GIFT_VOUCHER');
  });

  it('adds a voucher with a code to a campaign; the same code again is a 409', async () => {
    const voucher = await client().addVoucherToCampaign('camp_summersale01', `ADD${tag}/1`, {
      metadata: { source: 'test' },
      redemption: { quantity: 3 },
    });
    expect(voucher).toMatchObject({ code: `ADD${tag}/1`, campaign_id: 'camp_summersale01', metadata: { source: 'test' } });
    const again = await client()
      .addVoucherToCampaign('camp_summersale01', `ADD${tag}/1`)
      .catch((e: unknown) => e);
    expect(again).toMatchObject({ status: 409 });
  });

  it('lists stacks across campaigns and within one campaign', async () => {
    const all = await client().listStacks({ limit: 100, order: 'name' });
    expect(all.items.length).toBe(all.total);
    const names = all.items.map((s) => s.name ?? '');
    expect(names).toEqual([...names].sort());
    const summer = await client().listCampaignStacks('camp_summersale01');
    expect(summer.items.length).toBeGreaterThan(0);
    expect(summer.items.every((s) => s.campaign_id === 'camp_summersale01')).toBe(true);
  });

  it('creates CAMPAIGN, COIN and MATERIAL rewards and lists them', async () => {
    const made = [
      await client().createReward({ type: 'CAMPAIGN', name: `Gift credit ${tag}`, campaign: { id: 'camp_giftcards26', balance: 1000 } }),
      await client().createReward({ type: 'COIN', name: `Coins ${tag}`, exchange_ratio: 0.5, points_ratio: 10 }),
      await client().createReward({ type: 'MATERIAL', name: `Mug ${tag}`, product: { id: 'prod_mug', sku_id: 'sku_mug_red' }, stock: 4 }),
    ];
    expect(made.map((r) => r.type)).toEqual(['CAMPAIGN', 'COIN', 'MATERIAL']);
    const listed = await client().listRewards({ limit: 100 });
    expect(listed.items.map((r) => r.id)).toEqual(expect.arrayContaining(made.map((r) => r.id)));
  });
});

describe('requests the service would refuse are stopped before sending', () => {
  it('never sends a page above 1000 or a limit above 100', async () => {
    const before = h.sandbox.stats().requests;
    await expect(keys.listPublications({ page: 1001 })).rejects.toThrow(InvalidRequestError);
    await expect(keys.listStacks({ limit: 101 })).rejects.toThrow(/limit/);
    expect(h.sandbox.stats().requests).toBe(before);
  });

  it('mints one token for the declared scopes and exposes its expiry', async () => {
    expect(oauth.tokenStatus()?.minted).toBe(1);
    expect(oauth.tokenStatus()?.expiresAt).toBeGreaterThan(h.clock.now());
  });
});
