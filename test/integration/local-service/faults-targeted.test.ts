import { describe, expect, it } from 'vitest';
import { createManualClock, startSandbox } from '../../../electron/local-service/server';
import { admin, bearer, call, expectErrorObject, keyHeaders, raw, sandbox, token, until, type RawAnswer } from './helpers';

const gift = (code: string) => [{ code, type: 'GIFT_VOUCHER', gift: { amount: 100 } }];
const addToCampaign = (code: string) => `/v1/campaigns/camp_summersale01/vouchers/${code}`;

function csvForm(code: string): FormData {
  const data = new FormData();
  data.append('file', new Blob([`Code\n${code}\n`], { type: 'text/csv' }), 'codes.csv');
  return data;
}

function answered(a: RawAnswer): Extract<RawAnswer, { kind: 'answer' }> {
  if (a.kind !== 'answer') throw new Error(`expected an answer, got ${a.kind}`);
  return a;
}

const exists = (sb: Parameters<typeof call>[0], code: string) => async () => (await call(sb, 'GET', `/v1/vouchers/${code}`)).status === 200;

describe('targeted faults', () => {
  it('gatewayNext carries the matching import out, then answers a proxy HTML page; other requests are untouched', async () => {
    const sb = await sandbox();
    sb.setFaults({ gatewayNext: { count: 1, status: 504, method: 'POST', path: '/v1/vouchers/import' } });
    expect((await call(sb, 'GET', '/v1/vouchers/SUMMER-001')).status).toBe(200);
    expect((await call(sb, 'POST', '/v1/vouchers/importCSV', { headers: keyHeaders(sb), body: csvForm('GW-CSV') })).status).toBe(202);
    expect((await call(sb, 'POST', addToCampaign('GW-OTHER'))).status).toBe(200);

    const hit = answered(await raw(sb, 'POST', '/v1/vouchers/import', { json: gift('GW-1') }));
    expect(hit.status).toBe(504);
    expect(hit.headers['content-type']).toBe('text/html');
    expect(hit.text).toContain('<title>504 Gateway Time-out</title>');
    expect(() => JSON.parse(hit.text)).toThrow();
    expect(hit.headers['x-rate-limit-limit']).toBe('300000');
    await until(exists(sb, 'GW-1'), 'the import behind the 504 ran');
    expect((await call(sb, 'POST', '/v1/vouchers/import', { json: gift('GW-2') })).status).toBe(202);

    const log = sb.requestLog().filter((r) => r.path.startsWith('/v1/vouchers/import'));
    expect(log.map(({ method, path, status, fault, carriedOut, appId }) => ({ method, path, status, fault, carriedOut, appId }))).toEqual([
      { method: 'POST', path: '/v1/vouchers/importCSV', status: 202, fault: null, carriedOut: true, appId: sb.credentials.appId },
      { method: 'POST', path: '/v1/vouchers/import', status: 504, fault: 'gateway', carriedOut: true, appId: sb.credentials.appId },
      { method: 'POST', path: '/v1/vouchers/import', status: 202, fault: null, carriedOut: true, appId: sb.credentials.appId },
    ]);
  });

  it('gatewayNext with an empty body hits deletes of any code and carries them out', async () => {
    const sb = await sandbox();
    for (const code of ['GW-DEL-1', 'GW-DEL-2']) expect((await call(sb, 'POST', addToCampaign(code))).status).toBe(200);
    sb.setFaults({ gatewayNext: { count: 2, status: 502, body: 'empty', method: 'DELETE', path: '/v1/vouchers' } });
    for (const path of ['/v1/vouchers/GW-DEL-1?force=true', '/v1/vouchers/GW-DEL-2']) {
      const hit = answered(await raw(sb, 'DELETE', path));
      expect(hit).toMatchObject({ status: 502, text: '' });
      expect(hit.headers['content-type']).toBeUndefined();
    }
    expectErrorObject(await call(sb, 'GET', '/v1/vouchers/GW-DEL-1'), 404, 'not_found');
    expectErrorObject(await call(sb, 'GET', '/v1/vouchers/GW-DEL-2'), 404, 'not_found');
    expectErrorObject(await call(sb, 'DELETE', '/v1/vouchers/GW-DEL-1'), 404, 'not_found');
  });

  it('gatewayNext 500 on reward creation (method compared case-insensitively) keeps the reward; the GET list is untouched', async () => {
    const sb = await sandbox();
    const auth = bearer((await token(sb, 'rewards')).body.access_token);
    sb.setFaults({ gatewayNext: { count: 1, status: 500, method: 'post', path: '/v1/rewards' } });
    const before = (await call(sb, 'GET', '/v1/rewards?limit=100', { headers: auth })).body.total;
    const reward = { name: 'GW reward', type: 'CAMPAIGN', parameters: { campaign: { id: 'camp_giftcards26', balance: 100 } } };
    const hit = answered(await raw(sb, 'POST', '/v1/rewards', { headers: auth, json: reward }));
    expect(hit.status).toBe(500);
    expect(hit.text).toContain('<title>500 Internal Server Error</title>');
    const after = (await call(sb, 'GET', '/v1/rewards?limit=100', { headers: auth })).body;
    expect(after.total).toBe(before + 1);
    expect(after.data.at(-1).name).toBe('GW reward');
    expect(sb.requestLog().find((r) => r.fault === 'gateway')).toMatchObject({ method: 'POST', status: 500, carriedOut: true, appId: sb.credentials.appId });
  });

  it('rateLimitNext answers 429 with the error object and rate headers, carries nothing out and uses no budget', async () => {
    const clock = createManualClock(Date.UTC(2026, 0, 1, 10, 0, 0, 500));
    const sb = await sandbox({ clock, faults: { rateLimitNext: { count: 1, retryAfterSeconds: 7, path: '/v1/campaigns' } } });
    expect((await call(sb, 'GET', '/v1/vouchers/SUMMER-001')).headers.get('x-rate-limit-remaining')).toBe('299999');
    const limited = await call(sb, 'POST', addToCampaign('RL-1'));
    expectErrorObject(limited, 429, 'too_many_requests');
    expect(limited.body.message).toBe('Too many requests hit the API too quickly.');
    expect(
      Object.fromEntries(['retry-after', 'x-rate-limit-limit', 'x-rate-limit-remaining', 'x-rate-limit-retry'].map((h) => [h, limited.headers.get(h)])),
    ).toEqual({
      'retry-after': '7',
      'x-rate-limit-limit': '300000',
      'x-rate-limit-remaining': '0',
      'x-rate-limit-retry': String(Math.ceil((clock.now() + 7_000) / 1000)),
    });
    const gone = await call(sb, 'GET', '/v1/vouchers/RL-1');
    expectErrorObject(gone, 404, 'not_found');
    expect(gone.headers.get('x-rate-limit-remaining')).toBe('299998');
    expect((await call(sb, 'POST', addToCampaign('RL-1'))).status).toBe(200);
    expect(
      sb
        .requestLog()
        .filter((r) => r.path === addToCampaign('RL-1'))
        .map((r) => [r.status, r.fault, r.carriedOut]),
    ).toEqual([
      [429, 'rate-limit', false],
      [200, null, true],
    ]);
  });

  it('failNext with a match refuses only matching requests, with 502/504 error objects, without carrying them out', async () => {
    const sb = await sandbox({ faults: { failNext: { count: 1, status: 504, method: 'delete', path: '/v1/vouchers' } } });
    expect((await call(sb, 'GET', '/v1/vouchers/SUMMER-001')).status).toBe(200);
    expect((await call(sb, 'POST', '/v1/vouchers/import', { json: gift('FN-1') })).status).toBe(202);
    expectErrorObject(await call(sb, 'DELETE', '/v1/vouchers/SUMMER-001'), 504, 'gateway_timeout');
    expect((await call(sb, 'GET', '/v1/vouchers/SUMMER-001')).status).toBe(200);
    expect(sb.requestLog().find((r) => r.method === 'DELETE')).toMatchObject({ status: 504, fault: 'fail', carriedOut: false });
    sb.setFaults({ failNext: { count: 1, status: 502 } });
    expectErrorObject(await call(sb, 'GET', '/v1/vouchers/SUMMER-001'), 502, 'bad_gateway');
    expect((await call(sb, 'GET', '/v1/vouchers/SUMMER-001')).status).toBe(200);
  });

  it('dropNext carries the matching write out and closes the connection unanswered; a non-matching GET keeps the count', async () => {
    const sb = await sandbox({ faults: { dropNext: { count: 1, method: 'POST', path: '/v1/rewards' } } });
    const before = (await call(sb, 'GET', '/v1/rewards?limit=100')).body.total;
    const reward = { name: 'Dropped', type: 'COIN', parameters: { coin: { exchange_ratio: 1, points_ratio: 2 } } };
    expect(await raw(sb, 'POST', '/v1/rewards', { json: reward })).toEqual({ kind: 'dropped' });
    expect((await call(sb, 'GET', '/v1/rewards?limit=100')).body.total).toBe(before + 1);
    expect(answered(await raw(sb, 'POST', '/v1/rewards', { json: reward })).status).toBe(200);
    expect(
      sb
        .requestLog()
        .filter((r) => r.method === 'POST')
        .map((r) => [r.status, r.fault, r.carriedOut]),
    ).toEqual([
      [0, 'drop', true],
      [200, null, true],
    ]);
    sb.setFaults({ dropNext: { count: 1 } });
    expect(await raw(sb, 'GET', '/v1/vouchers/SUMMER-001')).toEqual({ kind: 'dropped' });
  });

  it('stallNext carries the write out and holds the answer, so a client with a shorter timeout gives up after the write', async () => {
    const sb = await sandbox({ faults: { stallNext: { count: 2, ms: 800, method: 'POST', path: '/v1/campaigns' } } });
    expect(await raw(sb, 'POST', addToCampaign('ST-1'), { json: {}, timeoutMs: 100 })).toEqual({ kind: 'timeout' });
    expect((await call(sb, 'GET', '/v1/vouchers/ST-1')).status).toBe(200);
    expect(sb.requestLog().find((r) => r.path === addToCampaign('ST-1'))).toMatchObject({ status: 200, fault: 'stall', carriedOut: true });
    const started = performance.now();
    expect(answered(await raw(sb, 'POST', addToCampaign('ST-2'), { json: {}, timeoutMs: 5_000 })).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(790);
    const quick = performance.now();
    expect(answered(await raw(sb, 'POST', addToCampaign('ST-3'), { json: {} })).status).toBe(200);
    expect(performance.now() - quick).toBeLessThan(700);
  });

  it('closing the sandbox ends a held answer at once', async () => {
    const sb = await startSandbox({ faults: { stallNext: { count: 1, ms: 60_000 } } });
    const pending = raw(sb, 'GET', '/v1/vouchers/SUMMER-001', { timeoutMs: 30_000 });
    await until(() => sb.requestLog().length === 1, 'the stalled request was logged');
    const started = performance.now();
    await sb.close();
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(await pending).toEqual({ kind: 'dropped' });
  });

  it('applies at most one fault per request, in the documented order, each using only its own count', async () => {
    const sb = await sandbox({
      faults: { gatewayNext: { count: 1, status: 502 }, failNext: { count: 1, status: 503 }, rateLimitNext: { count: 1, retryAfterSeconds: 1 } },
    });
    expectErrorObject(await call(sb, 'GET', '/v1/vouchers/SUMMER-001'), 429, 'too_many_requests');
    expectErrorObject(await call(sb, 'GET', '/v1/vouchers/SUMMER-001'), 503, 'service_unavailable');
    expect(answered(await raw(sb, 'GET', '/v1/vouchers/SUMMER-001')).status).toBe(502);
    expect((await call(sb, 'GET', '/v1/vouchers/SUMMER-001')).status).toBe(200);
    expect(sb.requestLog().map((r) => r.fault)).toEqual(['rate-limit', 'fail', 'gateway', null]);
  });

  it('refuses bad fault settings with a 400 naming the field, from the admin route and from code', async () => {
    const sb = await sandbox();
    const cases: [unknown, string][] = [
      [{ gatewayNext: { count: 1, status: 503 } }, 'gatewayNext.status'],
      [{ gatewayNext: { count: 1, status: 504, body: 'json' } }, 'gatewayNext.body'],
      [{ rateLimitNext: { count: -1, retryAfterSeconds: 1 } }, 'rateLimitNext.count'],
      [{ rateLimitNext: { count: 1 } }, 'rateLimitNext.retryAfterSeconds'],
      [{ stallNext: { count: 1 } }, 'stallNext.ms'],
      [{ dropNext: { count: 1, path: 'v1/rewards' } }, 'dropNext.path'],
      [{ failNext: { count: 1, status: 501 } }, 'failNext.status'],
      [{ failNext: { count: 1, status: 500, method: 7 } }, 'failNext.method'],
      [{ failNext: { count: 1, status: 500, methd: 'GET' } }, '"methd"'],
      [{ gatewayNxt: { count: 1 } }, '"gatewayNxt"'],
    ];
    for (const [settings, field] of cases) {
      const refused = await admin(sb, 'POST', 'faults', settings);
      expectErrorObject(refused, 400, 'invalid_payload');
      expect(refused.body.details).toContain(field);
      expect(() => sb.setFaults(settings as never)).toThrow(field);
    }
    const accepted = await admin(sb, 'POST', 'faults', { stallNext: { count: 1, ms: 5 }, gatewayNext: { count: 1, status: 502 } });
    expect(accepted.body.faults).toEqual({ stallNext: { count: 1, ms: 5 }, gatewayNext: { count: 1, status: 502, body: 'html' } });
  });
});
