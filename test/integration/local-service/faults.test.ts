import { describe, expect, it } from 'vitest';
import { call, expectErrorObject, raw, sandbox } from './helpers';

const gift = (code: string) => [{ code, type: 'GIFT_VOUCHER', gift: { amount: 100 } }];

describe('fault injection', () => {
  it('fails the next N requests with the given status, without carrying them out', async () => {
    const sb = await sandbox({ faults: { failNext: { count: 2, status: 503 } } });
    const first = await call(sb, 'POST', '/v1/campaigns/camp_summersale01/vouchers/F-1');
    expectErrorObject(first, 503);
    expectErrorObject(await call(sb, 'GET', '/v1/vouchers/SUMMER-001'), 503);
    expectErrorObject(await call(sb, 'GET', '/v1/vouchers/F-1'), 404, 'not_found');
    sb.setFaults({ failNext: { count: 1, status: 500 } });
    expectErrorObject(await call(sb, 'GET', '/v1/vouchers/SUMMER-001'), 500);
    expect((await call(sb, 'GET', '/v1/vouchers/SUMMER-001')).status).toBe(200);
  });

  it('fails about the configured share of requests with 500 or 503', async () => {
    const sb = await sandbox({ faults: { failRate: 0.5 } });
    const statuses = [];
    for (let i = 0; i < 80; i += 1) statuses.push((await call(sb, 'GET', '/v1/vouchers/SUMMER-001')).status);
    const failed = statuses.filter((s) => s === 500 || s === 503).length;
    expect(statuses.every((s) => [200, 500, 503].includes(s))).toBe(true);
    expect(failed).toBeGreaterThan(15);
    expect(failed).toBeLessThan(65);
    sb.setFaults({ failRate: 1 });
    expect([500, 503]).toContain((await call(sb, 'GET', '/v1/vouchers/SUMMER-001')).status);
  });

  it('carries out the next N writes, then drops the connection without an answer; reads are not dropped', async () => {
    const sb = await sandbox({ faults: { dropNextWrites: 1 } });
    expect((await call(sb, 'GET', '/v1/vouchers/SUMMER-001')).status).toBe(200);
    expect(await raw(sb, 'POST', '/v1/campaigns/camp_summersale01/vouchers/DROP-1', { json: {} })).toEqual({ kind: 'dropped' });
    expect((await call(sb, 'GET', '/v1/vouchers/DROP-1')).status).toBe(200);
    expect(await raw(sb, 'POST', '/v1/campaigns/camp_summersale01/vouchers/DROP-2', { json: {} })).toMatchObject({ kind: 'answer', status: 200 });
  });

  it('drops a share of writes with dropRate, and an import still runs after its answer was dropped', async () => {
    const sb = await sandbox({ faults: { dropRate: 1 } });
    expect(await raw(sb, 'POST', '/v1/vouchers/import', { json: gift('LOST-ANSWER') })).toEqual({ kind: 'dropped' });
    sb.setFaults({});
    const deadline = Date.now() + 10_000;
    let status = 404;
    while (status !== 200 && Date.now() < deadline) status = (await call(sb, 'GET', '/v1/vouchers/LOST-ANSWER')).status;
    expect(status).toBe(200);
  });

  it('adds latency', async () => {
    const sb = await sandbox({ faults: { latencyMs: 300 } });
    const started = performance.now();
    expect((await call(sb, 'GET', '/v1/vouchers/SUMMER-001')).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('takes settings at run time through POST /__sandbox/faults and refuses bad settings', async () => {
    const sb = await sandbox();
    const set = await fetch(`${sb.urls[sb.hostCluster]}/__sandbox/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ failNext: { count: 1, status: 500 } }),
    });
    expect(set.status).toBe(200);
    expectErrorObject(await call(sb, 'GET', '/v1/vouchers/SUMMER-001'), 500);
    expect((await call(sb, 'GET', '/v1/vouchers/SUMMER-001')).status).toBe(200);
    for (const bad of [{ failRate: 2 }, { failNext: { count: 1, status: 404 } }, { latencyMs: -1 }, [1]]) {
      const refused = await fetch(`${sb.urls[sb.hostCluster]}/__sandbox/faults`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(bad),
      });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { key: string }).key).toBe('invalid_payload');
    }
    const wrongOp = await fetch(`${sb.urls[sb.hostCluster]}/__sandbox/nothing`, { method: 'POST' });
    expect(wrongOp.status).toBe(404);
    const stats = await fetch(`${sb.urls['as1.api']}/__sandbox/stats`);
    expect(stats.status).toBe(200);
    expect(await stats.json()).toMatchObject({ requests: 2, tokensMinted: 0, vouchers: sb.stats().vouchers });
  });
});
