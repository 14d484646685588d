import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FetchLike } from '../../../shared/api';
import { startHarness, type Harness } from './sandbox-harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ rateLimit: { perMinute: 100 } });
});
afterAll(() => h.sandbox.close());

describe('pacing against a 100-a-minute limit', () => {
  it('runs 300 calls without a single 429, slowing down before the budget runs out', async () => {
    const statuses: number[] = [];
    const remainingSeen: number[] = [];
    const pacedBefore: number[] = [];
    const countingFetch: FetchLike = async (input, init) => {
      const response = await fetch(input, init);
      statuses.push(response.status);
      pacedBefore.push(h.events.filter((e) => e.type === 'paced').length);
      remainingSeen.push(Number(response.headers.get('x-rate-limit-remaining')));
      return response;
    };
    const client = h.client({ fetch: countingFetch });
    const startedAt = h.clock.now();
    for (let i = 0; i < 300; i += 1) await client.listRewards({ limit: 1 });
    const elapsed = h.clock.now() - startedAt;

    expect(statuses).toHaveLength(300);
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    expect(h.events.filter((e) => e.type === 'retry')).toEqual([]);
    // 300 calls at 100 a minute need at least two window changes; pacing keeps close to the limit.
    expect(elapsed).toBeGreaterThanOrEqual(120_000);
    expect(elapsed).toBeLessThanOrEqual(300_000);
    // Calls were spread (about 60 s / 50 apart), never held up at an empty budget.
    const waits = h.events.flatMap((e) => (e.type === 'paced' ? [e.waitMs] : []));
    expect(waits.length).toBeGreaterThan(100);
    expect(Math.max(...waits)).toBeLessThan(5_000);
    // Slowing started while half the budget was still there, not at zero.
    const firstPacedCall = pacedBefore.findIndex((n) => n > 0);
    expect(remainingSeen[firstPacedCall - 1]).toBe(50);
    expect(client.rateBudget()?.limit).toBe(100);
  });

  it('keeps eight concurrent workers sharing one budget free of 429s', async () => {
    h.clock.advance(120_000);
    const statuses: number[] = [];
    const client = h.client({
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        statuses.push(response.status);
        return response;
      },
    });
    const worker = async (): Promise<void> => {
      for (let i = 0; i < 25; i += 1) await client.listRewards({ limit: 1 });
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    expect(statuses).toHaveLength(200);
    expect(statuses.filter((s) => s === 429)).toEqual([]);
  });
});
