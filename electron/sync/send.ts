import { isServiceAnswer } from '../../shared/api/errors';
import type { AddVoucherRequest } from '../../shared/api/operations/campaigns';
import { earlyCheckDelay } from '../../shared/outbox/polling';
import { bodyWithout } from '../../shared/outbox/subset-body';
import { chunkCodes } from '../outbox/op-codes';
import type { SyncContext, Work } from './context';
import { ALREADY_THERE, reconcileChunk } from './reconcile';

/** The queued import body, less the codes reconciliation found on the service before this sync. */
function importBody(ctx: SyncContext, work: Work): string {
  const { op, chunk, parsed } = work;
  const body = ctx.outbox.bodies.read(chunk.bodyFile as string, chunk.bodyHash as string);
  // Read (and so checked) before the request leaves even when unused here: it is what reconciles the
  // request if its outcome turns out uncertain, so a damaged one must stop the request first.
  const { codes } = chunkCodes(ctx.outbox, chunk);
  const present = ctx.outbox.presentCodes(op.id, chunk.idx);
  if (present.size === 0) return body;
  return bodyWithout(parsed.kind === 'import-csv' ? 'csv' : 'json', body, codes, present);
}

/**
 * Sends one request. The chunk is already durably in `sending`; on success it moves on in a durable
 * write (an import's async action id is stored before anything else happens). Errors are thrown to
 * the engine, which knows what each kind of failure means for the run.
 */
export async function sendChunk(ctx: SyncContext, work: Work): Promise<void> {
  const { op, parsed, chunk } = work;
  const { outbox, client } = ctx;
  switch (parsed.kind) {
    case 'import-json':
    case 'import-csv': {
      const body = importBody(ctx, work);
      const ref =
        parsed.kind === 'import-json'
          ? await client.importVouchers({ serialized: body })
          : await client.importVouchersCsv(body, {
              webhooksEnable: parsed.payload.webhooksEnable,
              fileName: `batch-${parsed.payload.batchId}-${chunk.idx + 1}.csv`,
            });
      await outbox.move(
        op.id,
        chunk.idx,
        { type: 'accepted', asyncActionId: ref.async_action_id },
        {
          asyncActionId: ref.async_action_id,
          polls: 0,
          nextTryAt: ctx.clock.now() + earlyCheckDelay(chunk.codes),
        },
      );
      return;
    }
    case 'add-to-campaign': {
      const request = JSON.parse(chunk.body as string) as AddVoucherRequest;
      try {
        const voucher = await client.addVoucherToCampaign(parsed.payload.campaignId, chunk.code as string, request);
        await outbox.move(op.id, chunk.idx, { type: 'done' }, { result: { voucher_id: voucher.id ?? null, applied: 1 } });
      } catch (error) {
        if (!isServiceAnswer(error, 409)) throw error;
        // The code exists already. An earlier send of ours the service carried out after the client gave
        // up carries our marker: that is ours. Anything else is someone else's voucher, never overwritten.
        if ((await reconcileChunk(ctx, work, Math.random)).type === 'settled') return;
        const present = { code: chunk.code as string, row: chunk.rowNo, reason: `${ALREADY_THERE}: ${error.serviceMessage}` };
        await outbox.move(op.id, chunk.idx, { type: 'done' }, { result: { applied: 0 } }, [], [present]);
      }
      return;
    }
    case 'reward': {
      const reward = await client.createReward(parsed.payload.request);
      await outbox.move(op.id, chunk.idx, { type: 'done' }, { result: { reward_id: reward.id, applied: 1 } });
      return;
    }
    case 'delete': {
      try {
        await client.deleteVoucher(chunk.code as string, { force: parsed.payload.force });
        await outbox.move(op.id, chunk.idx, { type: 'done' }, { result: { deleted: true, applied: 1 } });
      } catch (error) {
        // The service says the code is not there (any more): the deletion's goal is met, not by this sync.
        if (!isServiceAnswer(error, 404)) throw error;
        const absent = { code: chunk.code as string, row: null, reason: 'not on the service (already deleted, or never there)' };
        await outbox.move(op.id, chunk.idx, { type: 'done' }, { result: { deleted: false, applied: 0 } }, [], [absent]);
      }
      return;
    }
  }
}
