import { randomUUID } from 'node:crypto';
import { rewardBody } from '../../shared/api/operations/rewards';
import { OPERATION_MARKER_KEY, payloadSchemas, type RewardRequest } from '../../shared/outbox/kinds';
import { dependenciesForQueueing, type Queued } from '../outbox/op-codes';
import { OutboxError, type Outbox } from '../outbox/outbox';
import type { OperationRecord } from '../outbox/records';

/**
 * Queues a reward. A reward has no natural key, so its metadata carries the operation's id: after an
 * uncertain create, the reward list tells whether it exists.
 */
export async function queueReward(outbox: Outbox, request: RewardRequest, project?: string): Promise<OperationRecord> {
  const uid = randomUUID();
  const parsed = payloadSchemas.reward.shape.request.safeParse(request);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new OutboxError(`reward ${issue?.path.join('.') || ''}: ${issue?.message ?? 'invalid'}`);
  }
  const marked = { ...parsed.data, metadata: { ...parsed.data.metadata, [OPERATION_MARKER_KEY]: uid } };
  const body = JSON.stringify(rewardBody(marked));
  return outbox.enqueue({
    uid,
    kind: 'reward',
    payload: { request: marked, marker: uid },
    dependsOn: [],
    codes: 0,
    project,
    chunks: [{ codes: 0, bytes: Buffer.byteLength(body), body }],
  });
}

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
    chunks: unique.map((code) => ({ codes: 1, bytes: 0, code })),
  });
  return { op, needsAttention };
}
