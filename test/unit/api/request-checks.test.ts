import { describe, expect, it } from 'vitest';
import { InvalidRequestError, createClient, type AddVoucherRequest, type VoucherClient } from '../../../shared/api';
import type { VoucherDraft } from '../../../shared/domain/voucher';

// Every request here must be refused before it reaches the network.
let sent = 0;
const client: VoucherClient = createClient({
  target: { sandbox: 'http://127.0.0.1:9' },
  auth: { type: 'keys', appId: 'app', appToken: 'secret-token' },
  fetch: async () => {
    sent += 1;
    throw new Error('nothing should be sent');
  },
});

async function refused(run: () => Promise<unknown>, parameter: string): Promise<void> {
  const before = sent;
  const error = await run().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(InvalidRequestError);
  expect((error as InvalidRequestError).parameter).toBe(parameter);
  expect(sent).toBe(before);
}

const draft = (code: string): VoucherDraft => ({ code, type: 'GIFT_VOUCHER', gift: { amount: 1 } });

describe('requests refused before sending', () => {
  it('checks import bodies against the 100,000-code and 10 MB limits', async () => {
    await refused(() => client.importVouchers([]), 'vouchers');
    await refused(() => client.importVouchers(Array.from({ length: 100_001 }, (_, i) => draft(`C${i}`))), 'vouchers');
    await refused(() => client.importVouchers({ serialized: `[${'"x",'.repeat(2_500_000)}"x"]` }), 'body');
    await refused(() => client.importVouchers({ serialized: '{"code":"A"}' }), 'body');
    await refused(() => client.importVouchersCsv('  \n'), 'file');
    await refused(() => client.importVouchersCsv(`Code\n${'ż'.repeat(5_000_001)}`), 'file');
  });

  it('checks paths, add-to-campaign bodies and list queries', async () => {
    await refused(() => client.getVoucher(''), 'code');
    await refused(() => client.deleteVoucher('..'), 'code');
    await refused(() => client.addVoucherToCampaign('', 'A'), 'campaignId');
    await refused(() => client.addVoucherToCampaign('camp', 'A', { category: 'x', category_id: 'cat_1' }), 'body.category_id');
    await refused(() => client.addVoucherToCampaign('camp', 'A', { redemption: { quantity: -1 } }), 'body.redemption.quantity');
    await refused(() => client.addVoucherToCampaign('camp', 'A', { code: 'B' } as AddVoucherRequest), 'body.code');
    await refused(() => client.listRewards({ page: 0 }), 'page');
    await refused(() => client.listAsyncActions({ end_date: 'last week' }), 'end_date');
    await refused(() => client.createToken(['vouchers', 'everything' as 'api']), 'scope');
  });

  it('refuses bad targets and credentials at creation, never echoing the secret', () => {
    expect(() => createClient({ target: { dedicated: 'acme.example' }, auth: { type: 'keys', appId: 'a', appToken: 't' } })).toThrow(/target\.dedicated/);
    let error: unknown;
    try {
      createClient({ target: { region: 'eu' }, auth: { type: 'keys', appId: 'a', appToken: ' ' } });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect((error as InvalidRequestError).parameter).toBe('auth.appToken');
    expect((error as Error).message).not.toContain('secret');
  });
});
