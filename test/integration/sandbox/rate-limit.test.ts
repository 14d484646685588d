import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../../electron/sandbox/server';
import { call, expectErrorObject, sandbox } from './helpers';

describe('rate limits', () => {
  it('sends no rate-limit headers unless a limit is configured', async () => {
    const sb = await sandbox();
    const answer = await call(sb, 'GET', '/v1/vouchers/SUMMER-001');
    expect(answer.headers.get('x-rate-limit-limit')).toBeNull();
  });

  it('counts calls per minute on the injected clock, then answers 429 with Retry-After and X-Rate-Limit-Type', async () => {
    const clock = createManualClock(Date.UTC(2026, 0, 1, 10, 0, 0));
    const sb = await sandbox({ clock, rateLimit: { perMinute: 3 } });
    const remaining: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const answer = await call(sb, 'GET', '/v1/vouchers/SUMMER-001');
      expect(answer.status).toBe(200);
      expect(answer.headers.get('x-rate-limit-limit')).toBe('3');
      remaining.push(answer.headers.get('x-rate-limit-remaining') ?? '');
    }
    expect(remaining).toEqual(['2', '1', '0']);
    clock.advance(20_000);
    const limited = await call(sb, 'GET', '/v1/vouchers/SUMMER-001');
    expectErrorObject(limited, 429);
    expect(limited.body.message).toBe('Too many requests hit the API too quickly.');
    expect(limited.headers.get('retry-after')).toBe('40');
    expect(limited.headers.get('x-rate-limit-type')).toBe('api_calls');
    expect(limited.headers.get('x-rate-limit-retry')).toBe(String(Date.UTC(2026, 0, 1, 10, 1, 0) / 1000));
    expect(limited.headers.get('x-rate-limit-remaining')).toBe('0');
    clock.advance(40_000);
    const fresh = await call(sb, 'GET', '/v1/vouchers/SUMMER-001');
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('x-rate-limit-remaining')).toBe('2');
  });

  it('applies a per-hour limit too and reports the tighter budget', async () => {
    const clock = createManualClock(Date.UTC(2026, 0, 1, 10, 0, 0));
    const sb = await sandbox({ clock, rateLimit: { perMinute: 100, perHour: 4 } });
    for (let i = 0; i < 4; i += 1) {
      const answer = await call(sb, 'GET', '/v1/vouchers/SUMMER-001');
      expect(answer.headers.get('x-rate-limit-limit')).toBe('4');
      clock.advance(61_000);
    }
    const limited = await call(sb, 'GET', '/v1/vouchers/SUMMER-001');
    expectErrorObject(limited, 429);
    expect(Number(limited.headers.get('retry-after'))).toBe(3600 - 4 * 61);
    clock.advance(3_600_000);
    expect((await call(sb, 'GET', '/v1/vouchers/SUMMER-001')).status).toBe(200);
  });

  it('counts error answers too, and rate-limits every operation', async () => {
    const sb = await sandbox({ clock: createManualClock(), rateLimit: { perMinute: 2 } });
    expect((await call(sb, 'GET', '/v1/vouchers/NOPE')).status).toBe(404);
    expect((await call(sb, 'GET', '/v1/publications')).status).toBe(200);
    expectErrorObject(await call(sb, 'POST', '/v1/vouchers/import', { json: [] }), 429);
  });
});
