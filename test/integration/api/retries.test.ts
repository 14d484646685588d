import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NetworkError, RateLimitedError, ServiceError, TimeoutError, WrongRegionError, createClient, type ClientOptions } from '../../../shared/api';
import { startHarness, waitForJob, type Harness } from './sandbox-harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.sandbox.close());

const requests = (): number => h.sandbox.stats().requests;

describe('retries and failures against the sandbox', () => {
  it('retries a read on 503 with growing backoff and then succeeds', async () => {
    const client = h.client();
    h.sandbox.setFaults({ failNext: { count: 2, status: 503 } });
    h.events.length = 0;
    h.sleeps.length = 0;
    const before = requests();
    const list = await client.listRewards({ limit: 1 });
    expect(list.total).toBeGreaterThan(0);
    expect(requests() - before).toBe(3);
    const retries = h.events.filter((e) => e.type === 'retry');
    expect(retries.map((e) => e.type === 'retry' && e.attempt)).toEqual([1, 2]);
    expect(h.sleeps).toHaveLength(2);
    expect(h.sleeps[1]).toBeGreaterThan(h.sleeps[0] ?? Infinity);
  });

  it('gives up on a read after the bounded number of attempts with the last ServiceError', async () => {
    const client = h.client({ retry: { maxAttempts: 4 } });
    h.sandbox.setFaults({ failNext: { count: 10, status: 500 } });
    const before = requests();
    const error = await client.getVoucher('ANY').catch((e: unknown) => e);
    h.sandbox.setFaults({});
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ status: 500, code: 500, key: 'internal_error' });
    expect((error as ServiceError).request_id).toMatch(/^req_/);
    expect(requests() - before).toBe(4);
  });

  it('stops retrying a read at the deadline', async () => {
    const client = h.client({ retry: { deadlineMs: 1_000, baseDelayMs: 400 } });
    h.sandbox.setFaults({ failNext: { count: 10, status: 503 } });
    const before = requests();
    await expect(client.listRewards()).rejects.toMatchObject({ status: 503 });
    h.sandbox.setFaults({});
    // Waits of 300 and 600 ms fit in 1 s; the next (1,200 ms) would not.
    expect(requests() - before).toBe(3);
  });

  it('never retries a write, even on 503', async () => {
    const client = h.client();
    h.sandbox.setFaults({ failNext: { count: 1, status: 503 } });
    const before = requests();
    const error = await client.createReward({ type: 'COIN', name: 'No retry', exchange_ratio: 1, points_ratio: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).status).toBe(503);
    expect(requests() - before).toBe(1);
  });

  it('reports a dropped connection on a write as NetworkError with outcomeUnknown, and sends it once', async () => {
    const client = h.client();
    h.sandbox.setFaults({ dropNextWrites: 1 });
    const before = requests();
    const error = await client.importVouchers([{ code: 'DROPPED-1', type: 'GIFT_VOUCHER', gift: { amount: 100 } }]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).outcomeUnknown).toBe(true);
    expect((error as Error).message).toMatch(/may or may not have been carried out/);
    expect(requests() - before).toBe(1);
    // The write did happen: the job can be found again through the recent async actions.
    const recent = await client.listAsyncActions({ limit: 5 });
    const job = recent.items.find((a) => a.type === 'VOUCHERS.IMPORT');
    expect(job).toBeDefined();
    await waitForJob(client, job?.id ?? '');
    expect((await client.getVoucher('DROPPED-1')).code).toBe('DROPPED-1');
  });

  it('turns the wrong-cluster answer into WrongRegionError telling the user to pick the region', async () => {
    const other = h.sandbox.urls['us1.api'];
    for (const auth of [{ type: 'keys' as const }, { type: 'oauth' as const }]) {
      const client = h.client({ target: { sandbox: other }, auth: { ...auth, ...h.sandbox.credentials } });
      const error = await client.listRewards().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WrongRegionError);
      expect((error as WrongRegionError).key).toBe('wrong_cluster');
      expect((error as Error).message).toMatch(/Pick the region that hosts the project/);
      expect((error as WrongRegionError).details).toContain(h.sandbox.urls.api);
    }
  });
});

