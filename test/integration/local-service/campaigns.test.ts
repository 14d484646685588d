import { describe, expect, it } from 'vitest';
import { bearer, call, expectErrorObject, sandbox, token } from './helpers';

describe('add voucher with a code to a campaign', () => {
  it('creates the voucher with the campaign defaults and answers the full voucher object', async () => {
    const sb = await sandbox();
    const answer = await call(sb, 'POST', '/v1/campaigns/camp_summersale01/vouchers/MY-CODE%2F1', { json: {} });
    expect(answer.status).toBe(200);
    const v = answer.body;
    expect(v).toMatchObject({
      code: 'MY-CODE/1',
      campaign: 'Summer Sale',
      campaign_id: 'camp_summersale01',
      category: 'Seasonal',
      category_id: 'cat_seasonal0001',
      type: 'DISCOUNT_VOUCHER',
      discount: { type: 'PERCENT', percent_off: 20, effect: 'APPLY_TO_ORDER' },
      gift: null,
      loyalty_card: null,
      active: true,
      metadata: { season: 'summer' },
      is_referral_code: false,
      redemption: { quantity: 1, redeemed_quantity: 0, object: 'list' },
      publish: { object: 'list', count: 0 },
      validation_rules_assignments: { object: 'list', data_ref: 'data', data: [], total: 0 },
      object: 'voucher',
    });
    for (const key of [
      'id',
      'categories',
      'start_date',
      'expiration_date',
      'validity_timeframe',
      'validity_day_of_week',
      'additional_info',
      'assets',
      'created_at',
      'updated_at',
      'holder_id',
      'referrer_id',
    ])
      expect(v).toHaveProperty(key);
    expect(v).not.toHaveProperty('validity_hours');
    expect(v.assets.qr).toMatchObject({ id: expect.any(String), url: expect.any(String) });
    expect(v.publish.url).toContain('/v1/vouchers/MY-CODE%2F1/publications');
    expect((await call(sb, 'GET', '/v1/vouchers/MY-CODE%2F1')).body).toEqual(v);
  });

  it('finds the campaign by name, and lets the body override the defaults', async () => {
    const sb = await sandbox();
    const answer = await call(sb, 'POST', `/v1/campaigns/${encodeURIComponent('Refer a Friend')}/vouchers/FRIEND-1`, {
      json: {
        category: 'VIP',
        metadata: { source: 'desk' },
        redemption: { quantity: null },
        additional_info: 'for Dara',
        start_date: '2026-01-01T00:00:00Z',
        expiration_date: '2026-06-30',
        active: false,
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      campaign_id: 'camp_referfriend1',
      category: 'VIP',
      metadata: { source: 'desk' },
      redemption: { quantity: null },
      additional_info: 'for Dara',
      start_date: '2026-01-01T00:00:00.000Z',
      expiration_date: '2026-06-30T00:00:00.000Z',
      active: false,
      is_referral_code: true,
    });
    expect(answer.body.metadata).toEqual({ source: 'desk' });
    const replaced = await call(sb, 'POST', '/v1/campaigns/Summer%20Sale/vouchers/SUMMER-NEW', { json: { metadata: { shelf: 'B' } } });
    expect(replaced.body.metadata).toEqual({ shelf: 'B' });
    const byId = await call(sb, 'POST', '/v1/campaigns/camp_referfriend1/vouchers/FRIEND-2', { json: { category_id: 'cat_newcustomers' } });
    expect(byId.body).toMatchObject({ category: 'New customers', category_id: 'cat_newcustomers' });
  });

  it('answers 409 for an existing code, 404 for an unknown campaign and 400 for category with category_id', async () => {
    const sb = await sandbox();
    expect((await call(sb, 'POST', '/v1/campaigns/camp_summersale01/vouchers/TWICE')).status).toBe(200);
    const again = await call(sb, 'POST', '/v1/campaigns/camp_giftcards26/vouchers/TWICE', { json: {} });
    expectErrorObject(again, 409, 'duplicate_found');
    expect(again.body).toMatchObject({ resource_id: 'TWICE', resource_type: 'voucher' });
    const seeded = await call(sb, 'POST', '/v1/campaigns/camp_summersale01/vouchers/SUMMER-001', { json: {} });
    expectErrorObject(seeded, 409, 'duplicate_found');
    const unknown = await call(sb, 'POST', '/v1/campaigns/camp_nope/vouchers/X1', { json: {} });
    expectErrorObject(unknown, 404, 'not_found');
    expect(unknown.body).toMatchObject({ resource_id: 'camp_nope', resource_type: 'campaign' });
    const both = await call(sb, 'POST', '/v1/campaigns/camp_summersale01/vouchers/X2', { json: { category: 'A', category_id: 'cat_newcustomers' } });
    expectErrorObject(both, 400, 'invalid_payload');
    expect(both.body.details).toContain('category_id');
    for (const bad of [{ active: 'yes' }, { redemption: { quantity: 0 } }, { start_date: 'soon' }, { metadata: [] }]) {
      expectErrorObject(await call(sb, 'POST', '/v1/campaigns/camp_summersale01/vouchers/X3', { json: bad }), 400, 'invalid_payload');
    }
    expectErrorObject(await call(sb, 'POST', '/v1/campaigns/camp_summersale01/vouchers/X4', { json: { category_id: 'cat_missing' } }), 404, 'not_found');
    expect((await call(sb, 'GET', '/v1/vouchers/X2')).status).toBe(404);
  });

  it('refuses a code once the campaign holds its maximum of codes', async () => {
    const max = 8;
    const sb = await sandbox({ maxCodesPerCampaign: max });
    const seeded = (await call(sb, 'GET', `/v1/publications?limit=100&campaign=${encodeURIComponent('Gift Cards 2026')}`)).body.publications.filter(
      (p: { voucher?: unknown }) => p.voucher,
    ).length;
    expect(seeded).toBeGreaterThan(0);
    for (let i = seeded; i < max; i += 1) expect((await call(sb, 'POST', `/v1/campaigns/camp_giftcards26/vouchers/G-${i}`)).status).toBe(200);
    const full = await call(sb, 'POST', '/v1/campaigns/camp_giftcards26/vouchers/G-99');
    expectErrorObject(full, 400, 'limit_exceeded');
    expect(full.body.details).toContain(`at most ${max}`);
    expect((await call(sb, 'GET', '/v1/vouchers/G-99')).status).toBe(404);
  });

  it('needs the campaigns scope', async () => {
    const sb = await sandbox();
    const vouchersOnly = await token(sb, 'vouchers');
    expectErrorObject(
      await call(sb, 'POST', '/v1/campaigns/camp_summersale01/vouchers/S1', { headers: bearer(vouchersOnly.body.access_token) }),
      403,
      'forbidden',
    );
    const campaigns = await token(sb, 'campaigns');
    expect((await call(sb, 'POST', '/v1/campaigns/camp_summersale01/vouchers/S1', { headers: bearer(campaigns.body.access_token) })).status).toBe(200);
  });
});
