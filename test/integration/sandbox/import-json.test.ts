import { describe, expect, it } from 'vitest';
import { call, expectErrorObject, sandbox, waitForJob } from './helpers';

const gift = (code: string, extra: Record<string, unknown> = {}) => ({ code, type: 'GIFT_VOUCHER', gift: { amount: 5000 }, ...extra });
const percent = (code: string) => ({ code, type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 15, effect: 'APPLY_TO_ORDER' } });

describe('JSON import', () => {
  it('answers 202 with an async action that goes from ENQUEUED to DONE with the result of the facts', async () => {
    const sb = await sandbox();
    const answer = await call(sb, 'POST', '/v1/vouchers/import', {
      json: [gift('G-1', { metadata: { shop: 'north' }, redemption: { quantity: 3, redeemed_quantity: 2 }, colour: 'red', start_date: '2026-03-01' }), percent('P-1')],
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
    const broken = await call(sb, 'POST', '/v1/vouchers/import', { body: '[{', headers: { 'X-App-Id': sb.credentials.appId, 'X-App-Token': sb.credentials.appToken, 'Content-Type': 'application/json' } });
    expectErrorObject(broken, 400, 'invalid_payload');
  });
});
