import type { AsyncAction, Voucher } from '../../shared/api';
import { isServiceAnswer } from '../../shared/api/errors';
import type { CodeProbe } from '../../shared/outbox/find-job';
import type { CodeNote } from '../outbox/outbox';
import { UNRECONCILED } from '../outbox/records';
import type { SyncContext, Work } from './context';

/** Service and app clocks may differ; a job created this long before the send still counts. */
export const CLOCK_SKEW_MS = 120_000;
const JOB_PAGES = 20;

export const ALREADY_THERE = 'already on the service before this sync';

/**
 * What reconciling found: settled (the request moved on or waits for a job), or not carried out: the
 * engine sends it again, less the codes found `present` (someone else's).
 */
export type Reconciled = { type: 'settled' } | { type: 'not-carried-out'; present: CodeNote[] };

export const SETTLED: Reconciled = { type: 'settled' };
export const NOT_CARRIED_OUT: Reconciled = { type: 'not-carried-out', present: [] };

/** The request took effect: done, with what it carried out and the codes found already there. */
export async function reconciledDone(ctx: SyncContext, work: Work, result: Record<string, unknown>, present: CodeNote[] = []): Promise<Reconciled> {
  await ctx.outbox.move(work.op.id, work.request.idx, { type: 'done' }, { result: { ...result, reconciled: true } }, [], present);
  return SETTLED;
}

/** The voucher, or undefined when the service itself says it does not exist (a gateway's 404 proves nothing). */
export async function findVoucher(ctx: SyncContext, code: string): Promise<Voucher | undefined> {
  try {
    return await ctx.client.getVoucher(code);
  } catch (error) {
    if (isServiceAnswer(error, 404)) return undefined;
    throw error;
  }
}

export async function attention(ctx: SyncContext, work: Work, message: string): Promise<Reconciled> {
  await ctx.outbox.move(work.op.id, work.request.idx, { type: 'needs-attention' }, { lastError: { name: UNRECONCILED, message, at: ctx.clock.now() } });
  return SETTLED;
}

/** Recent async actions back to `since` (newest first, a page of 100 at a time, older pages by end_date). */
export async function jobsSince(ctx: SyncContext, since: number): Promise<AsyncAction[]> {
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

export async function probe(ctx: SyncContext, codes: readonly string[]): Promise<CodeProbe[]> {
  const probes: CodeProbe[] = [];
  for (const code of codes) {
    const voucher = await findVoucher(ctx, code);
    probes.push(voucher ? { code, present: true, createdAt: ms(voucher.created_at), updatedAt: ms(voucher.updated_at) } : { code, present: false });
  }
  return probes;
}