describe('429 with Retry-After on a read', () => {
  let limited: Harness;
  beforeAll(async () => {
    limited = await startHarness({ rateLimit: { perMinute: 3 } });
  });
  afterAll(() => limited.sandbox.close());

  it('waits as long as Retry-After says and then succeeds; a write gets RateLimitedError at once', async () => {
    const client = limited.client({ pacing: false });
    for (let i = 0; i < 3; i += 1) await client.listRewards({ limit: 1 });
    const startedAt = limited.clock.now();
    const secondsToWindowEnd = Math.ceil((60_000 - (startedAt % 60_000)) / 1000);
    const list = await client.listRewards({ limit: 1 });
    expect(list.total).toBeGreaterThan(0);
    const retry = limited.events.find((e) => e.type === 'retry');
    expect(retry).toMatchObject({ attempt: 1, waitMs: secondsToWindowEnd * 1000 });
    expect(limited.clock.now() - startedAt).toBe(secondsToWindowEnd * 1000);
    expect(client.rateBudget()).toMatchObject({ limit: 3, remaining: 2 });

    for (let i = 0; i < 2; i += 1) await client.listRewards({ limit: 1 });
    const before = limited.sandbox.stats().requests;
    const error = await client.createReward({ type: 'COIN', name: 'Too fast', exchange_ratio: 1, points_ratio: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).retryAfterMs).toBeGreaterThan(0);
    expect((error as RateLimitedError).limitType).toBe('api_calls');
    expect(limited.sandbox.stats().requests - before).toBe(1);
  });
});

/** A bare HTTP server on 127.0.0.1 for answers the sandbox never gives; closed by the caller. */
async function rawServer(handler: RequestListener): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const rawClient = (url: string, options: Partial<ClientOptions> = {}) =>
  createClient({
    target: { sandbox: url },
    auth: { type: 'keys', appId: 'a', appToken: 't' },
    timeoutMs: 5_000,
    sleep: async () => undefined,
    ...options,
  });

describe('answers that are not the service', () => {
  it('surfaces a timeout on a write as outcomeUnknown, without retrying', async () => {
    let seen = 0;
    const server = await rawServer((req) => {
      seen += 1;
      req.resume();
    });
    try {
      const error = await rawClient(server.url, { timeoutMs: 200 })
        .deleteVoucher('X')
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TimeoutError);
      expect(error).toMatchObject({ outcomeUnknown: true, timeoutMs: 200 });
      expect(seen).toBe(1);
    } finally {
      await server.close();
    }
  });

  it('retries a read whose connection dropped, and reads a gateway page that is not JSON', async () => {
    let seen = 0;
    const server = await rawServer((req, res) => {
      seen += 1;
      if (seen === 1) return req.socket.destroy();
      if (seen === 2) {
        res.writeHead(502, { 'Content-Type': 'text/html' });
        return res.end('<html><body>Bad gateway: upstream down</body></html>');
      }
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ total: 0, data: [], object: 'list', data_ref: 'data', extra: 1 }));
    });
    try {
      const list = await rawClient(server.url).listRewards();
      expect(list).toEqual({ object: 'list', data_ref: 'data', total: 0, items: [] });
      expect(seen).toBe(3);
      seen = 1;
      const html = await rawClient(server.url)
        .createReward({ type: 'COIN', name: 'x', exchange_ratio: 1, points_ratio: 1 })
        .catch((e: unknown) => e);
      expect(html).toMatchObject({ status: 502, code: 502, message: 'HTTP 502 Bad Gateway' });
      expect((html as ServiceError).details).toContain('upstream down');
    } finally {
      await server.close();
    }
  });

  it('gives an upload extra time for its size before calling it a timeout', async () => {
    let seen = 0;
    const server = await rawServer((req, res) => {
      seen += 1;
      req.resume();
      req.on('end', () => {
        const answer = setTimeout(() => {
          res.writeHead(202, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify({ async_action_id: 'aa_slow' }));
        }, 400);
        res.on('close', () => clearTimeout(answer));
      });
    });
    try {
      const client = rawClient(server.url, { timeoutMs: 200, minUploadBytesPerSecond: 1_000 });
      const csv = `Code\n${Array.from({ length: 200 }, (_, i) => `SLOW-${i}`).join('\n')}\n`;
      expect(await client.importVouchersCsv(csv)).toEqual({ async_action_id: 'aa_slow' });
      const small = await client.importVouchers([{ code: 'S', type: 'GIFT_VOUCHER', gift: { amount: 1 } }]).catch((e: unknown) => e);
      expect(small).toBeInstanceOf(TimeoutError);
      expect(small).toMatchObject({ outcomeUnknown: true });
      expect(seen).toBe(2);
    } finally {
      await server.close();
    }
  });
});
