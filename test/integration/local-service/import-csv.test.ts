import { describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../electron/local-service/server';
import { call, expectErrorObject, keyHeaders, sandbox, waitForJob } from './helpers';

function form(csv: string | undefined, extra: Record<string, string> = {}): FormData {
  const data = new FormData();
  if (csv !== undefined) data.append('file', new Blob([csv], { type: 'text/csv' }), 'vouchers.csv');
  for (const [k, v] of Object.entries(extra)) data.append(k, v);
  return data;
}

const upload = (sb: RunningSandbox, body: FormData) => call(sb, 'POST', '/v1/vouchers/importCSV', { headers: keyHeaders(sb), body });

describe('CSV import', () => {
  it('imports rows, maps standard headers and puts other columns in metadata', async () => {
    const sb = await sandbox();
    const csv = [
      'Code,Voucher Type,Value,Discount Type,Category,Start Date,Expiration Date,Redemption Limit,Active,Additional Info,Region',
      'CSV-1,DISCOUNT_VOUCHER,25,PERCENT,Autumn,2026-09-01,2026-11-30T23:59:59Z,2,true,"Note, with comma",north',
      'CSV-2,GIFT_VOUCHER,10000,,,,,,false,,south',
    ].join('\n');
    const answer = await upload(sb, form(csv));
    expect(answer.status).toBe(202);
    const done = await waitForJob(sb, answer.body.async_action_id);
    expect(done).toMatchObject({ type: 'VOUCHERS.IMPORT_CSV', status: 'DONE', result: { done_count: 2, failed_count: 0 } });
    const one = (await call(sb, 'GET', '/v1/vouchers/CSV-1')).body;
    expect(one).toMatchObject({
      type: 'DISCOUNT_VOUCHER',
      discount: { type: 'PERCENT', percent_off: 25 },
      category: 'Autumn',
      start_date: '2026-09-01T00:00:00.000Z',
      expiration_date: '2026-11-30T23:59:59.000Z',
      redemption: { quantity: 2 },
      active: true,
      additional_info: 'Note, with comma',
      metadata: { Region: 'north' },
    });
    expect(typeof one.category_id).toBe('string');
    expect((await call(sb, 'GET', '/v1/vouchers/CSV-2')).body).toMatchObject({ gift: { amount: 10000 }, active: false });
  });

  it('takes Redeemed Quantity, and Redeemed Amount of gift cards, which the JSON import skips', async () => {
    const sb = await sandbox();
    const csv = [
      'code,voucher type,value,discount type,redeemed quantity,redeemed amount',
      'R-1,GIFT_VOUCHER,5000,,2,1500',
      'R-2,DISCOUNT_VOUCHER,10,PERCENT,1,',
      'R-3,DISCOUNT_VOUCHER,10,PERCENT,,100',
      'R-4,GIFT_VOUCHER,5000,,,6000',
      'R-5,GIFT_VOUCHER,5000,,-1,',
    ].join('\r\n');
    const done = await waitForJob(sb, (await upload(sb, form(csv))).body.async_action_id);
    expect(done.result.failed.map((f: { row: number }) => f.row)).toEqual([3, 4, 5]);
    expect(done.result.failed[0].reason).toContain('Redeemed Amount');
    const gift = (await call(sb, 'GET', '/v1/vouchers/R-1')).body;
    expect(gift.gift).toMatchObject({ amount: 5000, balance: 3500 });
    expect(gift.redemption).toMatchObject({ redeemed_quantity: 2, redeemed_amount: 1500 });
    expect((await call(sb, 'GET', '/v1/vouchers/R-2')).body.redemption.redeemed_quantity).toBe(1);
  });

  it('updates a re-uploaded code and gives failed rows their row number', async () => {
    const sb = await sandbox();
    const first = await upload(sb, form('Code,Voucher Type,Value\nRE-1,GIFT_VOUCHER,500\n'));
    await waitForJob(sb, first.body.async_action_id);
    const created = (await call(sb, 'GET', '/v1/vouchers/RE-1')).body;
    const second = await upload(sb, form('Code,Voucher Type,Value\nRE-1,GIFT_VOUCHER,900\nBAD,GIFT_VOUCHER,abc\nRE-1,GIFT_VOUCHER,1\n,GIFT_VOUCHER,5\n'));
    const done = await waitForJob(sb, second.body.async_action_id);
    expect(done.result.done_count).toBe(1);
    expect(done.result.failed.map((f: { row: number; code: string }) => [f.row, f.code])).toEqual([
      [2, 'BAD'],
      [3, 'RE-1'],
      [4, ''],
    ]);
    for (const f of done.result.failed) expect(typeof f.reason).toBe('string');
    const updated = (await call(sb, 'GET', '/v1/vouchers/RE-1')).body;
    expect(updated.gift.amount).toBe(900);
    expect(updated.id).toBe(created.id);
    expect(updated.updated_at).not.toBeNull();
  });

  it('answers 400 invalid_payload when file is missing, or the body is not multipart', async () => {
    const sb = await sandbox();
    const missing = await upload(sb, form(undefined, { webhooks_enable: 'true' }));
    expectErrorObject(missing, 400, 'invalid_payload');
    expect(missing.body.details).toContain('file');
    expect(missing.body.details).toContain('required');
    expectErrorObject(await call(sb, 'POST', '/v1/vouchers/importCSV', { json: { file: 'Code\nA' } }), 400, 'invalid_payload');
    expectErrorObject(await upload(sb, form('Name,Value\nA,1\n')), 400, 'invalid_payload');
  });

  it('answers 400 limit_exceeded above 100,000 codes and above 10 MB', async () => {
    const sb = await sandbox();
    const rows = Array.from({ length: 100_001 }, (_, i) => `C${i},GIFT_VOUCHER,1`);
    const many = await upload(sb, form(`Code,Voucher Type,Value\n${rows.join('\n')}\n`));
    expectErrorObject(many, 400, 'limit_exceeded');
    expect(many.body.details).toContain('100000');
    const huge = await upload(sb, form(`Code,Notes\nA,${'y'.repeat(10_000_001)}\n`));
    expectErrorObject(huge, 400, 'limit_exceeded');
    expect(huge.body.details).toContain('10 MB');
  });

  it('records webhooks_enable for each import', async () => {
    const sb = await sandbox();
    const on = await upload(sb, form('Code,Voucher Type,Value\nW-1,GIFT_VOUCHER,5\n', { webhooks_enable: 'true' }));
    const off = await upload(sb, form('Code,Voucher Type,Value\nW-2,GIFT_VOUCHER,5\n'));
    expect(sb.stats().csvImports).toEqual([
      { asyncActionId: on.body.async_action_id, webhooksEnable: true },
      { asyncActionId: off.body.async_action_id, webhooksEnable: false },
    ]);
    expectErrorObject(await upload(sb, form('Code\nW-3\n', { webhooks_enable: 'maybe' })), 400, 'invalid_payload');
  });
});
