import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BODIES_FOLDER } from '../../../electron/outbox/bodies';
import { Outbox } from '../../../electron/outbox/outbox';
import { outboxMigrations } from '../../../electron/outbox/schema';
import { openOutbox } from '../../../electron/store/databases';
import { queueAddToCampaign } from '../../../electron/operations/add-to-campaign';
import { queueImport } from '../../../electron/operations/imports';
import { queueDelete } from '../../../electron/operations/delete';
import { queueReward } from '../../../electron/operations/reward';
import { cancelOperation } from '../../../electron/outbox/report';
import { SyncEngine } from '../../../electron/sync/engine';
import { planFor } from '../../../electron/sync/dry-run';
import { OPERATION_MARKER_KEY } from '../../../shared/operations/marker';
import { batchOf, clientFor, codes, codesOnService, desk, sandbox, tempDir } from './helpers';

describe('outbox operations', () => {
  it('refuses to add a batch carrying a discount to a campaign, naming the fields, unless the values are dropped', async () => {
    const d = await desk();
    const id = await batchOf(d, 'valued', codes('VAL', 3), { discount: { type: 'PERCENT', percent_off: 35, effect: 'APPLY_TO_ORDER' } });
    const refusal = queueAddToCampaign(d, String(id), 'camp_summersale01');
    await expect(refusal).rejects.toThrow(
      /carries values .*: type \(e\.g\. "DISCOUNT_VOUCHER", 3 row\(s\)\), discount \(e\.g\. \{"type":"PERCENT","percent_off":35.*--drop-values/,
    );
    expect(d.outbox.operations()).toEqual([]);
    expect(d.outbox.frozenBy(id)).toBeUndefined();
    const op = (await queueAddToCampaign(d, String(id), 'camp_summersale01', { dropValues: true })).op;
    const body = JSON.parse(d.outbox.request(op.id, 0).body as string) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['metadata']);
    expect(body.metadata).toEqual({ [OPERATION_MARKER_KEY]: op.uid });
  });

  it("counts as ours a code the service added late for an earlier send (our marker), and someone else's as already there", async () => {
    const sb = await sandbox();
    const d = await desk();
    const client = clientFor(sb);
    const list = codes('LATE', 3);
    const id = await batchOf(d, 'late', list);
    const op = (await queueAddToCampaign(d, String(id), 'camp_summersale01', { dropValues: true })).op;
    // The service carried out our first request after the client had given up on it; another client added the second code.
    await client.addVoucherToCampaign('camp_summersale01', 'LATE-00001', JSON.parse(d.outbox.request(op.id, 0).body as string));
    await client.addVoucherToCampaign('camp_summersale01', 'LATE-00002', { metadata: { owner: 'someone else' } });
    expect((await new SyncEngine({ outbox: d.outbox, client }).run()).state).toBe('finished');
    expect(d.outbox.tally(op.id)).toEqual({ applied: 2, present: 1, failed: 0 });
    expect(d.outbox.present(op.id).map((p) => p.code)).toEqual(['LATE-00002']);
    expect((await client.getVoucher('LATE-00002')).metadata).toEqual({ owner: 'someone else' });
  });

  it('adds batch codes to a campaign, the batch category and metadata overwriting its defaults, and reconciles a dropped add by its marker', async () => {
    const sb = await sandbox();
    const d = await desk();
    const client = clientFor(sb);
    const list = codes('CAMP', 4);
    const id = await batchOf(d, 'camp', list, { category: 'Batch category', metadata: { source: 'desk' } });
    const op = (await queueAddToCampaign(d, String(id), 'camp_summersale01', { dropValues: true })).op;
    expect(d.outbox.requests(op.id)).toHaveLength(4);
    await client.listAsyncActions({ limit: 1 });
    sb.setFaults({ dropNextWrites: 1 });
    expect((await new SyncEngine({ outbox: d.outbox, client }).run()).state).toBe('finished');
    expect(d.outbox.operation(op.id).state).toBe('done');
    expect(d.outbox.request(op.id, 0).result).toMatchObject({ reconciled: true });
    const voucher = await client.getVoucher('CAMP-00001');
    expect(voucher.campaign_id).toBe('camp_summersale01');
    expect(voucher.category).toBe('Batch category');
    expect(voucher.metadata).toMatchObject({ source: 'desk', [OPERATION_MARKER_KEY]: op.uid });
    expect(d.outbox.tally(op.id)).toEqual({ applied: 4, present: 0, failed: 0 });
  });

  it('finds a reward whose create answer was lost by its marker, and does not create it twice', async () => {
    const sb = await sandbox();
    const d = await desk();
    const client = clientFor(sb);
    const op = await queueReward(d.outbox, { type: 'MATERIAL', name: 'Mug', product: { id: 'prod_mug', sku_id: 'sku_mug' }, stock: 5 });
    await client.listAsyncActions({ limit: 1 });
    sb.setFaults({ dropNextWrites: 1 });
    expect((await new SyncEngine({ outbox: d.outbox, client }).run()).state).toBe('finished');
    const marker = JSON.parse(op.payload).marker as string;
    const rewards = (await client.listRewards({ limit: 100 })).items.filter((r) => r.metadata?.[OPERATION_MARKER_KEY] === marker);
    expect(rewards).toHaveLength(1);
    expect(d.outbox.request(op.id, 0).result).toMatchObject({ reward_id: rewards[0]?.id, reconciled: true });
  });

  it('makes a later operation on the same codes wait for the earlier one', async () => {
    const sb = await sandbox();
    const d = await desk();
    const client = clientFor(sb);
    const id = await batchOf(d, 'order', codes('ORD', 3));
    const imported = await queueImport(d, String(id), { format: 'json' });
    const deleted = (await queueDelete(d.outbox, ['ORD-00002'], false)).op;
    const unrelated = (await queueDelete(d.outbox, ['ELSEWHERE'], false)).op;
    expect(deleted.dependsOn).toEqual([imported.id]);
    expect(unrelated.dependsOn).toEqual([]);
    const order: string[] = [];
    await new SyncEngine({
      outbox: d.outbox,
      client,
      onEvent: (e) => {
        if (e.type === 'request') order.push(`${e.opId}:${e.step}:${e.outcome}`);
      },
    }).run();
    const importDone = order.indexOf(`${imported.id}:look:done`);
    expect(importDone).toBeGreaterThanOrEqual(0);
    expect(order.indexOf(`${deleted.id}:send:done`)).toBeGreaterThan(importDone);
    expect(await codesOnService(client, codes('ORD', 3))).toEqual(['ORD-00001', 'ORD-00003']);
  });

  it('cancels a half-done import, saying which codes already exist, and unfreezes the batch', async () => {
    const sb = await sandbox();
    const d = await desk();
    const client = clientFor(sb);
    const list = codes('HALF', 30);
    const id = await batchOf(d, 'half', list);
    const op = await queueImport(d, String(id), { format: 'json', limits: { maxCodes: 3 } });
    // Requests ready to go are sent before jobs are looked at: the second is held back by the rate
    // limit, so the first job is seen done meanwhile; the pause comes once the second is accepted,
    // its job arriving while later requests are still unsent.
    let limited = false;
    let paused = false;
    const engine = new SyncEngine({
      outbox: d.outbox,
      client,
      onEvent: (e) => {
        if (e.type !== 'request' || e.step !== 'send' || e.outcome !== 'accepted') return;
        if (!limited) {
          limited = true;
          sb.setFaults({ rateLimitNext: { count: 1, retryAfterSeconds: 2, method: 'POST', path: '/v1/vouchers/import' } });
        } else if (!paused) {
          paused = true;
          engine.pause();
        }
      },
    });
    expect((await engine.run()).state).toBe('paused');
    const report = await cancelOperation(d.outbox, op.id);
    expect(report.existingCodes.length).toBeGreaterThanOrEqual(3);
    expect(report.notSent).toBeGreaterThan(0);
    expect(report.notSent + report.existingCodes.length + report.arrivingCodes.length + report.uncertainCodes.length).toBe(30);
    expect(await codesOnService(client, report.existingCodes)).toEqual(report.existingCodes);
    await expect(d.drafts.edit(id, 1, { set: { category: 'after cancel' } })).rejects.toThrow(/is queued for sync/);

    expect((await engine.resume()).state).toBe('finished');
    expect(d.outbox.operation(op.id).state).toBe('cancelled');
    expect((await codesOnService(client, list)).sort()).toEqual([...report.existingCodes, ...report.arrivingCodes].sort());
    await expect(d.drafts.edit(id, 1, { set: { category: 'after cancel' } })).resolves.toBeDefined();
  });

  it('moves an unreadable queue row to the dead-letter state, keeps it, and runs the rest', async () => {
    const sb = await sandbox();
    // The outbox's database is its own: the row is damaged with the outbox closed, as another program would.
    const dir = tempDir();
    const before = await Outbox.open(dir);
    const broken = (await queueDelete(before, ['X-1'], false)).op;
    await before.close();
    const raw = await openOutbox(dir, outboxMigrations);
    await raw.write((tx) => tx.run('UPDATE operations SET payload = \'{"codes":"not a list"}\' WHERE id = ?', [broken.id]));
    await raw.close();
    const d = await desk(dir);
    const fine = (await queueDelete(d.outbox, ['X-2'], false)).op;
    expect((await new SyncEngine({ outbox: d.outbox, client: clientFor(sb) }).run()).state).toBe('finished');
    expect(d.outbox.operation(broken.id)).toMatchObject({ state: 'dead_letter', deadReason: expect.stringMatching(/codes/) });
    expect(d.outbox.operation(fine.id).state).toBe('done');
    expect(d.outbox.operations().map((op) => op.id)).toContain(broken.id);
  });

  it('plans a dry run from the outbox alone, writes no body file; old body files go only with their finished operation', async () => {
    const d = await desk();
    const id = await batchOf(d, 'plan', codes('PLAN', 25));
    const op = await queueImport(d, String(id), { format: 'csv', limits: { maxCodes: 10 } });
    const plan = planFor(d.outbox, 'local sandbox', true);
    expect(plan).toMatchObject({ requests: 3, codes: 25, operations: [{ id: op.id, kind: 'import-csv' }] });
    expect(plan.bytes).toBe(d.outbox.requests(op.id).reduce((n, c) => n + c.bytes, 0));

    // Queueing refers to the batch's rows: nothing is copied beside the outbox.
    expect(existsSync(join(d.dir, BODIES_FOLDER))).toBe(false);
    // An earlier release kept each operation's bodies in a folder named by its uid.
    mkdirSync(join(d.dir, BODIES_FOLDER, op.uid), { recursive: true });
    // A crash before the commit, or an outbox restored from an older copy: no operation refers to it.
    const orphan = join(d.dir, BODIES_FOLDER, 'crashed-before-commit');
    mkdirSync(orphan);
    await d.outbox.close();
    const reopened = await Outbox.open(d.dir);
    try {
      expect(readdirSync(join(d.dir, BODIES_FOLDER)).sort()).toEqual([op.uid, 'crashed-before-commit'].sort());
      expect(reopened.frozenBy(id)).toMatchObject({ batchId: id, operationId: op.id });
      await reopened.cancel(op.id);
    } finally {
      await reopened.close();
    }
    const afterCancel = await Outbox.open(d.dir);
    await afterCancel.close();
    expect(readdirSync(join(d.dir, BODIES_FOLDER))).toEqual(['crashed-before-commit']);
  });
});
