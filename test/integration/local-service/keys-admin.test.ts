import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../../electron/local-service/server';
import { admin, bearer, call, expectErrorObject, sandbox, token } from './helpers';

describe('key block and unblock', () => {
  it('blocks through the admin route, then unblocks: the pair works again, new tokens work, old tokens stay dead', async () => {
    const clock = createManualClock();
    const sb = await sandbox({ clock });
    const appId = sb.credentials.appId;
    const old = bearer((await token(sb, 'vouchers')).body.access_token);
    expect(await admin(sb, 'POST', 'keys/block', { appId }, 'us1.api')).toMatchObject({ status: 200, body: { appId } });
    expectErrorObject(await call(sb, 'GET', '/v1/vouchers/SUMMER-001'), 401, 'unauthorized');
    expectErrorObject(await token(sb, 'vouchers'), 401, 'unauthorized');
    clock.advance(60_000);
    expectErrorObject(await call(sb, 'GET', '/v1/vouchers/SUMMER-001', { headers: old }), 401, 'unauthorized');

    expect((await admin(sb, 'POST', 'keys/unblock', { appId })).status).toBe(200);
    expect((await call(sb, 'GET', '/v1/vouchers/SUMMER-001')).status).toBe(200);
    const fresh = await token(sb, 'vouchers');
    expect(fresh.status).toBe(200);
    expect((await call(sb, 'GET', '/v1/vouchers/SUMMER-001', { headers: bearer(fresh.body.access_token) })).status).toBe(200);
    expectErrorObject(await call(sb, 'GET', '/v1/vouchers/SUMMER-001', { headers: old }), 401, 'unauthorized');
  });

  it('unblockKey from code does the same, and a deleted key cannot be unblocked', async () => {
    const sb = await sandbox();
    const other = sb.addKey();
    const headers = { 'X-App-Id': other.appId, 'X-App-Token': other.appToken };
    sb.blockKey(other.appId);
    expectErrorObject(await call(sb, 'GET', '/v1/vouchers/SUMMER-001', { headers }), 401, 'unauthorized');
    sb.unblockKey(other.appId);
    expect((await call(sb, 'GET', '/v1/vouchers/SUMMER-001', { headers })).status).toBe(200);
    sb.deleteKey(other.appId);
    expect(() => sb.unblockKey(other.appId)).toThrow('deleted');
    const refused = await admin(sb, 'POST', 'keys/unblock', { appId: other.appId });
    expectErrorObject(refused, 400, 'invalid_payload');
    expect(refused.body.details).toContain('appId');
  });

  it('refuses a missing, non-string or unknown appId with a 400 naming appId', async () => {
    const sb = await sandbox();
    for (const route of ['keys/block', 'keys/unblock']) {
      for (const body of [{}, { appId: 5 }, { appId: 'no-such-app' }, undefined]) {
        const refused = await admin(sb, 'POST', route, body);
        expectErrorObject(refused, 400, 'invalid_payload');
        expect(refused.body.details).toContain('appId');
      }
    }
    expect((await call(sb, 'GET', '/v1/vouchers/SUMMER-001')).status).toBe(200);
  });
});
