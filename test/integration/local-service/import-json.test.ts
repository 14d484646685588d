import { describe, expect, it } from 'vitest';
import { call, expectErrorObject, sandbox, waitForJob } from './helpers';

const gift = (code: string, extra: Record<string, unknown> = {}) => ({ code, type: 'GIFT_VOUCHER', gift: { amount: 5000 }, ...extra });
const percent = (code: string) => ({ code, type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 15, effect: 'APPLY_TO_ORDER' } });

describe('JSON import', () => {
  it('answers 202 with an async action that goes from ENQUEUED to DONE with the result of the facts', async () => {
    const sb = await sandbox();
    const answer = await call(sb, 'POST', '/v1/vouchers/import', {
      json: [
        gift('G-1', { metadata: { shop: 'north' }, redemption: { quantity: 3, redeemed_quantity: 2 }, colour: 'red', start_date: '2026-03-01' }),
        percent('P-1'),
      ],
    });
    expect(answer.status).toBe(202);
    expect(Object.keys(answer.body)).toEqual(['async_action_id']);
    expect(answer.body.async_action_id).toMatch(/^aa_/);
    const done = await waitForJob(sb, answer.body.async_action_id);
    expect(done).toMatchObject({
      id: answer.body.async_action_id,
      type: 'VOUCHERS.IMPORT',
      status: 'DONE',
      operation_status: 'SUCCESS',
      progress: 100,
      object: 'async_action',
      result: { done_count: 2, failed_count: 0, failed: [] },
    });
    expect(typeof done.result.message).toBe('string');
    expect(typeof done.request_id).toBe('string');
    expect(typeof done.processing_time).toBe('number');
    const voucher = await call(sb, 'GET', '/v1/vouchers/G-1');
    expect(voucher.status).toBe(200);
    expect(voucher.body).toMatchObject({
      code: 'G-1',
      type: 'GIFT_VOUCHER',
      campaign: null,
      campaign_id: null,
      gift: { amount: 5000, balance: 5000 },
      metadata: { shop: 'north' },
      start_date: '2026-03-01T00:00:00.000Z',
      redemption: { quantity: 3, redeemed_quantity: 0, object: 'list' },
      object: 'voucher',
    });
    expect(voucher.body).not.toHaveProperty('colour');
  });

  it('fails an existing code alone with a reason and creates the others', async () => {
    const sb = await sandbox();
    const first = await call(sb, 'POST', '/v1/vouchers/import', { json: [gift('DUP-1')] });
    await waitForJob(sb, first.body.async_action_id);
    const second = await call(sb, 'POST', '/v1/vouchers/import', { json: [gift('NEW-1'), gift('DUP-1'), gift('NEW-2')] });
    const done = await waitForJob(sb, second.body.async_action_id);
    expect(done.status).toBe('DONE');
    expect(done.result.done_count).toBe(2);
    expect(done.result.failed_count).toBe(1);
    expect(done.result.failed).toHaveLength(1);
    expect(done.result.failed[0].code).toBe('DUP-1');
    expect(done.result.failed[0].reason).toContain('already exists');
    expect((await call(sb, 'GET', '/v1/vouchers/NEW-2')).status).toBe(200);
  });

  it('refuses a body that is not a JSON array with 400 invalid_payload', async () => {
    const sb = await sandbox();
    expectErrorObject(await call(sb, 'POST', '/v1/vouchers/import', { json: { code: 'X' } }), 400, 'invalid_payload');
    expectErrorObject(await call(sb, 'POST', '/v1/vouchers/import', { json: [] }), 400, 'invalid_payload');
    const broken = await call(sb, 'POST', '/v1/vouchers/import', {
      body: '[{',
      headers: { 'X-App-Id': sb.credentials.appId, 'X-App-Token': sb.credentials.appToken, 'Content-Type': 'application/json' },
    });
    expectErrorObject(broken, 400, 'invalid_payload');
  });
});

