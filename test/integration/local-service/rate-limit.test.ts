import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../../electron/local-service/server';
import { bearer, call, expectErrorObject, sandbox, token } from './helpers';

describe('rate limits', () => {
  it("sends the default plan's headers on every answer, counting only calls whose credentials were accepted", async () => {
    const clock = createManualClock(Date.UTC(2026, 0, 31, 23, 59, 0));
    const sb = await sandbox({ clock });
    const answers = [
      await call(sb, 'GET', '/v1/vouchers/SUMMER-001'),
      await call(sb, 'GET', '/v1/vouchers/NOPE'),
      await call(sb, 'GET', '/v1/nothing'),
      await call(sb, 'GET', '/v1/vouchers/SUMMER-001', { headers: {} }),
      await call(sb, 'GET', '/v1/vouchers/SUMMER-001', { cluster: 'us1.api' }),
      await token(sb, 'vouchers'),
      await call(sb, 'POST', '/v1/vouchers/import', { json: 'codes' }),
      await call(sb, 'DELETE', '/v1/vouchers/SUMMER-001'),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 404, 404, 401, 401, 200, 400, 204]);
    expect(answers.map((a) => a.headers.get('x-rate-limit-limit'))).toEqual(Array(8).fill('300000'));
    expect(answers.map((a) => Number(a.headers.get('x-rate-limit-remaining')))).toEqual([
      299_999, 299_998, 299_998, 299_998, 299_998, 299_997, 299_996, 299_995,
    ]);
    expect(answers.map((a) => a.headers.get('x-rate-limit-retry'))).toEqual(Array(8).fill(String(clock.now() / 1000)));
    clock.advance(60_000);
    expect((await call(sb, 'GET', '/v1/vouchers/SUMMER-001')).headers.get('x-rate-limit-remaining')).toBe('299999');
  });

  it('answers a wrong key pair or a dead token 401 without using the budget', async () => {
    const sb = await sandbox({ clock: createManualClock(), rateLimit: { perMinute: 2 } });
    for (const headers of [{ 'X-App-Id': sb.credentials.appId, 'X-App-Token': 'wrong' }, bearer('made-up'), {}]) {
      const refused = await call(sb, 'GET', '/v1/vouchers/SUMMER-001', { headers });
      expectErrorObject(refused, 401);
      expect(refused.headers.get('x-rate-limit-remaining')).toBe('2');
    }
    expect((await call(sb, 'GET', '/v1/vouchers/SUMMER-001')).headers.get('x-rate-limit-remaining')).toBe('1');
    expect((await call(sb, 'GET', '/v1/vouchers/SUMMER-001')).status).toBe(200);
    expectErrorObject(await call(sb, 'GET', '/v1/vouchers/SUMMER-001'), 429);
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
