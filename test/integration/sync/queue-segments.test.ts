// Queueing from the batch's segment summaries (no row read) against queueing row by row: the same
// requests, the same checksums, and the sandbox's own codes and request log after the sync. A change
// behind the outbox's back (a library put back from an older copy) must stop the request, not send it.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCsvFile } from '../../../electron/batches/csv-import';
import { readSegments } from '../../../electron/batches/segments';
import { queueImport } from '../../../electron/operations/imports';
import type { RequestRecord } from '../../../electron/outbox/records';
import { SyncEngine } from '../../../electron/sync/engine';
import { fixtureCode, writeFixtureCsv } from '../batches/csv-fixture';
import { batchOf, clientFor, codes, codesOnService, desk, sandbox, type Desk } from './helpers';

const SHAPE = (r: RequestRecord) => ({
  codes: r.codes,
  bytes: r.bytes,
  rowsFrom: r.rowsFrom,
  rowsTo: r.rowsTo,
  sourceHash: r.sourceHash,
  bodyHash: r.bodyHash,
});

async function withoutSegments(d: Desk, batchId: number): Promise<void> {
  await d.library.write((tx) => tx.run('DELETE FROM segments WHERE batch_id = ?', [batchId]));
}

function imports(d: { requestLog(): { method: string; path: string }[] }): number {
  return d.requestLog().filter((r) => r.method === 'POST' && r.path.startsWith('/v1/vouchers/import')).length;
}

describe('queueing a batch from its segments', () => {
  it('plans the requests row-by-row queueing plans, and the sync puts every code on the service once', async () => {
    const d = await desk();
    const file = join(d.dir, 'codes.csv');
    await writeFixtureCsv(file, 150_000);
    const summarized = (await d.batches.create({ name: 'summarized', defaults: {} })).id;
    await importCsvFile(d.library, (id) => d.outbox.frozenBy(id), summarized, file);
    const plain = (await d.batches.duplicate(summarized, 'plain')).id;
    const shape = (batch: number) => readSegments(d.library, batch)?.map((s) => [s.rowFrom, s.rowTo, s.rows, s.sets.length]);
    expect(shape(summarized)).toEqual([
      [1, 100_000, 100_000, 90],
      [100_001, 150_000, 50_000, 90],
    ]);
    expect(shape(plain)).toEqual(shape(summarized));
    await withoutSegments(d, plain);
    expect(readSegments(d.library, plain)).toBeUndefined();

    const fast = await queueImport(d, String(summarized), { format: 'csv-when-fits' });
    const slow = await queueImport(d, String(plain), { format: 'csv-when-fits' });
    expect(fast.kind).toBe('import-csv');
    expect(d.outbox.requests(fast.id).map(SHAPE)).toEqual(d.outbox.requests(slow.id).map(SHAPE));
    expect(d.outbox.requests(fast.id).map((r) => [r.rowsFrom, r.rowsTo, r.codes, r.bodyHash])).toEqual([
      [1, 100_000, 100_000, null],
      [100_001, 150_000, 50_000, null],
    ]);
    await d.outbox.cancel(slow.id);

    const sb = await sandbox();
    const before = sb.stats().vouchers;
    const client = clientFor(sb);
    expect((await new SyncEngine({ outbox: d.outbox, client }).run()).state).toBe('finished');
    expect(imports(sb)).toBe(2);
    expect(sb.stats().vouchers - before).toBe(150_000);
    expect(d.outbox.tally(fast.id)).toEqual({ applied: 150_000, present: 0, failed: 0 });
    const sample = [1, 99_999, 100_000, 100_001, 150_000].map(fixtureCode);
    expect(await codesOnService(client, sample)).toEqual(sample);
    const last = await client.getVoucher(fixtureCode(150_000));
    expect([last.metadata, last.discount]).toEqual([{ region: 'north' }, expect.objectContaining({ type: 'PERCENT', percent_off: (150_000 % 90) + 5 })]);
  }, 120_000);

  it('reads again only the segment an edit made stale, and the rows once rows are added or removed', async () => {
    const d = await desk();
    const batch = await batchOf(d, 'edited', codes('EDT', 30));
    const segments = () => d.library.all<{ rows: number; stale: number }>('SELECT rows, summary IS NULL AS stale FROM segments WHERE batch_id = ?', [batch]);
    expect(segments()).toEqual([{ rows: 30, stale: 0 }]);
    await d.drafts.edit(batch, 3, { code: 'EDT-NEW' });
    expect(segments()).toEqual([{ rows: 30, stale: 1 }]);
    // The stale one is summarized from its rows, as if it had been written so.
    const read = readSegments(d.library, batch);
    await withoutSegments(d, batch);
    const fresh = await batchOf(d, 'fresh', [...codes('EDT', 30).slice(0, 2), 'EDT-NEW', ...codes('EDT', 30).slice(3)]);
    expect(read).toEqual(readSegments(d.library, fresh));

    const again = await batchOf(d, 'again', codes('AGN', 5));
    await d.drafts.add(again, [{ code: 'AGN-6' }]);
    expect(readSegments(d.library, again)).toBeUndefined();
    const deleted = await batchOf(d, 'deleted', codes('DEL', 5));
    await d.drafts.delete(deleted, [2]);
    expect(readSegments(d.library, deleted)).toBeUndefined();
    expect(d.batches.get(deleted).rows).toBe(4);
  });

  it.each([
    ['a code', 'UPDATE drafts SET code = ? WHERE batch_id = ? AND row_no = 2', 'CHG-OTHER'],
    ['a field set', 'UPDATE field_sets SET fields = ? WHERE id = (SELECT set_id FROM drafts WHERE batch_id = ? AND row_no = 2)', '{"category":"other"}'],
  ])('stops a request whose rows changed behind the outbox (%s) and sends the rest', async (_what, sql, value) => {
    const d = await desk();
    const list = codes('CHG', 6);
    const batch = await batchOf(d, 'changed', list);
    const op = await queueImport(d, String(batch), { format: 'json' });
    await d.library.write((tx) => tx.run(sql, [value, batch]));
    const sb = await sandbox();
    const client = clientFor(sb);
    await new SyncEngine({ outbox: d.outbox, client }).run();
    const [request] = d.outbox.requests(op.id);
    expect(request?.state).toBe('needs_attention');
    expect(request?.lastError?.message).toContain(`rows 1 to 6 of batch ${batch}`);
    expect(request?.lastError?.message).toContain('no longer make the body that was queued');
    expect(imports(sb)).toBe(0);
    expect(await codesOnService(client, list)).toEqual([]);
  });
});
