import { describe, expect, it } from 'vitest';
import { bearer, call, expectErrorObject, sandbox, token } from './helpers';

describe('rewards', () => {
  it('creates CAMPAIGN, COIN and MATERIAL rewards and lists them', async () => {
    const sb = await sandbox();
    const before = (await call(sb, 'GET', '/v1/rewards?limit=100')).body.total;
    const digital = await call(sb, 'POST', '/v1/rewards', {
      json: { name: 'Top-up', type: 'CAMPAIGN', parameters: { campaign: { id: 'camp_giftcards26', balance: 1000 } }, metadata: { tier: 'gold' } },
    });
    expect(digital.status).toBe(200);
    expect(digital.body).toMatchObject({
      name: 'Top-up',
      type: 'CAMPAIGN',
      stock: null,
      redeemed: null,
      metadata: { tier: 'gold' },
      updated_at: null,
      object: 'reward',
      parameters: { campaign: { id: 'camp_giftcards26', balance: 1000 } },
    });
    expect(digital.body.id).toMatch(/^rew_/);
    const coin = await call(sb, 'POST', '/v1/rewards', {
      json: { name: 'Coins', type: 'COIN', parameters: { coin: { exchange_ratio: '0.5', points_ratio: '10' } } },
    });
    expect(coin.body).toMatchObject({ type: 'COIN', parameters: { coin: { exchange_ratio: 0.5, points_ratio: 10 } } });
    const numeric = await call(sb, 'POST', '/v1/rewards', {
      json: { name: 'Coins 2', type: 'COIN', parameters: { coin: { exchange_ratio: 0.25, points_ratio: 4 } } },
    });
    expect(numeric.body.parameters).toEqual({ coin: { exchange_ratio: 0.25, points_ratio: 4 } });
    const material = await call(sb, 'POST', '/v1/rewards', {
      json: {
        name: 'Tote bag',
        type: 'MATERIAL',
        stock: 25,
        attributes: { image_url: 'https://x.invalid/t.png', description: 'Canvas' },
        parameters: { product: { id: 'prod_tote', sku_id: 'sku_tote_red' } },
      },
    });
    expect(material.body).toMatchObject({
      type: 'MATERIAL',
      stock: 25,
      redeemed: 0,
      attributes: { description: 'Canvas' },
      parameters: { product: { id: 'prod_tote', sku_id: 'sku_tote_red' } },
    });
    const listed = await call(sb, 'GET', '/v1/rewards?limit=100');
    expect(listed.body).toMatchObject({ object: 'list', data_ref: 'data', total: before + 4 });
    expect(listed.body.data.slice(-4).map((r: { id: string }) => r.id)).toEqual([digital.body.id, coin.body.id, numeric.body.id, material.body.id]);
    const page = await call(sb, 'GET', `/v1/rewards?limit=1&page=${before + 2}`);
    expect(page.body.data.map((r: { id: string }) => r.id)).toEqual([coin.body.id]);
  });

  it('refuses invalid rewards with 400 naming the field, and an unknown campaign with 404', async () => {
    const sb = await sandbox();
    const cases: [unknown, string][] = [
      [{ type: 'CAMPAIGN', parameters: { campaign: { id: 'camp_giftcards26' } } }, 'name'],
      [{ name: 'X', type: 'DIGITAL', parameters: {} }, 'type'],
      [{ name: 'X', type: 'CAMPAIGN' }, 'parameters'],
      [{ name: 'X', type: 'CAMPAIGN', parameters: { campaign: {} } }, 'parameters.campaign.id'],
      [{ name: 'X', type: 'CAMPAIGN', parameters: { campaign: { id: 'camp_giftcards26', balance: -1 } } }, 'balance'],
      [{ name: 'X', type: 'COIN', parameters: { coin: { exchange_ratio: 'lots', points_ratio: '1' } } }, 'exchange_ratio'],
      [{ name: 'X', type: 'COIN', parameters: {} }, 'parameters.coin'],
      [{ name: 'X', type: 'MATERIAL', parameters: { product: {} } }, 'parameters.product.id'],
      [{ name: 'X', type: 'MATERIAL', stock: 1.5, parameters: { product: { id: 'prod_a' } } }, 'stock'],
      [{ name: 'X', type: 'COIN', stock: 3, parameters: { coin: { exchange_ratio: '1', points_ratio: '1' } } }, 'stock'],
      [{ name: 'X', type: 'MATERIAL', metadata: 'm', parameters: { product: { id: 'prod_a' } } }, 'metadata'],
    ];
    for (const [body, field] of cases) {
      const answer = await call(sb, 'POST', '/v1/rewards', { json: body });
      expectErrorObject(answer, 400, 'invalid_payload');
      expect(answer.body.details, JSON.stringify(body)).toContain(field);
    }
    const unknown = await call(sb, 'POST', '/v1/rewards', { json: { name: 'X', type: 'CAMPAIGN', parameters: { campaign: { id: 'camp_nope' } } } });
    expectErrorObject(unknown, 404, 'not_found');
    expect(unknown.body.resource_type).toBe('campaign');
    expectErrorObject(await call(sb, 'GET', '/v1/rewards?limit=101'), 400, 'invalid_param');
  });

  it('needs the rewards scope', async () => {
    const sb = await sandbox();
    const t = await token(sb, 'vouchers');
    expectErrorObject(await call(sb, 'GET', '/v1/rewards', { headers: bearer(t.body.access_token) }), 403, 'forbidden');
    const ok = await token(sb, 'rewards');
    expect((await call(sb, 'GET', '/v1/rewards', { headers: bearer(ok.body.access_token) })).status).toBe(200);
  });
});
