import type { AsyncAction, Voucher } from '../../shared/api';
import { ServiceError } from '../../shared/api/errors';
import { matchLostJob } from '../../shared/outbox/find-job';
import { REWARD_MARKER_KEY } from '../../shared/outbox/kinds';
import { chunkCodes } from '../outbox/op-codes';
import { jobTypeOf, type SyncContext, type Work } from './context';

/** Service and app clocks may differ; a job created this long before the send still counts. */
export const CLOCK_SKEW_MS = 120_000;
const REWARD_PAGES = 100;
const JOB_PAGES = 20;

async function findVoucher(ctx: SyncContext, code: string): Promise<Voucher | undefined> {
  try {
    return await ctx.client.getVoucher(code);
  } catch (error) {
    if (error instanceof ServiceError && error.status === 404) return undefined;
    throw error;
  }
}

async function attention(ctx: SyncContext, work: Work, message: string): Promise<void> {
  await ctx.outbox.move(work.op.id, work.chunk.idx, { type: 'needs-attention' }, { lastError: { name: 'Unreconciled', message, at: ctx.clock.now() } });
}

/** Recent async actions back to `since` (newest first, a page of 100 at a time, older pages by end_date). */
async function jobsSince(ctx: SyncContext, since: number): Promise<AsyncAction[]> {
  const jobs: AsyncAction[] = [];
  let endDate: string | undefined;
  for (let page = 0; page < JOB_PAGES; page += 1) {
    const list = await ctx.client.listAsyncActions({ limit: 100, ...(endDate !== undefined && { end_date: endDate }) });
    jobs.push(...list.items);
    const oldest = list.items.at(-1)?.created_at;
    if (list.items.length < 100 || oldest === undefined || Date.parse(oldest) < since) break;
    endDate = oldest;
  }
  return jobs;
}

/** The import's job is looked for in the recent async actions; failing that, its codes tell. */
async function reconcileImport(ctx: SyncContext, work: Work, jobType: 'VOUCHERS.IMPORT' | 'VOUCHERS.IMPORT_CSV'): Promise<void> {
  const { op, chunk } = work;
  const manifest = chunkCodes(ctx.outbox, chunk);
  const codes = new Set(manifest.codes);
  const sentAt = chunk.sentAt ?? 0;
  const match = matchLostJob(
    { jobType, sentAt, codes: chunk.codes, hasCode: (code) => codes.has(code) },
    await jobsSince(ctx, sentAt - CLOCK_SKEW_MS),
    { skewMs: CLOCK_SKEW_MS, claimed: ctx.outbox.claimedJobIds() },
  );
  if ('found' in match) {
    await ctx.outbox.move(op.id, chunk.idx, { type: 'accepted', asyncActionId: match.found.id }, { asyncActionId: match.found.id, nextTryAt: ctx.clock.now() });
    return;
  }
  const probes = [...new Set([manifest.codes[0], manifest.codes.at(-1)])].filter((c): c is string => c !== undefined);
  const present: string[] = [];
  for (const code of probes) if (await findVoucher(ctx, code)) present.push(code);
  if ('none' in match && present.length === 0) {
    await ctx.outbox.move(op.id, chunk.idx, { type: 'not-found' }, { nextTryAt: null });
    return;
  }
  const jobsText = 'ambiguous' in match ? `jobs ${match.ambiguous.map((j) => j.id).join(', ')} could each be it` : 'no job of it was found';
  await attention(ctx, work, `Request ${chunk.idx + 1} may have been carried out: ${jobsText}; codes found on the service: ${present.join(', ') || 'none'}. Check them, then retry or cancel the operation.`);
}

async function findReward(ctx: SyncContext, marker: string): Promise<string | undefined> {
  for (let page = 1; page <= REWARD_PAGES; page += 1) {
    const list = await ctx.client.listRewards({ limit: 100, page });
    const found = list.items.find((reward) => reward.metadata?.[REWARD_MARKER_KEY] === marker);
    if (found) return found.id;
    if (list.items.length < 100) return undefined;
  }
  return undefined;
}

/**
 * A chunk found in `sending` (a crash or a dropped connection while its write was out) is settled
 * before anything is sent again: done if it took effect, back to pending if it did not.
 */
export async function reconcileChunk(ctx: SyncContext, work: Work): Promise<void> {
  const { op, parsed, chunk } = work;
  const jobType = jobTypeOf(parsed);
  if (jobType) return reconcileImport(ctx, work, jobType);
  switch (parsed.kind) {
    case 'add-to-campaign': {
      const voucher = await findVoucher(ctx, chunk.code as string);
      if (!voucher) return void (await ctx.outbox.move(op.id, chunk.idx, { type: 'not-found' }));
      const campaign = parsed.payload.campaignId;
      if (voucher.campaign_id === campaign || voucher.campaign === campaign) {
        return void (await ctx.outbox.move(op.id, chunk.idx, { type: 'done' }, { result: { voucher_id: voucher.id ?? null, reconciled: true } }));
      }
      return attention(ctx, work, `Code ${chunk.code} exists on the service but not in campaign ${campaign}`);
    }
    case 'reward': {
      const id = await findReward(ctx, parsed.payload.marker);
      if (id) return void (await ctx.outbox.move(op.id, chunk.idx, { type: 'done' }, { result: { reward_id: id, reconciled: true } }));
      return void (await ctx.outbox.move(op.id, chunk.idx, { type: 'not-found' }));
    }
    case 'delete': {
      const voucher = await findVoucher(ctx, chunk.code as string);
      if (!voucher) return void (await ctx.outbox.move(op.id, chunk.idx, { type: 'done' }, { result: { deleted: true, reconciled: true } }));
      return void (await ctx.outbox.move(op.id, chunk.idx, { type: 'not-found' }));
    }
  }
}
