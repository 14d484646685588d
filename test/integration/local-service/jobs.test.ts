import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../../electron/local-service/server';
import { call, expectErrorObject, sandbox, waitForJob } from './helpers';

const codes = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => ({ code: `${prefix}-${i}`, type: 'GIFT_VOUCHER', gift: { amount: 100 } }));

describe('async jobs', () => {
  it('runs long jobs in portions round-robin, so a small job scheduled after two large ones finishes first', async () => {
    const sb = await sandbox({ jobPortionSize: 500 });
    const a = await call(sb, 'POST', '/v1/vouchers/import', { json: codes('A', 50_000) });
    const b = await call(sb, 'POST', '/v1/vouchers/import', { json: codes('B', 50_000) });
    const c = await call(sb, 'POST', '/v1/vouchers/import', { json: codes('C', 10) });
    const seen: string[] = [];
    let small;
    for (const deadline = Date.now() + 20_000; Date.now() < deadline;) {
      small = (await call(sb, 'GET', `/v1/async-actions/${c.body.async_action_id}`)).body;
      if (seen.at(-1) !== small.status) seen.push(small.status);
      if (small.status === 'DONE') break;
    }
    expect(small.status).toBe('DONE');
    const order = ['ENQUEUED', 'IN_PROGRESS', 'DONE'];
    expect(seen.every((status) => order.includes(status))).toBe(true);
    expect(seen.map((status) => order.indexOf(status))).toEqual([...seen.map((status) => order.indexOf(status))].sort());
    const [large1, large2] = await Promise.all([a, b].map(async (x) => (await call(sb, 'GET', `/v1/async-actions/${x.body.async_action_id}`)).body));
    for (const large of [large1, large2]) {
      expect(large.status).toBe('IN_PROGRESS');
      expect(large.progress).toBeGreaterThan(0);
      expect(large.progress).toBeLessThan(100);
      expect(large.result).toBeNull();
    }
    const doneA = await waitForJob(sb, a.body.async_action_id, 90_000);
    const doneB = await waitForJob(sb, b.body.async_action_id, 90_000);
    expect(doneA.result.done_count + doneB.result.done_count).toBe(100_000);
    expect(Date.parse(doneA.updated_at)).toBeGreaterThanOrEqual(Date.parse(small.updated_at));
  });

  it('keeps the pace it is given: 20,000 items at 40,000 a second take half a second, shared by two jobs', async () => {
    const sb = await sandbox({ jobItemsPerSecond: 40_000 });
    const started = performance.now();
    const jobs = [
      await call(sb, 'POST', '/v1/vouchers/import', { json: codes('P', 10_000) }),
      await call(sb, 'POST', '/v1/vouchers/import', { json: codes('Q', 10_000) }),
    ];
    const done = await Promise.all(jobs.map((job) => waitForJob(sb, job.body.async_action_id, 20_000)));
    const tookMs = performance.now() - started;
    expect(done.map((job) => job.result.done_count)).toEqual([10_000, 10_000]);
    // Not faster than the pace (a loaded machine may be slower, never faster): the last portion of
    // 2,000 starts once 18,000 items have had their 450 ms.
    expect(tookMs).toBeGreaterThanOrEqual(445);
    for (const job of done) expect(job.processing_time).toBeGreaterThanOrEqual(200);
  });

  it('lists recent async actions newest first, bounded by limit and end_date', async () => {
    const clock = createManualClock(Date.UTC(2026, 2, 1));
    const sb = await sandbox({ clock });
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      ids.push((await call(sb, 'POST', '/v1/vouchers/import', { json: codes(`L${i}`, 1) })).body.async_action_id);
      clock.advance(60_000);
    }
    const listed = await call(sb, 'GET', '/v1/async-actions?limit=2');
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ object: 'list', data_ref: 'async_actions' });
    expect(listed.body.async_actions.map((a: { id: string }) => a.id)).toEqual([ids[2], ids[1]]);
    const before = await call(sb, 'GET', `/v1/async-actions?end_date=${new Date(Date.UTC(2026, 2, 1, 0, 1, 30)).toISOString()}`);
    expect(before.body.async_actions.map((a: { id: string }) => a.id)).toEqual([ids[1], ids[0]]);
    expectErrorObject(await call(sb, 'GET', '/v1/async-actions?limit=500'), 400, 'invalid_param');
    expectErrorObject(await call(sb, 'GET', '/v1/async-actions?end_date=yesterday'), 400, 'invalid_param');
  });

  it('answers 404 not_found for an unknown async action', async () => {
    const sb = await sandbox();
    const missing = await call(sb, 'GET', '/v1/async-actions/aa_nothing');
    expectErrorObject(missing, 404, 'not_found');
    expect(missing.body).toMatchObject({ resource_id: 'aa_nothing', resource_type: 'async_action' });
  });
});
