import { randomUUID } from 'node:crypto';
import { rewardBody } from '../../shared/api/operations/rewards';
import { OPERATION_MARKER_KEY } from '../../shared/operations/marker';
import { rewardPayload, rewardRules, type RewardRequest } from '../../shared/operations/reward';
import { OutboxError, type Outbox } from '../outbox/outbox';
import type { OperationRecord } from '../outbox/records';
import type { SyncContext } from './context';
import { NOT_CARRIED_OUT, reconciledDone, type Reconciled } from './reconcile';
import type { OperationKindModule, WorkOf } from './kind';

// One reward created. A reward has no natural key, so its metadata carries the operation's id:
// after an uncertain create, the reward list tells whether it exists.

const REWARD_PAGES = 100;

/** Queues a reward, its request checked with the payload's schema and marked with the operation's id. */
export async function queueReward(outbox: Outbox, request: RewardRequest, project?: string): Promise<OperationRecord> {
  const uid = randomUUID();
  const parsed = rewardPayload.shape.request.safeParse(request);
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
    requests: [{ codes: 0, bytes: Buffer.byteLength(body), body }],
  });
}

async function send(ctx: SyncContext, work: WorkOf<'reward'>): Promise<void> {
  const { op, request, parsed } = work;
  const reward = await ctx.client.createReward(parsed.payload.request);
  await ctx.outbox.move(op.id, request.idx, { type: 'done' }, { result: { reward_id: reward.id, applied: 1 } });
}

async function findReward(ctx: SyncContext, marker: string): Promise<string | undefined> {
  for (let page = 1; page <= REWARD_PAGES; page += 1) {
    const list = await ctx.client.listRewards({ limit: 100, page });
    const found = list.items.find((reward) => reward.metadata?.[OPERATION_MARKER_KEY] === marker);
    if (found) return found.id;
    if (list.items.length < 100) return undefined;
  }
  return undefined;
}

/** The reward list tells: one carrying our marker was created by this operation. */
async function reconcile(ctx: SyncContext, work: WorkOf<'reward'>): Promise<Reconciled> {
  const id = await findReward(ctx, work.parsed.payload.marker);
  return id ? reconciledDone(ctx, work, { reward_id: id, applied: 1 }) : NOT_CARRIED_OUT;
}

export const reward: OperationKindModule<'reward'> = { kind: 'reward', rules: rewardRules, send, reconcile };
