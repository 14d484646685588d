import { describe, expect, it } from 'vitest';
import { RequestLog } from '../../../electron/local-service/request-log';
import { createManualClock } from '../../../electron/local-service/server';
import { admin, bearer, call, sandbox, token } from './helpers';

describe('request log', () => {
  it('logs every API request with what the client got and the project it signed for, on every cluster port, leaving out /__sandbox/', async () => {
    const clock = createManualClock(Date.UTC(2026, 2, 3, 4, 5, 6));
    const before = Date.now();
    const sb = await sandbox({ clock, faults: { failNext: { count: 1, status: 503, path: '/v1/publications' } } });
    await call(sb, 'GET', '/v1/vouchers/A%20B');
    await call(sb, 'GET', '/v1/vouchers/SUMMER-001', { headers: {} });
    await call(sb, 'GET', '/v1/vouchers/SUMMER-001', { cluster: 'us1.api' });
    clock.advance(1_000);
    const issued = await token(sb, 'vouchers');
    await call(sb, 'GET', '/v1/vouchers/SUMMER-001', { headers: bearer(issued.body.access_token) });
    await call(sb, 'GET', '/v1/publications');
    await admin(sb, 'GET', 'stats');
    const answer = await admin(sb, 'GET', 'requests', undefined, 'as1.api');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ requests: sb.requestLog() });
    const app = sb.credentials.appId;
    const first = new Date(Date.UTC(2026, 2, 3, 4, 5, 6)).toISOString();
    const later = new Date(Date.UTC(2026, 2, 3, 4, 5, 7)).toISOString();
    const after = Date.now();
    const received = answer.body.requests.map((r: { receivedAtMs: number }) => r.receivedAtMs);
    // On the machine's clock, not the sandbox's manual one: in arrival order, within this test's run.
    expect(received).toEqual([...received].sort((a, b) => a - b));
    expect(received.every((ms: number) => ms >= before && ms <= after)).toBe(true);
    expect(answer.body.requests.map(({ receivedAtMs: _, ...r }: { receivedAtMs: number }) => r)).toEqual([
      { seq: 1, at: first, method: 'GET', path: '/v1/vouchers/A%20B', appId: app, project: 'default', status: 404, fault: null, carriedOut: false },
      { seq: 2, at: first, method: 'GET', path: '/v1/vouchers/SUMMER-001', appId: null, status: 401, fault: null, carriedOut: false },
      { seq: 3, at: first, method: 'GET', path: '/v1/vouchers/SUMMER-001', appId: app, project: 'default', status: 401, fault: null, carriedOut: false },
      { seq: 4, at: later, method: 'POST', path: '/v1/oauth/token', appId: app, project: 'default', status: 200, fault: null, carriedOut: true },
      { seq: 5, at: later, method: 'GET', path: '/v1/vouchers/SUMMER-001', appId: app, project: 'default', status: 200, fault: null, carriedOut: true },
      { seq: 6, at: later, method: 'GET', path: '/v1/publications', appId: app, project: 'default', status: 503, fault: 'fail', carriedOut: false },
    ]);
  });

  it('keeps only the newest records once full, oldest first', () => {
    const log = new RequestLog(3);
    for (let i = 0; i < 5; i += 1) {
      const arrival = log.arrive();
      log.add({ ...arrival, at: '', method: 'GET', path: `/${arrival.seq}`, appId: null, status: 200, fault: null, carriedOut: true });
    }
    expect(log.records().map((r) => r.seq)).toEqual([3, 4, 5]);
  });
});
