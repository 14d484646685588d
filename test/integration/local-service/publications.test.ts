import { beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../electron/local-service/server';
import { bearer, call, expectErrorObject, token } from './helpers';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a publication as the service returns it
type Pub = Record<string, any>;

let sb: RunningSandbox;
let all: Pub[];

const list = async (query: string) => call(sb, 'GET', `/v1/publications?${query}`);
const ids = (pubs: Pub[]) => pubs.map((p) => p.id).sort();
const codeOf = (p: Pub): string | null => p.voucher?.code ?? p.vouchers?.[0] ?? null;
const campaignOf = (p: Pub): string | null => p.voucher?.campaign ?? (p.vouchers ? 'Summer Sale' : null);

/** Checks that the query returns exactly the publications `keep` selects from the whole list, and some but not all. */
async function expectSubset(query: string, keep: (p: Pub) => boolean): Promise<void> {
  const answer = await list(`limit=100&${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const expected = all.filter(keep);
  expect(expected.length).toBeGreaterThan(0);
  expect(expected.length).toBeLessThan(all.length);
  expect(ids(answer.body.publications)).toEqual(ids(expected));
  expect(answer.body.total).toBe(expected.length);
}

describe('list publications', () => {
  beforeAll(async () => {
    sb = await startSandbox();
    const whole = await list('limit=100');
    all = whole.body.publications;
    return () => sb.close();
  });

  it('answers the list envelope, 10 by default, most recent first', async () => {
    const answer = await list('');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ object: 'list', data_ref: 'publications', total: all.length });
    expect(answer.body.publications).toHaveLength(10);
    const created = answer.body.publications.map((p: Pub) => p.created_at);
    expect(created).toEqual([...created].sort().reverse());
    expect(all.length).toBeGreaterThan(20);
  });

  it('seeds all three variants with the fields of spec 2.2', () => {
    const single = all.find((p) => p.voucher);
    const multiple = all.find((p) => Array.isArray(p.vouchers) && !p.voucher);
    const failure = all.find((p) => p.result === 'FAILURE');
    expect(single).toMatchObject({ object: 'publication', result: 'SUCCESS', voucher: { object: 'voucher' } });
    expect(multiple?.vouchers.length).toBeGreaterThan(1);
    expect(typeof failure?.failure_code).toBe('string');
    expect(typeof failure?.failure_message).toBe('string');
    for (const p of [single, multiple, failure]) {
      expect(p).toHaveProperty('customer.object', 'customer');
      for (const key of ['id', 'created_at', 'customer_id', 'metadata', 'channel', 'source_id', 'vouchers_id', 'result']) expect(p).toHaveProperty(key);
      for (const key of ['summary', 'loyalty', 'referrals']) expect(p?.customer).toHaveProperty(key);
    }
    expect(all.some((p) => p.voucher?.loyalty_card)).toBe(true);
    expect(all.some((p) => p.voucher?.discount)).toBe(true);
    expect(all.some((p) => p.voucher?.is_referral_code === true)).toBe(true);
  });

  it('checks limit and page, and answers page_over_limit above page 1000', async () => {
    for (const bad of ['limit=0', 'limit=101', 'limit=ten', 'page=0', 'page=-1']) {
      expectErrorObject(await list(bad), 400, 'invalid_param');
    }
    const over = await list('page=1001');
    expectErrorObject(over, 400, 'page_over_limit');
    expect(over.body.details).toContain('page');
    const last = await list('page=1000');
    expect(last.status).toBe(200);
    expect(last.body.publications).toEqual([]);
    const pages = await Promise.all([1, 2, 3].map((page) => list(`limit=12&page=${page}`)));
    const seen = pages.flatMap((p) => p.body.publications.map((x: Pub) => x.id));
    expect(new Set(seen).size).toBe(all.length);
  });

  it('orders by each of the twelve orders', async () => {
    const keys: Record<string, (p: Pub) => string | null> = {
      id: (p) => p.id,
      voucher_code: codeOf,
      tracking_id: (p) => p.tracking_id ?? null,
      customer_id: (p) => p.customer_id,
      created_at: (p) => p.created_at,
      channel: (p) => p.channel,
    };
    for (const [name, key] of Object.entries(keys)) {
      for (const order of [name, `-${name}`]) {
        const answer = await list(`limit=100&order=${order}`);
        expect(answer.status).toBe(200);
        const values = answer.body.publications.map(key).filter((v: string | null) => v !== null);
        const sorted = [...values].sort();
        expect(values, order).toEqual(order.startsWith('-') ? sorted.reverse() : sorted);
      }
    }
    expectErrorObject(await list('order=name'), 400, 'invalid_param');
  });

  it('filters by campaign, customer, voucher, result, voucher_type, is_referral_code and source_id', async () => {
    await expectSubset('campaign=Refer%20a%20Friend', (p) => campaignOf(p) === 'Refer a Friend');
    const customer = all[0]?.customer_id;
    await expectSubset(`customer=${customer}`, (p) => p.customer_id === customer);
    const multi = all.find((p) => p.vouchers && !p.voucher) as Pub;
    await expectSubset(`voucher=${encodeURIComponent(multi.vouchers[1])}`, (p) => p.id === multi.id);
    await expectSubset('result=FAILURE', (p) => p.result === 'FAILURE');
    await expectSubset('result=SUCCESS', (p) => p.result === 'SUCCESS');
    await expectSubset('voucher_type=loyalty', (p) => Boolean(p.voucher?.loyalty_card));
    await expectSubset('voucher_type=discount', (p) => Boolean(p.voucher?.discount) || Boolean(p.vouchers && !p.voucher));
    await expectSubset('is_referral_code=true', (p) => p.voucher?.is_referral_code === true);
    expect((await list('limit=100&is_referral_code=false')).body.total).toBe(all.length);
    const withSource = all.find((p) => p.source_id !== null) as Pub;
    const bySource = await list(`source_id=${withSource.source_id}`);
    expect(bySource.body.publications).toEqual([withSource]);
    expect(codeOf(bySource.body.publications[0])).toBe(codeOf(withSource));
    for (const bad of ['result=MAYBE', 'voucher_type=gift', 'is_referral_code=yes']) expectErrorObject(await list(bad), 400, 'invalid_param');
  });

  it('applies every filter operator and both junctions', async () => {
    const [a, b] = [...new Set(all.map((p) => p.customer_id))] as [string, string];
    const f = (field: string, op: string, value: string, i?: number) =>
      `filters[${field}][conditions][${op}]${i === undefined ? '' : `[${i}]`}=${encodeURIComponent(value)}`;
    await expectSubset(`${f('customer_id', '$in', a, 0)}&${f('customer_id', '$in', b, 1)}`, (p) => [a, b].includes(p.customer_id));
    await expectSubset(`${f('customer_id', '$not_in', a, 0)}&${f('customer_id', '$not_in', b, 1)}`, (p) => ![a, b].includes(p.customer_id));
    await expectSubset(f('result', '$is', 'FAILURE'), (p) => p.result === 'FAILURE');
    await expectSubset(f('result', '$is_not', 'FAILURE'), (p) => p.result !== 'FAILURE');
    await expectSubset(f('failure_code', '$has_value', ''), (p) => p.result === 'FAILURE');
    await expectSubset(f('failure_code', '$is_unknown', ''), (p) => p.result === 'SUCCESS');
    await expectSubset(f('campaign_name', '$contains', 'Sale'), (p) => p.result === 'FAILURE' || campaignOf(p) === 'Summer Sale');
    await expectSubset(f('campaign_name', '$not_contain', 'Sale'), (p) => p.result !== 'FAILURE' && campaignOf(p) !== 'Summer Sale');
    await expectSubset(f('campaign_name', '$starts_with', 'Refer'), (p) => campaignOf(p) === 'Refer a Friend');
    await expectSubset(f('campaign_name', '$ends_with', '2026'), (p) => campaignOf(p) === 'Gift Cards 2026');
    const sources = all
      .map((p) => p.source_id)
      .filter((s): s is string => s !== null)
      .sort();
    const mid = sources[Math.floor(sources.length / 2)] as string;
    await expectSubset(f('source_id', '$more_than', mid), (p) => p.source_id !== null && p.source_id > mid);
    await expectSubset(f('source_id', '$more_than_equal', mid), (p) => p.source_id !== null && p.source_id >= mid);
    await expectSubset(f('source_id', '$less_than', mid), (p) => p.source_id !== null && p.source_id < mid);
    await expectSubset(f('source_id', '$less_than_equal', mid), (p) => p.source_id !== null && p.source_id <= mid);
    await expectSubset(f('is_referral_code', '$is', 'true'), (p) => p.voucher?.is_referral_code === true);
    await expectSubset(f('voucher_type', '$is', 'loyalty'), (p) => Boolean(p.voucher?.loyalty_card));
    await expectSubset(f('parent_object_id', '$is', 'camp_referfriend1'), (p) => campaignOf(p) === 'Refer a Friend');
    const related = all.find((p) => p.vouchers_id.length > 0) as Pub;
    await expectSubset(f('related_object_id', '$is', related.vouchers_id[0]), (p) => p.id === related.id);
    const either = `${f('result', '$is', 'FAILURE')}&${f('voucher_type', '$is', 'loyalty')}`;
    await expectSubset(`${either}&filters[junction]=or`, (p) => p.result === 'FAILURE' || Boolean(p.voucher?.loyalty_card));
    expect((await list(`${either}&filters[junction]=and`)).body.total).toBe(0);
    await expectSubset(
      `${f('result', '$is', 'SUCCESS')}&${f('customer_id', '$is', a)}&filters[junction]=and`,
      (p) => p.result === 'SUCCESS' && p.customer_id === a,
    );
  });

  it('refuses unknown filter fields, operators and junctions, and single-value operators given two values', async () => {
    expectErrorObject(await list('filters[colour][conditions][$is]=red'), 400, 'invalid_param');
    expectErrorObject(await list('filters[result][conditions][$like]=S'), 400, 'invalid_param');
    expectErrorObject(await list('filters[junction]=xor'), 400, 'invalid_param');
    expectErrorObject(await list('filters[result][conditions][$is][0]=A&filters[result][conditions][$is][1]=B'), 400, 'invalid_param');
  });

  it('accepts the scopes publications and api, and refuses others', async () => {
    for (const scope of ['publications', 'api']) {
      const t = await token(sb, scope);
      expect((await call(sb, 'GET', '/v1/publications', { headers: bearer(t.body.access_token) })).status).toBe(200);
    }
    const t = await token(sb, 'vouchers campaigns');
    expectErrorObject(await call(sb, 'GET', '/v1/publications', { headers: bearer(t.body.access_token) }), 403, 'forbidden');
  });
});
