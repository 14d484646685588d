import type { RateBudgetSnapshot, VoucherClient } from '../../shared/api';
import { rulesOf } from '../../shared/operations/all';
import { emptyCounts, type RequestCounts, type OperationState } from '../../shared/outbox/states';
import type { Outbox } from '../outbox/outbox';
import type { OperationRecord } from '../outbox/records';
import type { JobPace } from './job-watch';

export interface SyncProgress {
  operations: Record<OperationState, number>;
  requestCounts: RequestCounts;
  /**
   * Codes of every operation: `done` carried out by this sync (created, added, deleted), `present`
   * already on the service before it (someone else's, or already gone), `failed` with a reason.
   */
  codes: { total: number; done: number; present: number; failed: number };
  /**
   * The service's work on import jobs in flight: codes it has worked through (from each job's
   * progress, carried forward at the pace seen since the last look), its pace and the time left.
   * Undefined until a job was looked at.
   */
  jobs: JobPace | undefined;
  /** Requests this engine made (writes, looks, look-ups). */
  requests: number;
  rate: RateBudgetSnapshot | undefined;
  tokensMinted: number;
}

/**
 * Figures for the progress line; reads operation rows and per-operation sums, never a request's codes.
 * Only operations `inRun` counts: those of the current (or last) sync, so "done by this sync" is true
 * of it and not of every operation the outbox still lists.
 */
export function progressOf(outbox: Outbox, client: VoucherClient, requests: number, inRun: (op: OperationRecord) => boolean, jobs?: JobPace): SyncProgress {
  const operations: Record<OperationState, number> = { queued: 0, running: 0, done: 0, failed: 0, needs_attention: 0, cancelled: 0, dead_letter: 0 };
  const requestCounts = emptyCounts();
  const codes = { total: 0, done: 0, present: 0, failed: 0 };
  const tallies = outbox.tallies();
  for (const op of outbox.operations()) {
    if (!inRun(op)) continue;
    operations[op.state] += 1;
    for (const [state, n] of Object.entries(op.requestCounts) as [keyof RequestCounts, number][]) requestCounts[state] += n;
    const tally = tallies.get(op.id);
    codes.total += op.codes;
    if (!tally) continue;
    // A kind without codes (a reward) counts its result as a request, not as a code.
    if (rulesOf(op.kind)?.countsCodes !== false) codes.done += tally.applied;
    codes.present += tally.present;
    codes.failed += tally.failed;
  }
  return { operations, requestCounts, codes, jobs, requests, rate: client.rateBudget(), tokensMinted: client.tokenStatus()?.minted ?? 0 };
}
