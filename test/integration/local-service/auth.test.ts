import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../../electron/local-service/server';
import { bearer, call, expectErrorObject, keyHeaders, sandbox, token } from './helpers';

describe('sandbox clusters', () => {
  it('serves the project on its cluster and refuses the other clusters with wrong_cluster', async () => {
    const sb = await sandbox({ cluster: 'us1.api' });
    expect(Object.keys(sb.urls).sort()).toEqual(['api', 'as1.api', 'us1.api']);
    expect(new Set(Object.values(sb.urls)).size).toBe(3);
    for (const url of Object.values(sb.urls)) expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const wrong = await call(sb, 'GET', '/v1/vouchers/NOPE', { cluster: 'api' });
    expectErrorObject(wrong, 401, 'wrong_cluster');
    expect(wrong.body.message).toBe('Wrong cluster');
    expect(wrong.body.details).toBe(`This project is hosted on cluster us1.api (${sb.urls['us1.api']}); send requests there.`);
    const right = await call(sb, 'GET', '/v1/vouchers/NOPE');
    expectErrorObject(right, 404, 'not_found');
    const tokenElsewhere = await call(sb, 'POST', '/v1/oauth/token', {
      cluster: 'as1.api',
      headers: { ...keyHeaders(sb), 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials&scope=api',
    });
    expectErrorObject(tokenElsewhere, 401, 'wrong_cluster');
  });

  it('uses the given port for the hosting cluster', async () => {
    const probe = await sandbox();
    const port = Number(new URL(probe.urls.api).port);
    await probe.close();
    const sb = await sandbox({ port });
    expect(sb.urls.api).toBe(`http://127.0.0.1:${port}`);
  });
});

describe('sandbox key pairs', () => {
  it('refuses missing, wrong, blocked and deleted key pairs with 401 unauthorized', async () => {
    const sb = await sandbox({ appId: 'app-1', appToken: 'secret-1' });
    expect(sb.credentials).toEqual({ appId: 'app-1', appToken: 'secret-1' });
    expectErrorObject(await call(sb, 'GET', '/v1/vouchers/X', { headers: {} }), 401, 'unauthorized');
    expectErrorObject(await call(sb, 'GET', '/v1/vouchers/X', { headers: { 'X-App-Id': 'app-1', 'X-App-Token': 'nope' } }), 401, 'unauthorized');
    expectErrorObject(await call(sb, 'GET', '/v1/vouchers/X'), 404, 'not_found');
    const second = sb.addKey();
    sb.blockKey('app-1');
    expectErrorObject(await call(sb, 'GET', '/v1/vouchers/X'), 401, 'unauthorized');
    const secondHeaders = { 'X-App-Id': second.appId, 'X-App-Token': second.appToken };
    expectErrorObject(await call(sb, 'GET', '/v1/vouchers/X', { headers: secondHeaders }), 404, 'not_found');
    sb.deleteKey(second.appId);
    expectErrorObject(await call(sb, 'GET', '/v1/vouchers/X', { headers: secondHeaders }), 401, 'unauthorized');
  });

  it('generates a key pair when none is given', async () => {
    const sb = await sandbox();
    expect(sb.credentials.appId.length).toBeGreaterThan(8);
    expect(sb.credentials.appToken.length).toBeGreaterThan(16);
  });
});

describe('sandbox OAuth tokens', () => {
  it('issues a Bearer token with the granted scope that expires after 900 s on the injected clock', async () => {
    const clock = createManualClock(Date.UTC(2026, 4, 1, 12));
    const sb = await sandbox({ clock });
    const issued = await token(sb, 'vouchers async-actions');
    expect(issued.status).toBe(200);
    expect(Object.keys(issued.body)).toEqual(['access_token', 'client_id', 'expires_at', 'expires_in', 'scope', 'token_type']);
    expect(issued.body).toMatchObject({
      client_id: sb.credentials.appId,
      expires_at: Date.UTC(2026, 4, 1, 12) / 1000 + 900,
      expires_in: 900,
      scope: 'vouchers async-actions',
      token_type: 'Bearer',
    });
    const auth = bearer(issued.body.access_token);
    expectErrorObject(await call(sb, 'GET', '/v1/vouchers/X', { headers: auth }), 404, 'not_found');
    clock.advance(899_999);
    expectErrorObject(await call(sb, 'GET', '/v1/vouchers/X', { headers: auth }), 404, 'not_found');
    clock.advance(1);
    expectErrorObject(await call(sb, 'GET', '/v1/vouchers/X', { headers: auth }), 401, 'unauthorized');
  });

  it('answers 403 forbidden naming the scope a token lacks, and lets `api` through everywhere', async () => {
    const sb = await sandbox();
    const narrow = await token(sb, 'publications');
    const refused = await call(sb, 'GET', '/v1/vouchers/X', { headers: bearer(narrow.body.access_token) });
    expectErrorObject(refused, 403, 'forbidden');
    expect(refused.body.details).toContain('"vouchers"');
    const wide = await token(sb, 'api');
    expectErrorObject(await call(sb, 'GET', '/v1/vouchers/X', { headers: bearer(wide.body.access_token) }), 404, 'not_found');
  });

  it('refuses commas, unknown scopes, a missing scope, a wrong grant type and a JSON body', async () => {
    const sb = await sandbox();
    const comma = await token(sb, 'vouchers,campaigns');
    expectErrorObject(comma, 400, 'invalid_payload');
    expect(comma.body.details).toContain('comma');
    const unknown = await token(sb, 'vouchers wizardry');
    expectErrorObject(unknown, 400, 'invalid_payload');
    expect(unknown.body.details).toContain('wizardry');
    expectErrorObject(await token(sb, ''), 400, 'invalid_payload');
    const grant = await call(sb, 'POST', '/v1/oauth/token', {
      headers: { ...keyHeaders(sb), 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=password&scope=api',
    });
    expectErrorObject(grant, 400, 'invalid_payload');
    expect(grant.body.details).toContain('grant_type');
    const json = await call(sb, 'POST', '/v1/oauth/token', { json: { grant_type: 'client_credentials', scope: 'api' } });
    expectErrorObject(json, 400, 'invalid_payload');
  });

  it('needs the key pair to mint a token, not a bearer token', async () => {
    const sb = await sandbox();
    const issued = await token(sb, 'api');
    expectErrorObject(await token(sb, 'api', bearer(issued.body.access_token)), 401, 'unauthorized');
    expectErrorObject(await token(sb, 'api', { 'X-App-Id': sb.credentials.appId, 'X-App-Token': 'wrong' }), 401, 'unauthorized');
  });
});
