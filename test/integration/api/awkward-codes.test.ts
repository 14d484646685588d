import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceError } from '../../../shared/api';
import { startHarness, waitForJob, type Harness } from './sandbox-harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.sandbox.close());

const AWKWARD = [
  'A/B/C',
  'what?now',
  'hash#tag',
  '100%OFF',
  '%2F-already-encoded',
  'two  spaces ',
  'ZAŻÓŁĆ-GĘŚLĄ',
  '東京-2026',
  'emoji-🎉',
  'plus+and&amp=eq',
  '...',
  'back\\slash',
];

describe('codes with awkward characters round-trip through paths', () => {
  it('imports them, reads each back by code and deletes each by code', async () => {
    const client = h.client();
    const ref = await client.importVouchers(
      AWKWARD.map((code) => ({ code, type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 500, effect: 'APPLY_TO_ORDER' } })),
    );
    const action = await waitForJob(client, ref.async_action_id);
    expect(action.result?.failed ?? []).toEqual([]);
    expect(action.result?.done_count).toBe(AWKWARD.length);
    for (const code of AWKWARD) {
      expect((await client.getVoucher(code)).code).toBe(code);
    }
    for (const code of AWKWARD) await client.deleteVoucher(code, { force: true });
    for (const code of AWKWARD) {
      const error = await client.getVoucher(code).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ServiceError);
      expect((error as ServiceError).resource_id).toBe(code);
    }
  });

  it('adds awkward codes to a campaign addressed by name', async () => {
    const client = h.client();
    for (const code of ['camp/code?1', 'ünïcode #2']) {
      const voucher = await client.addVoucherToCampaign('Summer Sale', code);
      expect(voucher.code).toBe(code);
      expect((await client.getVoucher(code)).campaign).toBe('Summer Sale');
    }
  });
});
