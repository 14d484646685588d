import type { AsyncAction, Voucher } from '../../shared/api';
import { isServiceAnswer } from '../../shared/api/errors';
import { findOwnJob, probeSample, type CodeProbe, type SentRequest } from '../../shared/outbox/find-job';
import { OPERATION_MARKER_KEY } from '../../shared/outbox/kinds';
import { pollDelay } from '../../shared/outbox/polling';
import { chunkCodes } from '../outbox/op-codes';
import type { CodeNote } from '../outbox/outbox';
import { UNRECONCILED } from '../outbox/records';
import type { SyncContext, Work } from './context';

/** Service and app clocks may differ; a job created this long before the send still counts. */
export const CLOCK_SKEW_MS = 120_000;
const REWARD_PAGES = 100;
const JOB_PAGES = 20;
/** Codes probed at random besides a request's first and last. */
const PROBE_SAMPLE = 5;

export const ALREADY_THERE = 'already on the service before this sync';

/**
 * What reconciling found: settled (the chunk moved on or waits for a job), or not carried out: the
 * engine sends it again, less the codes found `present` (someone else's).
 */
export type Reconciled = { type: 'settled' } | { type: 'not-carried-out'; present: CodeNote[] };

const SETTLED: Reconciled = { type: 'settled' };
const NOT_CARRIED_OUT: Reconciled = { type: 'not-carried-out', present: [] };

/** The voucher, or undefined when the service itself says it does not exist (a gateway's 404 proves nothing). */
export async function findVoucher(ctx: SyncContext, code: string): Promise<Voucher | undefined> {
  try {
    return await ctx.client.getVoucher(code);
  } catch (error) {
    if (isServiceAnswer(error, 404)) return undefined;
    throw error;
  }
}

async function attention(ctx: SyncContext, work: Work, message: string): Promise<Reconciled> {
  await ctx.outbox.move(work.op.id, work.chunk.idx, { type: 'needs-attention' }, { lastError: { name: UNRECONCILED, message, at: ctx.clock.now() } });
  return SETTLED;
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

const ms = (text: string | null | undefined): number | undefined => (text ? Date.parse(text) : undefined);

async function probe(ctx: SyncContext, codes: readonly string[]): Promise<CodeProbe[]> {
  const probes: CodeProbe[] = [];
  for (const code of codes) {
    const voucher = await findVoucher(ctx, code);
    probes.push(voucher ? { code, present: true, createdAt: ms(voucher.created_at), updatedAt: ms(voucher.updated_at) } : { code, present: false });
  }
  return probes;
}

/**
 * An import whose outcome is uncertain. Its job, when provably ours, is adopted and polled. With no
 * job of ours, the codes tell: none of them on the service means the request was not carried out;
 * some of them there means someone else put them there, so each is looked up, recorded as already on
 * the service, and only the rest is sent again.
 */
async function reconcileImport(ctx: SyncContext, work: Work, jobType: 'VOUCHERS.IMPORT' | 'VOUCHERS.IMPORT_CSV', random: () => number): Promise<Reconciled> {
  const { op, chunk } = work;
  const manifest = chunkCodes(ctx.outbox, chunk);
  const known = ctx.outbox.presentCodes(op.id, chunk.idx);
  const sent = manifest.codes.filter((code) => !known.has(code));
  const inRequest = new Set(sent);
  const now = ctx.clock.now();
  const sentAt = chunk.sentAt ?? 0;
  const until = chunk.lastError && chunk.lastError.at >= sentAt ? chunk.lastError.at : now;
  const request: SentRequest = { jobType, sentAt, until, codes: sent.length, hasCode: (code) => inRequest.has(code) };
  const jobs = await jobsSince(ctx, sentAt - CLOCK_SKEW_MS);
  const probes = await probe(ctx, probeSample(sent, PROBE_SAMPLE, random));
  const ownership = findOwnJob(request, jobs, probes, { skewMs: CLOCK_SKEW_MS, claimed: ctx.outbox.claimedJobIds() });
  if ('ours' in ownership) {
    const id = ownership.ours.id;
    await ctx.outbox.move(op.id, chunk.idx, { type: 'accepted', asyncActionId: id }, { asyncActionId: id, polls: 0, nextTryAt: now });
    return SETTLED;
  }
  if ('ambiguous' in ownership) {
    return attention(
      ctx,
      work,
      `Request ${chunk.idx + 1} may have been carried out: jobs ${ownership.ambiguous.map((j) => j.id).join(', ')} each fit it. Check its codes on the service, then retry or cancel the operation.`,
    );
  }
  if ('wait' in ownership) {
    await ctx.outbox.note(op.id, chunk.idx, { nextTryAt: now + pollDelay(sent.length, chunk.polls), polls: chunk.polls + 1 });
    return SETTLED;
  }
  if (!probes.some((p) => p.present)) return NOT_CARRIED_OUT;
  const rows = new Map(manifest.codes.map((code, i) => [code, manifest.rows[i] ?? null]));
  const sampled = new Map(probes.map((p) => [p.code, p]));
  const rest = await probe(
    ctx,
    sent.filter((code) => !sampled.has(code)),
  );
  const present: CodeNote[] = [...probes, ...rest]
    .filter((p) => p.present)
    .map((p) => ({ code: p.code, row: rows.get(p.code) ?? null, reason: ALREADY_THERE }));
  if (present.length === sent.length) {
    await ctx.outbox.move(op.id, chunk.idx, { type: 'done' }, { result: { applied: 0, reconciled: true } }, [], present);
    return SETTLED;
  }
  return { type: 'not-carried-out', present };
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

/**
 * A chunk found in `sending` (a crash while its write was out, or an uncertain answer) is settled
 * before anything is sent again: done if it took effect, or 'not-carried-out' for the engine to send
 * it again.
 */
export async function reconcileChunk(ctx: SyncContext, work: Work, random: () => number): Promise<Reconciled> {
  const { op, parsed, chunk } = work;
  const done = async (result: Record<string, unknown>, present: CodeNote[] = []): Promise<Reconciled> => {
    await ctx.outbox.move(op.id, chunk.idx, { type: 'done' }, { result: { ...result, reconciled: true } }, [], present);
    return SETTLED;
  };
  switch (parsed.kind) {
    case 'import-json':
      return reconcileImport(ctx, work, 'VOUCHERS.IMPORT', random);
    case 'import-csv':
      return reconcileImport(ctx, work, 'VOUCHERS.IMPORT_CSV', random);
    case 'add-to-campaign': {
      const code = chunk.code as string;
      const voucher = await findVoucher(ctx, code);
      if (!voucher) return NOT_CARRIED_OUT;
      const campaign = parsed.payload.campaignId;
      const inCampaign = voucher.campaign_id === campaign || voucher.campaign === campaign;
      if (inCampaign && voucher.metadata?.[OPERATION_MARKER_KEY] === op.uid) return done({ voucher_id: voucher.id ?? null, applied: 1 });
      const where = voucher.campaign ?? voucher.campaign_id ?? 'no campaign';
      return done({ voucher_id: voucher.id ?? null, applied: 0 }, [{ code, row: chunk.rowNo, reason: `${ALREADY_THERE} (in ${where})` }]);
    }
    case 'reward': {
      const id = await findReward(ctx, parsed.payload.marker);
      return id ? done({ reward_id: id, applied: 1 }) : NOT_CARRIED_OUT;
    }
    case 'delete': {
      const voucher = await findVoucher(ctx, chunk.code as string);
      return voucher ? NOT_CARRIED_OUT : done({ deleted: true, applied: 1 });
    }
  }
}
