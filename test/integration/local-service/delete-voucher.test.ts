import { describe, expect, it } from 'vitest';
import { bearer, call, expectErrorObject, sandbox, token } from './helpers';

describe('delete voucher', () => {
  it('moves a voucher to the bin by default (204), after which the code can be created again', async () => {
    const sb = await sandbox();
    const first = await call(sb, 'POST', '/v1/campaigns/camp_summersale01/vouchers/BIN-1');
    const before = sb.stats();
    const removed = await call(sb, 'DELETE', '/v1/vouchers/BIN-1');
    expect(removed.status).toBe(204);
    expect(sb.stats()).toMatchObject({ vouchers: before.vouchers - 1, vouchersInBin: before.vouchersInBin + 1 });
    expect(removed.body).toBeUndefined();
    expectErrorObject(await call(sb, 'GET', '/v1/vouchers/BIN-1'), 404, 'not_found');
    const again = await call(sb, 'POST', '/v1/campaigns/camp_summersale01/vouchers/BIN-1');
    expect(again.status).toBe(200);
    expect(again.body.id).not.toBe(first.body.id);
    expect((await call(sb, 'DELETE', '/v1/vouchers/BIN-1?force=false')).status).toBe(204);
  });

  it('removes permanently with force=true and answers 404 not_found with resource_id and resource_type', async () => {
    const sb = await sandbox();
    await call(sb, 'POST', '/v1/campaigns/camp_summersale01/vouchers/GONE%201');
    const before = sb.stats();
    expect((await call(sb, 'DELETE', '/v1/vouchers/GONE%201?force=true')).status).toBe(204);
    expect(sb.stats()).toMatchObject({ vouchers: before.vouchers - 1, vouchersInBin: before.vouchersInBin });
    const missing = await call(sb, 'DELETE', '/v1/vouchers/GONE%201?force=true');
    expectErrorObject(missing, 404, 'not_found');
    expect(missing.body).toMatchObject({ resource_id: 'GONE 1', resource_type: 'voucher' });
    expectErrorObject(await call(sb, 'DELETE', '/v1/vouchers/SUMMER-001?force=maybe'), 400, 'invalid_param');
    expect((await call(sb, 'GET', '/v1/vouchers/SUMMER-001')).status).toBe(200);
  });

  it('needs the vouchers scope', async () => {
    const sb = await sandbox();
    const t = await token(sb, 'campaigns');
    expectErrorObject(await call(sb, 'DELETE', '/v1/vouchers/SUMMER-001', { headers: bearer(t.body.access_token) }), 403, 'forbidden');
    const ok = await token(sb, 'vouchers');
    expect((await call(sb, 'DELETE', '/v1/vouchers/SUMMER-001', { headers: bearer(ok.body.access_token) })).status).toBe(204);
  });
});
