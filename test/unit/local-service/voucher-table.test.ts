import { describe, expect, it } from 'vitest';
import { loadSqlJs } from '../../../electron/store/sqljs';
import { compactVoucher, expandVoucher, voucherObject, VOUCHER_DEFAULTS, type VoucherRecord } from '../../../electron/local-service/voucher-record';
import { VoucherStore } from '../../../electron/local-service/voucher-store';
import { VoucherTable } from '../../../electron/local-service/voucher-table';

const CREATED = '2026-03-01T10:00:00.000Z';

function record(code: string, fields: Partial<VoucherRecord> = {}): VoucherRecord {
  return { ...VOUCHER_DEFAULTS, metadata: {}, id: `v_${code}`, code, type: 'DISCOUNT_VOUCHER', created_at: CREATED, ...fields };
}

// The shapes the sandbox stores: what the JSON and CSV imports make (with and without category,
// metadata, dates, limits, redeemed counters) and what a campaign's add-voucher and the seed make.
const SHAPES: VoucherRecord[] = [
  record('PLAIN', { discount: { type: 'PERCENT', percent_off: 15, effect: 'APPLY_TO_ORDER' } }),
  record('GIFT', { type: 'GIFT_VOUCHER', gift: { amount: 2500 }, redeemed_amount: 500, redeemed_quantity: 1 }),
  record('GIFT-EFFECT', { type: 'GIFT_VOUCHER', gift: { amount: 100, effect: 'APPLY_TO_ITEMS' } }),
  record('FULL', {
    category: 'spring',
    category_id: 'cat_1',
    discount: { type: 'AMOUNT', amount_off: 500, effect: 'APPLY_TO_ORDER' },
    start_date: '2026-01-01T00:00:00.000Z',
    expiration_date: '2026-12-31T23:59:59.000Z',
    validity_timeframe: { interval: 'P1D', duration: 'PT1H' },
    validity_day_of_week: [1, 2, 5],
    active: false,
    additional_info: 'Note, with comma',
    metadata: { Region: 'north', tier: 2, nested: { a: [1, 'x'] }, none: null },
    redemption_quantity: 3,
  }),
  record('UNITS', { discount: { type: 'UNIT', units: [{ unit_off: 1, unit_type: 'prod_1', effect: 'ADD_NEW_ITEMS' }], effect: 'ADD_MANY_ITEMS' } }),
  record('CAMPAIGN', {
    campaign: 'Spring',
    campaign_id: 'camp_1',
    is_referral_code: true,
    loyalty_card: { points: 10 },
    type: 'LOYALTY_CARD',
    holder_id: 'cust_1',
    updated_at: '2026-03-02T00:00:00.000Z',
  }),
  record('ZERO', { active: true, redemption_quantity: 1, redeemed_quantity: 0, metadata: { zero: 0, empty: '', no: false } }),
  record('ünïcödé-✓-コード'),
  record(`LONG-${'x'.repeat(300)}`),
];

describe('compact voucher table', () => {
  it('gives back every shape exactly as the JSON rows of the SQLite table did, answer for answer', () => {
    const table = new VoucherTable();
    const rows = SHAPES.map((v) => table.add(v));
    SHAPES.forEach((v, i) => {
      const before = expandVoucher(compactVoucher(v));
      const now = table.record(rows[i] as number);
      expect(now).toStrictEqual(before);
      expect(JSON.stringify(voucherObject(now))).toBe(JSON.stringify(voucherObject(before)));
    });
  });

  it('gives a fresh object each time: changing an answer does not change the stored voucher', () => {
    const table = new VoucherTable();
    const row = table.add(SHAPES[3] as VoucherRecord);
    const first = table.record(row);
    first.metadata.Region = 'changed';
    (first.discount as Record<string, unknown>).amount_off = 1;
    expect(table.record(row)).toStrictEqual(expandVoucher(compactVoucher(SHAPES[3] as VoucherRecord)));
  });

  it('finds each of 100,000 codes after the index has grown, and no code it does not hold', () => {
    const table = new VoucherTable();
    for (let i = 0; i < 100_000; i += 1) table.add(record(`C-${i}`, { metadata: i % 2 ? { n: i } : {} }));
    expect(table.size).toBe(100_000);
    for (const i of [0, 1, 65_535, 65_536, 50_001, 99_999]) {
      const found = table.record(table.find(`C-${i}`));
      expect(found.code).toBe(`C-${i}`);
      expect(found.id).toBe(`v_C-${i}`);
      expect(found.metadata).toEqual(i % 2 ? { n: i } : {});
    }
    expect(table.find('C-100000')).toBe(-1);
    expect(table.find('c-1')).toBe(-1);
  });

  it('frees a removed code for a new voucher and keeps the counts per campaign', () => {
    const table = new VoucherTable();
    const row = table.add(record('A', { campaign_id: 'camp_1' }));
    table.add(record('B', { campaign_id: 'camp_1' }));
    expect(table.countInCampaign('camp_1')).toBe(2);
    table.remove(row);
    expect(table.find('A')).toBe(-1);
    expect(table.countInCampaign('camp_1')).toBe(1);
    expect(table.size).toBe(1);
    const again = table.add(record('A', { id: 'v_new' }));
    expect(table.record(again).id).toBe('v_new');
    table.replace(table.find('B'), record('B', { updated_at: CREATED }));
    expect(table.countInCampaign('camp_1')).toBe(0);
    expect(table.record(table.find('B'))).toMatchObject({ id: 'v_B', updated_at: CREATED, campaign_id: null });
  });
});

describe('voucher store', () => {
  it('takes back the table changes of a failed transaction with its SQLite ones', async () => {
    const SQL = await loadSqlJs();
    const db = new SQL.Database();
    db.run('CREATE TABLE bin (id TEXT PRIMARY KEY, code TEXT NOT NULL, deleted_at TEXT NOT NULL, data TEXT NOT NULL)');
    const store = new VoucherStore(db, false);
    store.insert(record('KEPT', { additional_info: 'before' }));
    expect(() =>
      store.transaction(() => {
        store.insert(record('NEW'));
        store.update(record('KEPT', { additional_info: 'after' }));
        throw new Error('portion failed');
      }),
    ).toThrow('portion failed');
    expect(store.get('NEW')).toBeUndefined();
    expect(store.get('KEPT')?.additional_info).toBe('before');
    expect(store.count()).toBe(1);
    expect(store.insert(record('KEPT'))).toBe(false);
  });
});
