import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../../electron/local-service/server';
import { queueImport } from '../../../electron/operations/imports';
import { SyncEngine, type SyncEvent } from '../../../electron/sync/engine';
import { planFor } from '../../../electron/sync/dry-run';
import { crash, otherImport } from './fault-matrix/world';
import { queueDelete } from '../../../electron/operations/delete';
import { batchOf, clientFor, codes, codesOnService, desk, manualTime, recordingFetch, sandbox } from './helpers';

async function queued(prefix: string, n = 30, maxCodes = 10) {
  const d = await desk();
  const list = codes(prefix, n);
  const id = await batchOf(d, prefix, list);
  const op = await queueImport(d, String(id), { format: 'json', limits: { maxCodes } });
  return { d, list, op };
}

/** An event listener that runs `action` once, right after the first request was accepted. */
function afterFirstSend(action: () => void): (event: SyncEvent) => void {
  let done = false;
  return (event) => {
    if (!done && event.type === 'request' && event.step === 'send' && event.outcome === 'accepted') {
      done = true;
      action();
    }
  };
}

describe('sync engine under faults', () => {
  it('retries 503 answers to writes and reads, then imports every code once', async () => {
    const sb = await sandbox();
    const client = clientFor(sb);
    const { d, list, op } = await queued('F503');
    await client.listAsyncActions({ limit: 1 });
    sb.setFaults({ failNext: { count: 3, status: 503 } });
    const status = await new SyncEngine({ outbox: d.outbox, client, retry: { baseDelayMs: 10, maxDelayMs: 50 } }).run();
    expect(status.state).toBe('finished');
    const first = d.outbox.request(op.id, 0);
    expect(first.attempts).toBeGreaterThan(1);
    expect(first.lastError).toMatchObject({ status: 503, key: 'service_unavailable' });
    expect(d.outbox.failures(op.id)).toEqual([]);
    expect(await codesOnService(client, list)).toHaveLength(list.length);
  });

  it('waits out 429 answers as Retry-After says, counting against a tiny rate budget', async () => {
    const clock = createManualClock(Date.now());
    const sleep = manualTime(clock);
    const sb = await sandbox({ clock, rateLimit: { perMinute: 2 } });
    const rec = recordingFetch();
    const client = clientFor(sb, { clock, sleep, pacing: false, fetch: rec.fetch });
    const { d, op } = await queued('F429');
    const events: SyncEvent[] = [];
    const status = await new SyncEngine({ outbox: d.outbox, client, clock, sleep, onEvent: (e) => events.push(e) }).run();
    expect(status.state).toBe('finished');
    expect(d.outbox.operation(op.id).state).toBe('done');
    const limited = rec.seen.filter((s) => s.status === 429);
    expect(limited.some((s) => s.method === 'POST')).toBe(true);
    expect(d.outbox.failures(op.id)).toEqual([]);
    expect(events.some((e) => e.type === 'request' && e.outcome.startsWith('retry'))).toBe(true);
    expect(planFor(d.outbox, 'sandbox', true).budget).toMatchObject({ known: true, limit: 2 });
  });

  it('finds the jobs of imports whose connection dropped after the write and never sends them twice', async () => {
    const sb = await sandbox();
    const client = clientFor(sb);
    const { d, list, op } = await queued('DROP');
    await client.listAsyncActions({ limit: 1 });
    sb.setFaults({ dropNextWrites: 2 });
    const status = await new SyncEngine({ outbox: d.outbox, client }).run();
    expect(status.state).toBe('finished');
    expect(d.outbox.operation(op.id).state).toBe('done');
    expect(d.outbox.failures(op.id)).toEqual([]);
    const jobs = (await client.listAsyncActions({ limit: 100 })).items.filter((j) => j.type === 'VOUCHERS.IMPORT');
    expect(jobs).toHaveLength(3);
    expect(d.outbox.requests(op.id).filter((c) => c.lastError?.name === 'NetworkError')).toHaveLength(2);
    expect(await codesOnService(client, list)).toHaveLength(list.length);
  });

  it("never takes another client's lone job for a request lost in a crash, and a later delete really deletes", async () => {
    const sb = await sandbox();
    const client = clientFor(sb);
    const { d, list, op } = await queued('LONE', 20, 20);
    await crash(d.outbox, client, op, false);
    // The only job in the recent list: someone else's, of the right type, in the window.
    await otherImport(sb, sb.addKey(), codes('STRANGER', 3));
    const strangerJob = (await client.listAsyncActions({ limit: 100 })).items.filter((j) => j.type === 'VOUCHERS.IMPORT');
    expect(strangerJob).toHaveLength(1);
    const removal = (await queueDelete(d.outbox, [list[4] as string], true)).op;
    expect((await new SyncEngine({ outbox: d.outbox, client }).run()).state).toBe('finished');
    expect(d.outbox.request(op.id, 0).asyncActionId).not.toBe(strangerJob[0]?.id);
    expect(d.outbox.tally(op.id)).toEqual({ applied: 20, present: 0, failed: 0 });
    expect(d.outbox.tally(removal.id)).toEqual({ applied: 1, present: 0, failed: 0 });
    expect(await codesOnService(client, list)).toEqual(list.filter((_, i) => i !== 4));
  });

  it('pauses when the key is blocked mid-sync, keeps every operation, and resumes with a new key', async () => {
    const clock = createManualClock(Date.now());
    const sleep = manualTime(clock);
    const sb = await sandbox({ clock });
    const client = clientFor(sb, { clock, sleep });
    const { d, list, op } = await queued('BLOCK');
    const engine = new SyncEngine({
      outbox: d.outbox,
      client,
      clock,
      sleep,
      onEvent: afterFirstSend(() => {
        sb.blockKey(sb.credentials.appId);
        clock.advance(61_000);
      }),
    });
    const status = await engine.run();
    expect(status).toMatchObject({ state: 'paused', reason: 'credentials' });
    expect(status.state === 'paused' && status.message).toMatch(/rejected the API key/);
    expect(d.outbox.operation(op.id).state).toBe('running');
    expect(d.outbox.requests(op.id, ['pending'])).not.toHaveLength(0);

    const fresh = sb.addKey();
    const client2 = clientFor({ ...sb, credentials: fresh }, { clock, sleep });
    expect((await new SyncEngine({ outbox: d.outbox, client: client2, clock, sleep }).run()).state).toBe('finished');
    expect(d.outbox.failures(op.id)).toEqual([]);
    expect(await codesOnService(client2, list)).toHaveLength(list.length);
  });

  it('renews the token when it expires mid-sync, without a refused request', async () => {
    const clock = createManualClock(Date.now());
    const sleep = manualTime(clock);
    const sb = await sandbox({ clock });
    const rec = recordingFetch();
    const client = clientFor(sb, { clock, sleep, fetch: rec.fetch });
    const { d, list, op } = await queued('TOKEN');
    const engine = new SyncEngine({ outbox: d.outbox, client, clock, sleep, onEvent: afterFirstSend(() => clock.advance(950_000)) });
    expect((await engine.run()).state).toBe('finished');
    expect(d.outbox.operation(op.id).state).toBe('done');
    expect(client.tokenStatus()?.minted).toBeGreaterThanOrEqual(2);
    expect(sb.stats().tokensMinted).toBe(client.tokenStatus()?.minted);
    expect(rec.seen.filter((s) => s.status === 401)).toEqual([]);
    expect(await codesOnService(client, list)).toHaveLength(list.length);
  });

  it('pauses on the wrong region and on no connection, then completes against the right address', async () => {
    const sb = await sandbox({ cluster: 'us1.api' });
    const { d, list, op } = await queued('REGION', 12);
    const wrong = clientFor(sb, { target: { sandbox: sb.urls.api } });
    const paused = await new SyncEngine({ outbox: d.outbox, client: wrong }).run();
    expect(paused).toMatchObject({ state: 'paused', reason: 'wrong-region' });
    expect(d.outbox.requests(op.id).every((c) => c.state === 'pending')).toBe(true);

    const offline = clientFor(sb, { target: { sandbox: 'http://127.0.0.1:9' }, retry: { maxAttempts: 1 } });
    const cut = await new SyncEngine({ outbox: d.outbox, client: offline }).run();
    expect(cut).toMatchObject({ state: 'paused', reason: 'offline' });
    expect(d.outbox.operation(op.id).state).not.toBe('done');

    const right = clientFor(sb);
    expect((await new SyncEngine({ outbox: d.outbox, client: right }).run()).state).toBe('finished');
    expect(d.outbox.failures(op.id)).toEqual([]);
    expect(await codesOnService(right, list)).toHaveLength(list.length);
  });
});
