import { ServiceError } from '../../shared/api/errors';
import type { AddVoucherRequest } from '../../shared/api/operations/campaigns';
import { pollDelay } from '../../shared/outbox/polling';
import type { SyncContext, Work } from './context';

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
      const body = outbox.bodies.read(chunk.bodyFile as string, chunk.bodyHash as string);
      const ref =
        parsed.kind === 'import-json'
          ? await client.importVouchers({ serialized: body })
          : await client.importVouchersCsv(body, { webhooksEnable: parsed.payload.webhooksEnable, fileName: `batch-${parsed.payload.batchId}-${chunk.idx + 1}.csv` });
      await outbox.move(op.id, chunk.idx, { type: 'accepted', asyncActionId: ref.async_action_id }, {
        asyncActionId: ref.async_action_id,
        polls: 0,
        nextTryAt: ctx.clock.now() + pollDelay(chunk.codes, 0),
      });
      return;
    }
    case 'add-to-campaign': {
      const request = JSON.parse(chunk.body as string) as AddVoucherRequest;
      const voucher = await client.addVoucherToCampaign(parsed.payload.campaignId, chunk.code as string, request);
      await outbox.move(op.id, chunk.idx, { type: 'done' }, { result: { voucher_id: voucher.id ?? null } });
      return;
    }
    case 'reward': {
      const reward = await client.createReward(parsed.payload.request);
      await outbox.move(op.id, chunk.idx, { type: 'done' }, { result: { reward_id: reward.id } });
      return;
    }
    case 'delete': {
      try {
        await client.deleteVoucher(chunk.code as string, { force: parsed.payload.force });
        await outbox.move(op.id, chunk.idx, { type: 'done' }, { result: { deleted: true } });
      } catch (error) {
        // The code is not there (any more): the deletion's goal is met.
        if (!(error instanceof ServiceError && error.status === 404)) throw error;
        await outbox.move(op.id, chunk.idx, { type: 'done' }, { result: { deleted: false, reason: 'not found' } });
      }
      return;
    }
  }
}
