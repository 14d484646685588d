import { describe, expect, it } from 'vitest';
import { queueImport } from '../../../electron/operations/imports';
import { queueReward } from '../../../electron/operations/reward';
import type { Outbox } from '../../../electron/outbox/outbox';
import { SyncEngine } from '../../../electron/sync/engine';
import { rangeOf } from '../../../electron/outbox/op-codes';
import type { RowRange } from '../../../electron/outbox/frozen-rows';
import { OPERATION_MARKER_KEY } from '../../../shared/operations/marker';
import type { RewardRequest } from '../../../shared/operations/reward';
import { batchOf, clientFor, codes, codesOnService, desk, sandbox } from './helpers';

// `outbox retry` after the engine gave up on a request whose write the service carried out (an
// answer or a job it could not judge): the retry must reconcile it, never send it blindly again.

/** The request as the engine leaves it: sent (durably `sending`), then handed to the user. */
async function gaveUp(outbox: Outbox, opId: number, write: () => Promise<unknown>): Promise<void> {
  const at = Date.now();
  await outbox.move(opId, 0, { type: 'send' }, { attempts: 1, sentAt: at, firstTryAt: at });
  await write();
  await outbox.move(opId, 0, { type: 'needs-attention' }, { lastError: { name: 'ServiceError', message: 'Forbidden', status: 403, at: Date.now() } });
}

describe('outbox retry of a request that may have been carried out', () => {
  it('finds the reward by its marker instead of creating it a second time', async () => {
    const sb = await sandbox();
    const d = await desk();
    const client = clientFor(sb);
    const op = await queueReward(d.outbox, { type: 'MATERIAL', name: 'Retry mug', product: { id: 'prod_mug', sku_id: 'sku_mug' }, stock: 5 });
    const { request, marker } = JSON.parse(op.payload) as { request: RewardRequest; marker: string };
    await gaveUp(d.outbox, op.id, () => client.createReward(request));
    await d.outbox.retry(op.id);
    expect((await new SyncEngine({ outbox: d.outbox, client }).run()).state).toBe('finished');
    const rewards = (await client.listRewards({ limit: 100 })).items.filter((r) => r.metadata?.[OPERATION_MARKER_KEY] === marker);
    expect(rewards).toHaveLength(1);
    expect(sb.requestLog().filter((r) => r.method === 'POST' && r.path === '/v1/rewards')).toHaveLength(1);
    expect(d.outbox.operation(op.id).state).toBe('done');
  });

  it('adopts the import job it sent, so the report says created, and never sends the codes again', async () => {
    const sb = await sandbox();
    const d = await desk();
    const client = clientFor(sb);
    const list = codes('RTY', 40);
    const id = await batchOf(d, 'retry', list);
    const op = await queueImport(d, String(id), { format: 'json' });
    const request = d.outbox.request(op.id, 0);
    const { body } = d.outbox.frozenRows().body(rangeOf(d.outbox, request) as RowRange, { format: 'json' });
    await gaveUp(d.outbox, op.id, () => client.importVouchers({ serialized: body }));
    await d.outbox.retry(op.id);
    expect((await new SyncEngine({ outbox: d.outbox, client }).run()).state).toBe('finished');
    expect(sb.requestLog().filter((r) => r.method === 'POST' && r.path === '/v1/vouchers/import')).toHaveLength(1);
    expect(await codesOnService(client, list)).toEqual(list);
    expect(d.outbox.tally(op.id)).toEqual({ applied: 40, present: 0, failed: 0 });
  });

  it('sends at once a request reconciliation finds was not carried out', async () => {
    const sb = await sandbox();
    const d = await desk();
    const client = clientFor(sb);
    const list = codes('RTN', 10);
    const op = await queueImport(d, String(await batchOf(d, 'retry-not', list)), { format: 'json' });
    await gaveUp(d.outbox, op.id, async () => undefined);
    await d.outbox.retry(op.id);
    expect((await new SyncEngine({ outbox: d.outbox, client }).run()).state).toBe('finished');
    expect(await codesOnService(client, list)).toEqual(list);
    expect(d.outbox.tally(op.id)).toEqual({ applied: 10, present: 0, failed: 0 });
  });
});
