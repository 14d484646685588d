import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../electron/local-service/server';
import { call, keyHeaders, waitForJob } from './helpers';

// The sandbox keeps imported vouchers in a compact table (voucher-table.ts) and rebuilds each one when
// asked; these are the answers it gave when every voucher was a JSON row, pinned field by field for
// the shapes the app imports, and equal again after a restart from the data file.

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const JSON_ITEMS = [
  { code: 'J-PLAIN', type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 15, effect: 'APPLY_TO_ORDER' } },
  {
    code: 'J-FULL',
    type: 'DISCOUNT_VOUCHER',
    category: 'Spring',
    discount: { type: 'AMOUNT', amount_off: 500, effect: 'APPLY_TO_ORDER' },
    start_date: '2026-01-01',
    expiration_date: '2026-12-31T23:59:59Z',
    active: false,
    additional_info: 'for the shop window',
    metadata: { region: 'north', tier: 2, tags: ['a', 'b'] },
    redemption: { quantity: 3 },
    validity_day_of_week: [1, 5],
  },
  { code: 'J-GIFT', type: 'GIFT_VOUCHER', gift: { amount: 2500 }, metadata: { region: 'south' } },
  { code: 'J-FIXED', type: 'DISCOUNT_VOUCHER', category: 'Spring', discount: { type: 'FIXED', fixed_amount: 990, effect: 'APPLY_TO_ITEMS' } },
];

const CSV = [
  'Code,Voucher Type,Value,Discount Type,Category,Start Date,Expiration Date,Redemption Limit,Redeemed Quantity,Redeemed Amount,Active,Additional Info,Region,Shelf',
  'C-META,DISCOUNT_VOUCHER,25,PERCENT,Autumn,2026-09-01,2026-11-30,2,1,,true,"Note, with comma",north,B4',
  'C-GIFT,GIFT_VOUCHER,10000,,,,,,2,1500,,,south,',
  'C-BARE,DISCOUNT_VOUCHER,300,AMOUNT,,,,,,,,,,',
].join('\n');

async function importAll(sb: RunningSandbox): Promise<void> {
  const json = await call(sb, 'POST', '/v1/vouchers/import', { json: JSON_ITEMS });
  expect((await waitForJob(sb, json.body.async_action_id)).result.failed_count).toBe(0);
  const form = new FormData();
  form.append('file', new Blob([CSV], { type: 'text/csv' }), 'vouchers.csv');
  const csv = await call(sb, 'POST', '/v1/vouchers/importCSV', { headers: keyHeaders(sb), body: form });
  expect((await waitForJob(sb, csv.body.async_action_id)).result.failed_count).toBe(0);
}

const CODES = [...JSON_ITEMS.map((i) => i.code), 'C-META', 'C-GIFT', 'C-BARE'];

async function answers(sb: RunningSandbox): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const code of CODES) {
    const answer = await call(sb, 'GET', `/v1/vouchers/${code}`);
    expect(answer.status).toBe(200);
    out[code] = answer.body;
  }
  return out;
}

/** The whole voucher object as the service answers it; id, times and category id come from the answer. */
function voucher(code: string, id: string, createdAt: string, fields: Record<string, unknown>): Record<string, unknown> {
  const path = `/v1/vouchers/${code}`;
  const { redemption, ...rest } = fields as { redemption?: Record<string, unknown> };
  return {
    id,
    code,
    campaign: null,
    campaign_id: null,
    category: null,
    category_id: null,
    categories: [],
    type: 'DISCOUNT_VOUCHER',
    discount: null,
    gift: null,
    loyalty_card: null,
    start_date: null,
    expiration_date: null,
    validity_timeframe: null,
    validity_day_of_week: null,
    active: null,
    additional_info: null,
    metadata: {},
    assets: {
      qr: { id: `qr_${id}`, url: `https://sandbox.invalid/assets/qr/${id}` },
      barcode: { id: `bar_${id}`, url: `https://sandbox.invalid/assets/barcode/${id}` },
    },
    is_referral_code: null,
    created_at: createdAt,
    updated_at: null,
    holder_id: null,
    referrer_id: null,
    publish: { object: 'list', count: 0, url: `${path}/publications?page=1&limit=10` },
    redemption: { quantity: null, redeemed_quantity: 0, ...redemption, object: 'list', url: `${path}/redemptions?limit=10` },
    validation_rules_assignments: { object: 'list', data_ref: 'data', data: [], total: 0 },
    object: 'voucher',
    ...rest,
  };
}

