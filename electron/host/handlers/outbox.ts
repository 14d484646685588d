import type { ChunkView, OperationView, QueuedView } from '../../../shared/ipc/outbox';
import type { LibraryServices } from '../../desk/library';
import type { Queued } from '../../outbox/op-codes';
import type { OperationTally, Outbox } from '../../outbox/outbox';
import { campaignDroppedValues, queueAddToCampaign, queueImportPacked } from '../../desk/queue-batch';
import { queueDelete, queueReward } from '../../desk/queue-other';
import type { ChunkRecord, OperationRecord } from '../../outbox/records';
import { describeOperation, dryRun } from '../../sync/dry-run';
import type { InvokeHandlers } from '../ipc-guard';
import type { Connection } from './connection';

type OutboxHandlers = Pick<
  InvokeHandlers,
  | 'outbox.queueBatch'
  | 'outbox.droppedValues'
  | 'outbox.queueReward'
  | 'outbox.queueDelete'
  | 'outbox.dryRun'
  | 'outbox.list'
  | 'outbox.chunks'
  | 'outbox.failures'
  | 'outbox.present'
  | 'outbox.retry'
  | 'outbox.cancel'
>;

function operationView(outbox: Outbox, op: OperationRecord, tally: OperationTally = outbox.tally(op.id)): OperationView {
  return {
    id: op.id,
    kind: op.kind,
    label: describeOperation(op.kind, op.payload),
    state: op.state,
    batchId: op.batchId,
    codes: op.codes,
    chunkCounts: op.chunkCounts,
    failures: tally.failed,
    applied: tally.applied,
    present: tally.present,
    deadReason: op.deadReason,
    createdAt: op.createdAt,
    updatedAt: op.updatedAt,
  };
}

// Only what a person needs to act on: the service's message, details and request id.
function chunkView(chunk: ChunkRecord): ChunkView {
  const e = chunk.lastError;
  return {
    idx: chunk.idx,
    state: chunk.state,
    codes: chunk.codes,
    bytes: chunk.bytes,
    attempts: chunk.attempts,
    code: chunk.code,
    asyncActionId: chunk.asyncActionId,
    lastError: e
      ? {
          message: e.message,
          ...(e.details ? { details: e.details } : {}),
          ...(e.request_id ? { request_id: e.request_id } : {}),
          ...(e.status !== undefined ? { status: e.status } : {}),
          ...(e.key ? { key: e.key } : {}),
        }
      : null,
  };
}

/** Queueing and the outbox's operations, for the Outbox view and the queue buttons elsewhere. */
export function outboxHandlers(library: () => Promise<LibraryServices>, connection: Connection): OutboxHandlers {
  const outbox = async (): Promise<Outbox> => (await library()).outbox;
  const view = async (op: Promise<OperationRecord>): Promise<OperationView> => operationView(await outbox(), await op);
  // The file's path stays in the message, as in a request's last error: it is what the user restores or removes.
  const queuedView = async (queued: Promise<Queued>): Promise<QueuedView> => {
    const { op, needsAttention } = await queued;
    return { ...operationView(await outbox(), op), needsAttention: needsAttention.map(({ operation, request, message }) => ({ operation, request, message })) };
  };

  return {
    'outbox.queueBatch': async ({ batchId, operation, campaignId, webhooksEnable, dropValues, categoryId }) => {
      const lib = await library();
      const ctx = { library: lib.db, outbox: lib.outbox };
      if (operation === 'add-to-campaign')
        return queuedView(
          queueAddToCampaign(ctx, String(batchId), campaignId ?? '', { dropValues: dropValues === true, ...(categoryId !== undefined && { categoryId }) }),
        );
      const format = operation === 'import-json' ? 'json' : operation === 'import' ? 'csv-when-fits' : 'csv';
      return queuedView(queueImportPacked(ctx, String(batchId), { format, ...(webhooksEnable === undefined ? {} : { webhooksEnable }) }));
    },
    'outbox.droppedValues': async ({ batchId }) => {
      const lib = await library();
      const dropped = await campaignDroppedValues({ library: lib.db, outbox: lib.outbox }, String(batchId));
      return dropped.map((d) => ({ field: d.field, example: JSON.stringify(d.example), rows: d.rows }));
    },
    'outbox.queueReward': async ({ request }) => view(queueReward(await outbox(), request)),
    'outbox.queueDelete': async ({ codes, force }) => queuedView(queueDelete(await outbox(), codes, force)),
    'outbox.dryRun': async () => dryRun(await outbox(), connection.target().label, true),
    'outbox.list': async () => {
      const box = await outbox();
      const tallies = box.tallies();
      return box.operations().map((op) => operationView(box, op, tallies.get(op.id)));
    },
    'outbox.chunks': async ({ opId }) => (await outbox()).chunks(opId).map(chunkView),
    'outbox.failures': async ({ opId, offset, limit }) => {
      const all = (await outbox()).failures(opId);
      return { total: all.length, failures: all.slice(offset, offset + limit).map(({ idx, row, code, reason }) => ({ idx, row, code, reason })) };
    },
    'outbox.present': async ({ opId, offset, limit }) => {
      const all = (await outbox()).present(opId);
      return { total: all.length, codes: all.slice(offset, offset + limit).map(({ idx, row, code, reason }) => ({ idx, row, code, reason })) };
    },
    'outbox.retry': async ({ opId }) => view((await outbox()).retry(opId)),
    'outbox.cancel': async ({ opId }) => view((await outbox()).cancel(opId)),
  };
}
