// `queue import` packs a batch as CSV files when every row reads back the same: judged by the
// sandbox's own vouchers (a CSV-packed and a JSON-packed import of the same rows) and request log.
import { describe, expect, it } from 'vitest';
import { queueImport, queueImportPacked } from '../../../electron/operations/imports';
import { SyncEngine } from '../../../electron/sync/engine';
import type { RunningSandbox } from '../../../electron/local-service/types';
import { batchOf, clientFor, codes, desk, sandbox, type Desk } from './helpers';

const ROWS: Record<string, unknown>[] = [
  { code: 'MIX-GIFT', type: 'GIFT_VOUCHER', gift: { amount: 2500 }, category: 'Gifts', active: true, metadata: { region: 'north', note: '42' } },
  { code: 'MIX-AMOUNT', type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 500, effect: 'APPLY_TO_ORDER' }, redemption: { quantity: 3 } },
  {
    code: 'MIX-PERCENT',
    type: 'DISCOUNT_VOUCHER',
    discount: { type: 'PERCENT', percent_off: 12.5, effect: 'APPLY_TO_ORDER' },
    active: false,
    start_date: '2026-01-01',
    expiration_date: '2027-06-30T12:00:00Z',
  },
  {
    code: 'MIX-FIXED',
    type: 'DISCOUNT_VOUCHER',
    discount: { type: 'FIXED', fixed_amount: 900, effect: 'APPLY_TO_ORDER' },
    additional_info: 'line one, "two"\nline three',
    redemption: { quantity: null },
  },
  {
    code: 'MIX-META',
    type: 'DISCOUNT_VOUCHER',
    discount: { type: 'PERCENT', percent_off: 5, effect: 'APPLY_TO_ORDER' },
    category: 'Spring',
    metadata: { region: 'south' },
  },
];

async function mixedBatch(d: Desk, name: string): Promise<string> {
  const batch = await d.batches.create({ name, defaults: {} });
  await d.drafts.add(batch.id, ROWS);
  return String(batch.id);
}

async function sync(sb: RunningSandbox, d: Desk): Promise<void> {
  expect((await new SyncEngine({ outbox: d.outbox, client: clientFor(sb) }).run()).state).toBe('finished');
}

/** A voucher as the service keeps it, less what differs between any two imports (ids, times, asset links). */
async function stored(sb: RunningSandbox, code: string): Promise<Record<string, unknown>> {
  const voucher = (await clientFor(sb).getVoucher(code)) as unknown as Record<string, unknown>;
  const { id: _id, created_at: _c, updated_at: _u, category_id: _ci, assets: _a, categories, ...rest } = voucher;
  return { ...rest, categories: (categories as { id?: string }[]).map(({ id: _cid, ...category }) => category) };
}

function writes(sb: RunningSandbox): string[] {
  return sb
    .requestLog()
    .filter((r) => r.method === 'POST' && r.path.startsWith('/v1/vouchers/import'))
    .map((r) => r.path);
}

describe('queue import: CSV bodies when the rows fit', () => {
  it('gives the same vouchers on the service as JSON bodies, field by field', async () => {
    const [csvSb, jsonSb] = [await sandbox(), await sandbox()];
    const [csvDesk, jsonDesk] = [await desk(), await desk()];
    // Both batches first: a queued batch is frozen for every outbox open in this process.
    const [csvBatch, jsonBatch] = [await mixedBatch(csvDesk, 'mixed'), await mixedBatch(jsonDesk, 'mixed')];
    const packed = await queueImportPacked(csvDesk, csvBatch, { format: 'csv-when-fits' });
    expect(packed).toEqual({ op: expect.objectContaining({ kind: 'import-csv' }), needsAttention: [] });
    expect((await queueImport(jsonDesk, jsonBatch, { format: 'json' })).kind).toBe('import-json');
    await sync(csvSb, csvDesk);
    await sync(jsonSb, jsonDesk);
    expect(writes(csvSb)).toEqual(['/v1/vouchers/importCSV']);
    expect(writes(jsonSb)).toEqual(['/v1/vouchers/import']);
    for (const row of ROWS) {
      const code = row['code'] as string;
      expect(await stored(csvSb, code), code).toEqual(await stored(jsonSb, code));
    }
    expect(csvDesk.outbox.tally(packed.op.id)).toEqual({ applied: ROWS.length, present: 0, failed: 0 });
  });

  it('keeps JSON bodies for a batch with a row the CSV import would change, naming it', async () => {
    const d = await desk();
    const id = await batchOf(d, 'typed', codes('TYPED', 3));
    await d.drafts.edit(id, 2, { set: { metadata: { tier: 2 } } });
    const packed = await queueImportPacked(d, String(id), { format: 'csv-when-fits' });
    expect(packed.op.kind).toBe('import-json');
    expect(packed.jsonBecause).toEqual({ code: 'TYPED-00002', reason: 'the CSV import cannot carry metadata.tier (becomes text)' });
  });

  it('updates a code already on the service when packed as CSV, and refuses it with --refuse-existing (JSON)', async () => {
    const sb = await sandbox();
    const client = clientFor(sb);
    const list = codes('HAVE', 4);
    await client.importVouchers([
      { code: list[1] as string, type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 50, effect: 'APPLY_TO_ORDER' } },
    ]);
    const deadline = Date.now() + 10_000;
    while ((await client.listAsyncActions({ limit: 1 })).items[0]?.status !== 'DONE')
      if (Date.now() > deadline) throw new Error('the seed import did not finish');

    const refusing = await desk();
    const refused = await queueImport(refusing, String(await batchOf(refusing, 'refuse', list)), { format: 'json' });
    await sync(sb, refusing);
    expect(refusing.outbox.tally(refused.id)).toEqual({ applied: 3, present: 1, failed: 0 });
    expect(((await client.getVoucher(list[1] as string)).discount as { percent_off?: number }).percent_off).toBe(50);

    const updating = await desk();
    const updated = await queueImport(updating, String(await batchOf(updating, 'update', list)), { format: 'csv-when-fits' });
    expect(updated.kind).toBe('import-csv');
    await sync(sb, updating);
    // The batch's 10% replaced the 50% someone else set: the CSV import updated it.
    expect(((await client.getVoucher(list[1] as string)).discount as { percent_off?: number }).percent_off).toBe(10);
    expect(updating.outbox.tally(updated.id)).toEqual({ applied: 4, present: 0, failed: 0 });
  });
});