describe('JSON import limits and item checks', () => {
  it('answers 400 limit_exceeded above 100,000 codes and stores nothing', async () => {
    const sb = await sandbox();
    const items = Array.from({ length: 100_001 }, (_, i) => ({ code: `L-${i}`, type: 'GIFT_VOUCHER', gift: { amount: 100 } }));
    const answer = await call(sb, 'POST', '/v1/vouchers/import', { json: items });
    expectErrorObject(answer, 400, 'limit_exceeded');
    expect(answer.body.details).toContain('100000');
    expect((await call(sb, 'GET', '/v1/vouchers/L-0')).status).toBe(404);
  });

  it('answers 400 limit_exceeded for a body above 10 MB', async () => {
    const sb = await sandbox();
    const filler = 'x'.repeat(1_000_000);
    const items = Array.from({ length: 11 }, (_, i) => gift(`BIG-${i}`, { additional_info: filler }));
    const answer = await call(sb, 'POST', '/v1/vouchers/import', { json: items });
    expectErrorObject(answer, 400, 'limit_exceeded');
    expect(answer.body.details).toContain('10 MB');
    expect((await call(sb, 'GET', '/v1/vouchers/BIG-0')).status).toBe(404);
  });

  it('fails invalid items alone with a reason naming the field', async () => {
    const sb = await sandbox();
    const answer = await call(sb, 'POST', '/v1/vouchers/import', {
      json: [
        gift('OK-1'),
        { code: 'BAD-TYPE', type: 'LOYALTY_CARD' },
        { code: 'BAD-GIFT', type: 'GIFT_VOUCHER', gift: { amount: -5 } },
        { code: 'BAD-DATE', type: 'GIFT_VOUCHER', gift: { amount: 5 }, expiration_date: '31/12/2026' },
        { code: 'BAD-EFFECT', type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 10, effect: 'ADD_NEW_ITEMS' } },
        { code: 'BAD-DAYS', type: 'GIFT_VOUCHER', gift: { amount: 5 }, validity_day_of_week: [7] },
        { type: 'GIFT_VOUCHER', gift: { amount: 5 } },
        {
          code: 'UNITS',
          type: 'DISCOUNT_VOUCHER',
          discount: { type: 'UNIT', effect: 'ADD_MANY_ITEMS', units: [{ unit_off: 1, unit_type: 'prod_a', effect: 'ADD_NEW_ITEMS' }] },
        },
        {
          code: 'AMOUNT',
          type: 'DISCOUNT_VOUCHER',
          discount: { type: 'AMOUNT', amount_off: 500, effect: 'APPLY_TO_ITEMS_PROPORTIONALLY' },
          expiration_date: '2026-12-31T23:59:59.000Z',
        },
      ],
    });
    const done = await waitForJob(sb, answer.body.async_action_id);
    expect(done.result.done_count).toBe(3);
    const reasons = Object.fromEntries(done.result.failed.map((f: { code: string; reason: string }) => [f.code, f.reason]));
    expect(reasons['BAD-TYPE']).toContain('type');
    expect(reasons['BAD-GIFT']).toContain('gift.amount');
    expect(reasons['BAD-DATE']).toContain('expiration_date');
    expect(reasons['BAD-EFFECT']).toContain('discount.effect');
    expect(reasons['BAD-DAYS']).toContain('validity_day_of_week');
    expect(reasons['']).toContain('code');
    expect((await call(sb, 'GET', '/v1/vouchers/AMOUNT')).body.discount).toEqual({ type: 'AMOUNT', amount_off: 500, effect: 'APPLY_TO_ITEMS_PROPORTIONALLY' });
  });

  it('marks an import whose every item failed as DONE with operation_status FAILED', async () => {
    const sb = await sandbox();
    const answer = await call(sb, 'POST', '/v1/vouchers/import', { json: [{ code: 'X' }] });
    const done = await waitForJob(sb, answer.body.async_action_id);
    expect(done).toMatchObject({ status: 'DONE', operation_status: 'FAILED', result: { done_count: 0, failed_count: 1 } });
  });
});
