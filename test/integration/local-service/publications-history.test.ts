import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocStore } from '../../../electron/local-service/docs';
import { seedHistory } from '../../../electron/local-service/seed-history';
import { createManualClock, startSandbox, type PublicationDoc, type RunningSandbox } from '../../../electron/local-service/server';
import { loadSqlJs } from '../../../electron/store/sqljs';
import { makeTempDir } from '../cache/temp';
import { call } from './helpers';

const COUNT = 6_000;
const END = Date.UTC(2026, 10, 20, 15, 30);
const DAY = 86_400_000;

let sb: RunningSandbox;
let docs: readonly PublicationDoc[];
let dataFile: string;

beforeAll(async () => {
  dataFile = join(makeTempDir(), 'history.sqlite');
  sb = await startSandbox({ seedPublications: COUNT, dataFile, clock: createManualClock(END) });
  docs = sb.publicationDocs();
});
afterAll(() => sb.close());

const countBy = <T>(items: readonly T[], key: (t: T) => string): Map<string, number> => {
  const out = new Map<string, number>();
  for (const t of items) out.set(key(t), (out.get(key(t)) ?? 0) + 1);
  return out;
};
const total = async (query: string): Promise<number> => {
  const answer = await call(sb, 'GET', `/v1/publications?limit=1&${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.total as number;
};

/** The documents of a kind in the stopped-or-running sandbox's data file, as the sandbox stored them. */
async function storedDocs<T>(kind: 'customer' | 'campaign'): Promise<T[]> {
  const SQL = await loadSqlJs();
  const db = new SQL.Database(readFileSync(dataFile));
  try {
    return new DocStore(db).all<T>(kind);
  } finally {
    db.close();
  }
}

describe('seeded publication history', () => {
  it('lists exactly the seeded documents, and its counts by result, campaign, failure code, type and referral match the filters', async () => {
    expect(docs).toHaveLength(COUNT);
    expect(await total('')).toBe(COUNT);
    for (const [result, n] of countBy(docs, (d) => d.facts.result)) expect(await total(`result=${result}`)).toBe(n);
    const campaigns = countBy(docs, (d) => d.facts.campaign_name ?? '');
    expect(campaigns.size).toBe(8);
    for (const [name, n] of campaigns) expect(await total(`campaign=${encodeURIComponent(name)}`)).toBe(n);
    const failures = countBy(
      docs.filter((d) => d.facts.failure_code !== null),
      (d) => d.facts.failure_code ?? '',
    );
    expect(failures.size).toBeGreaterThanOrEqual(4);
    for (const [code, n] of failures) expect(await total(`filters[failure_code][conditions][$is]=${code}`)).toBe(n);
    for (const type of ['discount', 'loyalty', 'gift']) {
      const n = docs.filter((d) => d.facts.voucher_type === type).length;
      expect(n).toBeGreaterThan(0);
      expect(await total(`filters[voucher_type][conditions][$is]=${type}`)).toBe(n);
    }
    const referral = docs.filter((d) => d.facts.is_referral_code).length;
    expect(referral).toBeGreaterThan(0);
    expect(await total('is_referral_code=true')).toBe(referral);
  });

  it('spreads over five channels, one of them custom, as a walk of the whole list by channel shows', async () => {
    const byChannel = countBy(docs, (d) => d.item.channel);
    expect([...byChannel.keys()].sort()).toEqual(['API', 'Email', 'In-store Kiosk', 'SMS', 'Voucherify Dashboard']);
    const listed: string[] = [];
    for (let page = 1; listed.length < COUNT; page += 1) {
      const answer = await call(sb, 'GET', `/v1/publications?order=channel&limit=100&page=${page}`);
      listed.push(...answer.body.publications.map((p: PublicationDoc['item']) => p.channel));
    }
    expect(countBy(listed, (c) => c)).toEqual(byChannel);
  });

  it('gives every item the fields of spec 2.2 in its variant, and facts that agree with the item and the stored campaigns', async () => {
    const campaigns = new Map((await storedDocs<{ id: string; name: string; campaign_type: string }>('campaign')).map((c) => [c.id, c]));
    const customers = new Set((await storedDocs<{ id: string }>('customer')).map((c) => c.id));
    expect(customers.size).toBeGreaterThanOrEqual(300);
    expect([...campaigns.values()].some((c) => c.campaign_type === 'REFERRAL_PROGRAM')).toBe(true);
    const variants = countBy(docs, (d) => (d.item.result === 'FAILURE' ? 'failure' : d.item.vouchers ? 'multiple' : 'single'));
    expect([...variants.keys()].sort()).toEqual(['failure', 'multiple', 'single']);
    for (const { item, facts } of docs) {
      expect(item).toMatchObject({ object: 'publication', id: expect.stringMatching(/^pub_/), customer_id: expect.stringMatching(/^cust_/) });
      expect(new Date(item.created_at).toISOString()).toBe(item.created_at);
      expect(typeof item.metadata).toBe('object');
      expect(Array.isArray(item.vouchers_id)).toBe(true);
      expect(item.source_id === null || typeof item.source_id === 'string').toBe(true);
      const customer = item.customer as Record<string, unknown>;
      expect(customer).toMatchObject({ id: item.customer_id, object: 'customer' });
      for (const key of ['summary', 'loyalty', 'referrals', 'assets', 'created_at']) expect(customer).toHaveProperty(key);
      expect(customers.has(item.customer_id)).toBe(true);
      expect(facts.tracking_id).toBe(item.tracking_id ?? null);
      if (item.tracking_id !== undefined) expect(item.tracking_id).toBe(customer.source_id);
      const campaign = campaigns.get(facts.parent_object_id ?? '');
      expect(campaign?.name).toBe(facts.campaign_name);
      expect(facts.related_object_id).toBe((item.vouchers_id as string[])[0] ?? null);
      if (item.result === 'FAILURE') {
        expect(typeof item.failure_code).toBe('string');
        expect(item.failure_message).toEqual(expect.stringContaining(campaign?.name ?? '?'));
        expect(facts).toMatchObject({ failure_code: item.failure_code, voucher_type: null, is_referral_code: false, codes: [] });
      } else if (item.vouchers) {
        expect((item.vouchers as string[]).length).toBeGreaterThan(1);
        expect(facts.codes).toEqual(item.vouchers);
      } else {
        const voucher = item.voucher as Record<string, unknown>;
        expect(voucher).toMatchObject({ object: 'voucher', code: facts.voucher_code, campaign: facts.campaign_name, is_referral_code: facts.is_referral_code });
        const type = voucher.loyalty_card ? 'loyalty' : voucher.gift ? 'gift' : 'discount';
        expect(facts.voucher_type).toBe(type);
        expect(facts.is_referral_code).toBe(campaign?.campaign_type === 'REFERRAL_PROGRAM');
      }
    }
    const sources = docs.map((d) => d.facts.source_id).filter((s) => s !== null);
    expect(sources.length).toBeGreaterThan(COUNT / 10);
    expect(new Set(sources).size).toBe(sources.length);
    expect(docs.some((d) => d.facts.tracking_id === null)).toBe(true);
  });

  it('covers two years up to the sandbox clock, growing, busier on weekdays', () => {
    const times = docs.map((d) => Date.parse(d.item.created_at));
    expect(Math.max(...times)).toBeLessThanOrEqual(END);
    expect(Math.max(...times)).toBeGreaterThan(END - DAY);
    expect(Math.min(...times)).toBeGreaterThanOrEqual(END - 730 * DAY);
    const months = countBy(times, (t) => new Date(t).toISOString().slice(0, 7));
    expect(months.size).toBeGreaterThanOrEqual(24);
    const firstHalfYear = times.filter((t) => t < END - 548 * DAY).length;
    const lastHalfYear = times.filter((t) => t >= END - 182 * DAY).length;
    expect(lastHalfYear).toBeGreaterThan(2 * firstHalfYear);
    const byWeekday = countBy(times, (t) => String(new Date(t).getUTCDay()));
    expect(Math.min(byWeekday.get('2') ?? 0, byWeekday.get('5') ?? 0)).toBeGreaterThan(1.4 * Math.max(byWeekday.get('0') ?? 0, byWeekday.get('6') ?? 0));
  });

  it('is the same history for the same count and end, and the same after a restart on its data file', async () => {
    const again = seedHistory(COUNT, END);
    expect(JSON.stringify(again.publications)).toBe(JSON.stringify(docs));
    const page = await call(sb, 'GET', '/v1/publications?order=-customer_id&limit=100&page=7');
    await sb.close();
    sb = await startSandbox({ dataFile });
    expect(JSON.stringify(sb.publicationDocs())).toBe(JSON.stringify(docs));
    expect((await call(sb, 'GET', '/v1/publications?order=-customer_id&limit=100&page=7')).body).toEqual(page.body);
  });

  it('refuses a history size out of range, and a data file whose history another generator made', async () => {
    for (const bad of [-1, 2.5, 1_000_001])
      await expect(startSandbox({ seedPublications: bad })).rejects.toThrow(/seedPublications must be a whole number from 0 to 1,000,000/);
    await sb.close();
    const SQL = await loadSqlJs();
    const db = new SQL.Database(readFileSync(dataFile));
    const spec = JSON.parse(String(db.exec("SELECT value FROM meta WHERE key = 'publication_history'")[0]?.values[0]?.[0])) as { generator: number };
    db.run("UPDATE meta SET value = ? WHERE key = 'publication_history'", [JSON.stringify({ ...spec, generator: spec.generator + 1 })]);
    writeFileSync(dataFile, db.export());
    db.close();
    await expect(startSandbox({ dataFile })).rejects.toThrow(/seeded by generator \d+ .*start on a new data file/);
    sb = await startSandbox({ seedPublications: 0 });
    expect(sb.publicationDocs()).toHaveLength(0);
    expect((await call(sb, 'GET', '/v1/publications')).body.total).toBe(0);
  });
});
