import { randomUUID } from 'node:crypto';
import { isServiceAnswer } from '../../shared/api/errors';
import { deleteRules } from '../../shared/operations/delete';
import { dependenciesForQueueing, type Queued } from '../outbox/op-codes';
import { OutboxError, type Outbox } from '../outbox/outbox';
import type { SyncContext } from './context';
import { findVoucher, NOT_CARRIED_OUT, reconciledDone, type Reconciled } from './reconcile';
import type { OperationKindModule, WorkOf } from './kind';

// Codes deleted, one request per code; a code the service does not hold meets the goal already.

/** Queues deletions, one request per code; `force` removes for good instead of moving to the bin. */
export async function queueDelete(outbox: Outbox, codes: readonly string[], force: boolean, project?: string): Promise<Queued> {
  const unique = [...new Set(codes.map((code) => code.trim()))];
  const empty = unique.findIndex((code) => code === '');
  if (empty >= 0 || unique.length === 0) throw new OutboxError('codes: give at least one code, none of them empty');
  const { dependsOn, needsAttention } = await dependenciesForQueueing(outbox, unique, project);
  const op = await outbox.enqueue({
    uid: randomUUID(),
    kind: 'delete',
    payload: { codes: unique, force },
    dependsOn,
    codes: unique.length,
    project,
    requests: unique.map((code) => ({ codes: 1, bytes: 0, code })),
  });
  return { op, needsAttention };
}

async function send(ctx: SyncContext, work: WorkOf<'delete'>): Promise<void> {
  const { op, request, parsed } = work;
  try {
    await ctx.client.deleteVoucher(request.code as string, { force: parsed.payload.force });
    await ctx.outbox.move(op.id, request.idx, { type: 'done' }, { result: { deleted: true, applied: 1 } });
  } catch (error) {
    // The service says the code is not there (any more): the deletion's goal is met, not by this sync.
    if (!isServiceAnswer(error, 404)) throw error;
    const absent = { code: request.code as string, row: null, reason: 'not on the service (already deleted, or never there)' };
    await ctx.outbox.move(op.id, request.idx, { type: 'done' }, { result: { deleted: false, applied: 0 } }, [], [absent]);
  }
}

/** The code still on the service means the deletion was not carried out. */
async function reconcile(ctx: SyncContext, work: WorkOf<'delete'>): Promise<Reconciled> {
  const voucher = await findVoucher(ctx, work.request.code as string);
  return voucher ? NOT_CARRIED_OUT : reconciledDone(ctx, work, { deleted: true, applied: 1 });
}

export const deleteCodes: OperationKindModule<'delete'> = { kind: 'delete', rules: deleteRules, send, reconcile };
