import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createManualClock, startSandbox, type PublicationDoc, type RunningSandbox } from '../../../electron/local-service/server';
import { admin, bearer, call, expectErrorObject, projectHeaders, sandbox, token, waitForJob } from './helpers';

const SHOP = { name: 'shop', appId: 'app-shop', appToken: 'token-shop' };
const TWO = [SHOP, { name: 'outlet', appId: 'app-outlet', appToken: 'token-outlet' }];

const gift = (code: string) => [{ code, type: 'GIFT_VOUCHER', gift: { amount: 100 } }];

/** A call with the named project's key pair. */
function as(sb: RunningSandbox, project: string, method: string, path: string, json?: unknown) {
  return call(sb, method, path, { headers: projectHeaders(sb, project), json });
}

describe('several projects on one address', () => {
  it('keeps vouchers, jobs, campaigns and rewards per project: a key sees only its own', async () => {
    const sb = await sandbox({ projects: TWO });
    expect(sb.projects).toEqual([
      { name: 'shop', kind: 'production', credentials: { appId: 'app-shop', appToken: 'token-shop' } },
      { name: 'outlet', kind: 'production', credentials: { appId: 'app-outlet', appToken: 'token-outlet' } },
    ]);
    expect(sb.credentials).toEqual({ appId: 'app-shop', appToken: 'token-shop' });

    const imported = await as(sb, 'shop', 'POST', '/v1/vouchers/import', gift('ONLY-SHOP'));
    expect(imported.status).toBe(202);
    const job = imported.body.async_action_id as string;
    expect((await waitForJob(sb, job, 20_000, projectHeaders(sb, 'shop'))).status).toBe('DONE');
    expect((await as(sb, 'shop', 'GET', '/v1/vouchers/ONLY-SHOP')).status).toBe(200);
    expectErrorObject(await as(sb, 'outlet', 'GET', '/v1/vouchers/ONLY-SHOP'), 404, 'not_found');
    expectErrorObject(await as(sb, 'outlet', 'GET', `/v1/async-actions/${job}`), 404, 'not_found');
    const jobsOf = async (p: string) => (await as(sb, p, 'GET', '/v1/async-actions?limit=100')).body.async_actions.map((a: { id: string }) => a.id);
    expect(await jobsOf('shop')).toContain(job);
    expect(await jobsOf('outlet')).not.toContain(job);

    // The same code may live in both projects, each its own voucher.
    expect((await as(sb, 'outlet', 'POST', '/v1/campaigns/camp_summersale01/vouchers/ONLY-SHOP', {})).status).toBe(200);
    expect((await as(sb, 'outlet', 'DELETE', '/v1/vouchers/ONLY-SHOP')).status).toBe(204);
    expect((await as(sb, 'shop', 'GET', '/v1/vouchers/ONLY-SHOP')).status).toBe(200);

    const rewardsOf = async (p: string) => (await as(sb, p, 'GET', '/v1/rewards?limit=100')).body.data.map((r: { id: string }) => r.id);
    const shopRewards = await rewardsOf('shop');
    const made = await as(sb, 'outlet', 'POST', '/v1/rewards', { name: 'Outlet tote', type: 'MATERIAL', parameters: { product: { id: 'prod_tote' } } });
    expect(made.status).toBe(200);
    expect(await rewardsOf('outlet')).toContain(made.body.id);
    expect(await rewardsOf('shop')).toEqual(shopRewards);

    // A token selects the project of the key that minted it.
    const outletToken = await token(sb, 'vouchers', projectHeaders(sb, 'outlet'));
    expect(outletToken.status).toBe(200);
    expectErrorObject(await call(sb, 'GET', '/v1/vouchers/ONLY-SHOP', { headers: bearer(outletToken.body.access_token) }), 404, 'not_found');
    expect((await call(sb, 'GET', '/v1/vouchers/OUTLET-SUMMER-001', { headers: bearer(outletToken.body.access_token) })).status).toBe(200);
    expect(sb.stats('outlet').tokensMinted).toBe(1);
    expect(sb.stats().tokensMinted).toBe(0);
    expect(sb.stats('shop').csvImports).toEqual([]);
    expect(() => sb.stats('nope')).toThrow(/project "nope" is not one of this sandbox's projects \(shop, outlet\)/);
  });

  it('seeds each project with its own publications, customers and codes; the first keeps the familiar seed', async () => {
    const sb = await sandbox({ projects: TWO });
    const shop = sb.publicationDocs('shop');
    const outlet = sb.publicationDocs('outlet');
    expect(shop).toHaveLength(30);
    expect(outlet).toHaveLength(30);
    expect(sb.publicationDocs()).toBe(shop);
    expect(shop[0]?.item.id).toBe('pub_seed001');
    expect(outlet[0]?.item.id).toBe('pub_outlet_seed001');
    expectDisjoint(shop, outlet);
    expect((await as(sb, 'shop', 'GET', '/v1/vouchers/SUMMER-001')).status).toBe(200);
    expectErrorObject(await as(sb, 'outlet', 'GET', '/v1/vouchers/SUMMER-001'), 404, 'not_found');
    const listed = await as(sb, 'outlet', 'GET', '/v1/publications?limit=100');
    expect(listed.body.publications.map((p: { id: string }) => p.id).sort()).toEqual(outlet.map((d) => d.item.id).sort());

    const end = Date.UTC(2026, 5, 1, 12);
    const seeded = await sandbox({ projects: TWO, seedPublications: 2_000, clock: createManualClock(end) });
    const [a, b] = [seeded.publicationDocs('shop'), seeded.publicationDocs('outlet')];
    expect(a).toHaveLength(2_000);
    expect(b).toHaveLength(2_000);
    expectDisjoint(a, b);
    // The first project's history is the one a sandbox with one project seeds.
    const single = await sandbox({ seedPublications: 2_000, clock: createManualClock(end) });
    expect(single.publicationDocs().map((d) => d.item.id)).toEqual(a.map((d) => d.item.id));
  });

  it('gives the sandbox project 100 calls an hour, then 429 until the hour turns, without touching production', async () => {
    const clock = createManualClock(Date.UTC(2026, 0, 1, 10, 30, 0));
    const sb = await sandbox({
      clock,
      rateLimit: { perMinute: 1_000 },
      projects: [SHOP, { name: 'trial', appId: 'app-trial', appToken: 'token-trial', sandboxProject: true }],
    });
    expect(sb.projects.map((p) => [p.name, p.kind])).toEqual([
      ['shop', 'production'],
      ['trial', 'sandbox-project'],
    ]);
    const remaining: string[] = [];
    for (let i = 0; i < 100; i += 1) {
      const answer = await as(sb, 'trial', 'GET', '/v1/vouchers/TRIAL-SUMMER-001');
      expect(answer.status).toBe(200);
      expect(answer.headers.get('x-rate-limit-limit')).toBe('100');
      remaining.push(answer.headers.get('x-rate-limit-remaining') ?? '');
    }
    expect(remaining[0]).toBe('99');
    expect(remaining[99]).toBe('0');
    const limited = await as(sb, 'trial', 'GET', '/v1/vouchers/TRIAL-SUMMER-001');
    expectErrorObject(limited, 429);
    expect(limited.headers.get('retry-after')).toBe('1800');
    expect(limited.headers.get('x-rate-limit-type')).toBe('api_calls');
    expect(limited.headers.get('x-rate-limit-remaining')).toBe('0');
    expect(limited.headers.get('x-rate-limit-retry')).toBe(String(Date.UTC(2026, 0, 1, 11) / 1000));

    const production = await as(sb, 'shop', 'GET', '/v1/vouchers/SUMMER-001');
    expect(production.status).toBe(200);
    expect(production.headers.get('x-rate-limit-limit')).toBe('1000');
    expect(production.headers.get('x-rate-limit-remaining')).toBe('999');

    clock.advance(29 * 60_000);
    expectErrorObject(await as(sb, 'trial', 'GET', '/v1/vouchers/TRIAL-SUMMER-001'), 429);
    clock.advance(60_000);
    const again = await as(sb, 'trial', 'GET', '/v1/vouchers/TRIAL-SUMMER-001');
    expect(again.status).toBe(200);
    expect(again.headers.get('x-rate-limit-remaining')).toBe('99');
  });

  it('logs the project each request signed for, and admin routes take ?project=', async () => {
    const sb = await sandbox({ projects: TWO });
    await as(sb, 'shop', 'GET', '/v1/vouchers/SUMMER-001');
    await as(sb, 'outlet', 'POST', '/v1/campaigns/camp_summersale01/vouchers/OUT-1', {});
    await call(sb, 'GET', '/v1/vouchers/SUMMER-001', { headers: { 'X-App-Id': 'app-outlet', 'X-App-Token': 'wrong' } });
    await call(sb, 'GET', '/v1/vouchers/SUMMER-001', { headers: {} });
    expect(sb.requestLog().map((r) => [r.method, r.appId, r.project, r.status])).toEqual([
      ['GET', 'app-shop', 'shop', 200],
      ['POST', 'app-outlet', 'outlet', 200],
      ['GET', 'app-outlet', undefined, 401],
      ['GET', null, undefined, 401],
    ]);
    const writesByShop = sb.requestLog().filter((r) => r.project === 'shop' && r.method !== 'GET');
    expect(writesByShop).toEqual([]);

    const outletLog = await admin(sb, 'GET', 'requests?project=outlet');
    expect(outletLog.body.requests.map((r: { path: string }) => r.path)).toEqual(['/v1/campaigns/camp_summersale01/vouchers/OUT-1']);
    const outletStats = await admin(sb, 'GET', 'stats?project=outlet');
    expect(outletStats.body.vouchers).toBe(sb.stats('outlet').vouchers);
    expect(outletStats.body.vouchers).toBe(sb.stats('shop').vouchers + 1);
    expect((await admin(sb, 'GET', 'stats')).body.vouchers).toBe(sb.stats('shop').vouchers);
    const unknown = await admin(sb, 'GET', 'stats?project=nope');
    expectErrorObject(unknown, 400, 'invalid_payload');
    expect(unknown.body.details).toContain('(shop, outlet)');

    // A key is found in its own project: blocking the outlet's key leaves the shop's working.
    expect((await admin(sb, 'POST', 'keys/block', { appId: 'app-outlet' })).status).toBe(200);
    expectErrorObject(await as(sb, 'outlet', 'GET', '/v1/vouchers/OUT-1'), 401);
    expect((await as(sb, 'shop', 'GET', '/v1/vouchers/SUMMER-001')).status).toBe(200);
    const added = sb.addKey('outlet');
    expect((await call(sb, 'GET', '/v1/vouchers/OUT-1', { headers: { 'X-App-Id': added.appId, 'X-App-Token': added.appToken } })).status).toBe(200);
  });

  it('keeps each project of a --data file in its own file across a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vd-projects-'));
    const dataFile = join(dir, 'sandbox.sqlite');
    try {
      const first = await startSandbox({ projects: TWO, dataFile });
      expect((await as(first, 'outlet', 'POST', '/v1/campaigns/camp_summersale01/vouchers/KEPT-1', {})).status).toBe(200);
      await first.close();
      const again = await startSandbox({ projects: TWO, dataFile });
      expect((await as(again, 'outlet', 'GET', '/v1/vouchers/KEPT-1')).status).toBe(200);
      expectErrorObject(await as(again, 'shop', 'GET', '/v1/vouchers/KEPT-1'), 404, 'not_found');
      expect(again.publicationDocs('outlet')[0]?.item.id).toBe('pub_outlet_seed001');
      await again.close();
      // The outlet's file is a whole project's data: opened alone, it is that project.
      const alone = await startSandbox({ dataFile: `${dataFile}.outlet`, appId: 'x', appToken: 'y' });
      expect((await call(alone, 'GET', '/v1/vouchers/KEPT-1')).status).toBe(200);
      await alone.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a project list it cannot serve, saying what is allowed', async () => {
    const cases: [Parameters<typeof startSandbox>[0], RegExp][] = [
      [{ projects: [] }, /at least one project/],
      [{ projects: [{ name: 'a b' }] }, /project name "a b" is not allowed: use 1 to 40 letters, digits, "-" or "_"/],
      [{ projects: [{ name: 'Shop' }, { name: 'shop' }] }, /project name "shop" is given twice/],
      [
        {
          projects: [
            { name: 'a', appId: 'same' },
            { name: 'b', appId: 'same' },
          ],
        },
        /project "b": app id "same" is already the key of project "a"/,
      ],
      [
        {
          projects: [
            { name: 'a', sandboxProject: true },
            { name: 'b', sandboxProject: true },
          ],
        },
        /only one project may be the sandbox project/,
      ],
      [{ appId: 'x', projects: [{ name: 'a' }] }, /appId\/appToken make the one project/],
    ];
    for (const [options, message] of cases) await expect(startSandbox(options)).rejects.toThrow(message);
  });
});

type Docs = readonly PublicationDoc[];

/** No publication id, code or customer of `a` is in `b`. */
function expectDisjoint(a: Docs, b: Docs): void {
  const ids = (docs: Docs) => new Set(docs.map((d) => d.item.id));
  const codes = (docs: Docs) => new Set(docs.flatMap((d) => d.facts.codes));
  const customers = (docs: Docs) => new Set(docs.map((d) => d.facts.customer_id));
  for (const pick of [ids, codes, customers]) {
    const left = pick(a);
    expect(left.size).toBeGreaterThan(0);
    expect([...pick(b)].filter((x) => left.has(x))).toEqual([]);
  }
}