describe('imported vouchers read back', () => {
  it('answer every field, metadata and date as before, and the same after a restart from the data file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vd-answers-'));
    dirs.push(dir);
    const dataFile = join(dir, 'sandbox.sqlite');
    const first = await startSandbox({ dataFile, appId: 'a', appToken: 't' });
    let before: Record<string, Record<string, unknown>>;
    try {
      await importAll(first);
      before = (await answers(first)) as Record<string, Record<string, unknown>>;
    } finally {
      await first.close();
    }
    const at = (code: string) => before[code] as { id: string; created_at: string; category_id: string };

    const full = at('J-FULL');
    expect(full).toStrictEqual(
      voucher('J-FULL', full.id, full.created_at, {
        category: 'Spring',
        category_id: full.category_id,
        categories: [{ id: full.category_id, name: 'Spring', hierarchy: 0, object: 'category' }],
        discount: { type: 'AMOUNT', amount_off: 500, effect: 'APPLY_TO_ORDER' },
        start_date: '2026-01-01T00:00:00.000Z',
        expiration_date: '2026-12-31T23:59:59.000Z',
        validity_day_of_week: [1, 5],
        active: false,
        additional_info: 'for the shop window',
        metadata: { region: 'north', tier: 2, tags: ['a', 'b'] },
        redemption: { quantity: 3 },
      }),
    );
    expect(at('J-FIXED').category_id).toBe(full.category_id);
    const plain = at('J-PLAIN');
    expect(plain).toStrictEqual(voucher('J-PLAIN', plain.id, plain.created_at, { discount: { type: 'PERCENT', percent_off: 15, effect: 'APPLY_TO_ORDER' } }));
    const gift = at('C-GIFT');
    expect(gift).toStrictEqual(
      voucher('C-GIFT', gift.id, gift.created_at, {
        type: 'GIFT_VOUCHER',
        gift: { amount: 10000, subtracted_amount: 0, balance: 8500, effect: null },
        metadata: { Region: 'south' },
        redemption: { redeemed_quantity: 2, redeemed_amount: 1500 },
      }),
    );
    const meta = at('C-META');
    expect(meta).toStrictEqual(
      voucher('C-META', meta.id, meta.created_at, {
        category: 'Autumn',
        category_id: meta.category_id,
        categories: [{ id: meta.category_id, name: 'Autumn', hierarchy: 0, object: 'category' }],
        discount: { type: 'PERCENT', percent_off: 25, effect: 'APPLY_TO_ORDER' },
        start_date: '2026-09-01T00:00:00.000Z',
        expiration_date: '2026-11-30T00:00:00.000Z',
        active: true,
        additional_info: 'Note, with comma',
        metadata: { Region: 'north', Shelf: 'B4' },
        redemption: { quantity: 2, redeemed_quantity: 1 },
      }),
    );
    const bare = at('C-BARE');
    expect(bare).toStrictEqual(voucher('C-BARE', bare.id, bare.created_at, { discount: { type: 'AMOUNT', amount_off: 300, effect: 'APPLY_TO_ORDER' } }));

    const second = await startSandbox({ dataFile, appId: 'a', appToken: 't' });
    try {
      expect(await answers(second)).toStrictEqual(before);
    } finally {
      await second.close();
    }
  });
});
