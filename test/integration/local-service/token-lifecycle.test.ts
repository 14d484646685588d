import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../../electron/local-service/server';
import { bearer, call, expectErrorObject, keyHeaders, sandbox, token } from './helpers';

describe('sandbox token lifecycle', () => {
  it('keeps at most 1,000 live tokens per project and mints again once some expire', async () => {
    const clock = createManualClock();
    const sb = await sandbox({ clock });
    const first = await token(sb, 'vouchers');
    clock.advance(60_000);
    for (let i = 1; i < 1000; i += 1) expect((await token(sb, 'vouchers')).status).toBe(200);
    const refused = await token(sb, 'vouchers');
    expectErrorObject(refused, 400, 'token_limit_reached');
    expect(refused.body.details).toContain('1000');
    expect(sb.stats().liveTokens).toBe(1000);
    clock.advance(900_000 - 60_000);
    expectErrorObject(await call(sb, 'GET', '/v1/vouchers/X', { headers: bearer(first.body.access_token) }), 401, 'unauthorized');
    expect((await token(sb, 'vouchers')).status).toBe(200);
    expect(sb.stats().tokensMinted).toBe(1001);
  });

  it('a blocked key mints no tokens and its tokens stop working within one minute', async () => {
    const clock = createManualClock();
    const sb = await sandbox({ clock });
    const issued = await token(sb, 'api');
    const auth = bearer(issued.body.access_token);
    sb.blockKey(sb.credentials.appId);
    expectErrorObject(await token(sb, 'api'), 401, 'unauthorized');
    clock.advance(59_000);
    expectErrorObject(await call(sb, 'GET', '/v1/vouchers/X', { headers: auth }), 404, 'not_found');
    clock.advance(1_000);
    const stopped = await call(sb, 'GET', '/v1/vouchers/X', { headers: auth });
    expectErrorObject(stopped, 401, 'unauthorized');
    expect(stopped.body.details).toContain('blocked or deleted');
  });

  it('a deleted key behaves the same', async () => {
    const clock = createManualClock();
    const sb = await sandbox({ clock });
    const other = sb.addKey();
    const otherHeaders = { 'X-App-Id': other.appId, 'X-App-Token': other.appToken };
    const issued = await token(sb, 'api', otherHeaders);
    sb.deleteKey(other.appId);
    expectErrorObject(await token(sb, 'api', otherHeaders), 401, 'unauthorized');
    clock.advance(61_000);
    expectErrorObject(await call(sb, 'GET', '/v1/vouchers/X', { headers: bearer(issued.body.access_token) }), 401, 'unauthorized');
    expect((await token(sb, 'api')).status).toBe(200);
  });

  it('a regenerated key leaves existing tokens working and refuses the old app token', async () => {
    const sb = await sandbox();
    const oldHeaders = keyHeaders(sb);
    const issued = await token(sb, 'vouchers');
    const fresh = sb.regenerateKey(sb.credentials.appId);
    expect(fresh).not.toBe(oldHeaders['X-App-Token']);
    expectErrorObject(await call(sb, 'GET', '/v1/vouchers/X', { headers: bearer(issued.body.access_token) }), 404, 'not_found');
    expectErrorObject(await token(sb, 'vouchers', oldHeaders), 401, 'unauthorized');
    expect((await token(sb, 'vouchers', { 'X-App-Id': sb.credentials.appId, 'X-App-Token': fresh })).status).toBe(200);
  });

  it('revokes a token', async () => {
    const sb = await sandbox();
    const issued = await token(sb, 'api');
    const revoked = await call(sb, 'POST', '/v1/oauth/token/revoke', {
      headers: { ...keyHeaders(sb), 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `token=${issued.body.access_token}`,
    });
    expect(revoked.status).toBe(204);
    expectErrorObject(await call(sb, 'GET', '/v1/vouchers/X', { headers: bearer(issued.body.access_token) }), 401, 'unauthorized');
  });

  it('refuses a malformed Authorization header and an unknown token', async () => {
    const sb = await sandbox();
    expectErrorObject(await call(sb, 'GET', '/v1/vouchers/X', { headers: { Authorization: 'Basic abc' } }), 401, 'unauthorized');
    expectErrorObject(await call(sb, 'GET', '/v1/vouchers/X', { headers: bearer('made-up') }), 401, 'unauthorized');
  });
});
