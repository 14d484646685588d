import { describe, expect, it } from 'vitest';
import { queueImport } from '../../../electron/operations/imports';
import { queueDelete } from '../../../electron/operations/delete';
import { queueReward } from '../../../electron/operations/reward';
import { SyncEngine } from '../../../electron/sync/engine';
import { OPERATION_MARKER_KEY } from '../../../shared/operations/marker';
import { batchOf, clientFor, codes, codesOnService, desk, sandbox } from './helpers';

describe('sync engine against the sandbox', () => {
  it('imports a batch in several requests, reports a code already on the service against its row (not as failed), and unfreezes it', async () => {
    const sb = await sandbox();
    const d = await desk();
    const client = clientFor(sb);
    const taken = await batchOf(d, 'taken', ['DUP-1']);
    await queueImport(d, String(taken), { format: 'json' });
    await new SyncEngine({ outbox: d.outbox, client }).run();

    const list = [...codes('BASIC', 25), 'DUP-1'];
    const id = await batchOf(d, 'basic', list);
    const op = await queueImport(d, String(id), { format: 'json', limits: { maxCodes: 10 } });
    expect(d.outbox.requests(op.id)).toHaveLength(3);
    await expect(d.drafts.edit(id, 1, { set: { category: 'x' } })).rejects.toMatchObject({
      name: 'BatchFrozenError',
      frozen: { batchId: id, batchName: 'basic', operationId: op.id, operationState: 'queued' },
    });

    const status = await new SyncEngine({ outbox: d.outbox, client }).run();
    expect(status.state).toBe('finished');
    expect(d.outbox.operation(op.id).state).toBe('done');
    expect(d.outbox.failures(op.id)).toEqual([]);
    expect(d.outbox.present(op.id)).toEqual([expect.objectContaining({ code: 'DUP-1', row: 26, reason: expect.stringMatching(/already exists/) })]);
    expect(await codesOnService(client, codes('BASIC', 25))).toHaveLength(25);
    await expect(d.drafts.edit(id, 1, { set: { category: 'x' } })).resolves.toBeDefined();
  });

  it('imports as CSV files with webhooks_enable, metadata columns included', async () => {
    const sb = await sandbox();
    const d = await desk();
    const client = clientFor(sb);
    const list = codes('CSV', 12);
    const id = await batchOf(d, 'csv', list, { metadata: { shop: 'north' } });
    const op = await queueImport(d, String(id), { format: 'csv', webhooksEnable: true, limits: { maxCodes: 5 } });
    await new SyncEngine({ outbox: d.outbox, client }).run();
    expect(d.outbox.operation(op.id).state).toBe('done');
    expect(d.outbox.failures(op.id)).toEqual([]);
    expect(sb.stats().csvImports).toHaveLength(3);
    expect(sb.stats().csvImports.every((i) => i.webhooksEnable)).toBe(true);
    const voucher = await client.getVoucher('CSV-00008');
    expect(voucher.metadata).toMatchObject({ shop: 'north' });
  });

  it('creates a reward with its marker and deletes codes, a missing one counting as done', async () => {
    const sb = await sandbox();
    const d = await desk();
    const client = clientFor(sb);
    const id = await batchOf(d, 'to-delete', codes('DEL', 3));
    await queueImport(d, String(id), { format: 'json' });
    const reward = await queueReward(d.outbox, { type: 'COIN', name: 'Coins', exchange_ratio: 1, points_ratio: 10 });
    const del = (await queueDelete(d.outbox, ['DEL-00001', 'DEL-00002', 'NEVER-THERE'], true)).op;
    expect(del.dependsOn).toHaveLength(1);
    await new SyncEngine({ outbox: d.outbox, client }).run();
    expect(d.outbox.operation(del.id).state).toBe('done');
    expect(await codesOnService(client, codes('DEL', 3))).toEqual(['DEL-00003']);
    const rewards = await client.listRewards({ limit: 100 });
    const marker = JSON.parse(reward.payload).marker as string;
    expect(rewards.items.filter((r) => r.metadata?.[OPERATION_MARKER_KEY] === marker)).toHaveLength(1);
  });
});
