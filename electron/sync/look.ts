import type { AsyncAction } from '../../shared/api';
import { ServiceError } from '../../shared/api/errors';
import { OPERATION_RULES } from '../../shared/operations/all';
import type { CodeList } from '../outbox/bodies';
import { codesOfRequest } from '../outbox/op-codes';
import type { RequestMove, Outbox } from '../outbox/outbox';
import type { RequestRecord, CodeFailure } from '../outbox/records';
import type { SyncContext, Work } from '../operations/context';

type Failure = Omit<CodeFailure, 'opId' | 'idx'>;

/** Per-code failures of a finished import, each tied to the batch row it came from. */
export function importFailures(action: AsyncAction, manifest: CodeList, csv: boolean): Failure[] {
  const failed = Array.isArray(action.result?.failed) ? action.result.failed : [];
  const rowOfCode = new Map<string, number>();
  manifest.codes.forEach((code, i) => {
    if (!rowOfCode.has(code)) rowOfCode.set(code, manifest.rows[i] as number);
  });
  return failed.map((item) => {
    const byRow = csv && typeof item.row === 'number' ? manifest.rows[item.row - 1] : undefined;
    return { code: String(item.code), row: byRow ?? rowOfCode.get(item.code) ?? null, reason: item.reason ?? 'failed without a reason' };
  });
}

/** The codes a request carries when sent: its own, less those found on the service before (left out). */
export function sentManifest(outbox: Outbox, request: RequestRecord): CodeList {
  const { codes, rows } = codesOfRequest(outbox, request);
  const present = outbox.presentCodes(request.opId, request.idx);
  if (present.size === 0) return { codes, rows: rows.map((r) => r ?? 0) };
  const kept = codes.flatMap((code, i) => (present.has(code) ? [] : [{ code, row: rows[i] ?? 0 }]));
  return { codes: kept.map((k) => k.code), rows: kept.map((k) => k.row) };
}

/** A request that failed as a whole fails each code it carried, so the per-code report has every one. */
export function sentCodesFailed(outbox: Outbox, request: RequestRecord, reason: string): Failure[] {
  const { codes, rows } = sentManifest(outbox, request);
  return codes.map((code, i) => ({ code, row: rows[i] || null, reason }));
}

/** The service's per-code reason for a code that existed before the import (spec 4.4: a duplicate is rejected). */
const ALREADY_EXISTS = /already exists/i;

/** The job of an accepted request by its id; undefined when the service no longer knows it (the request then needs attention). */
export async function fetchJob(ctx: SyncContext, work: Work): Promise<AsyncAction | undefined> {
  const { op, request } = work;
  try {
    return await ctx.client.getAsyncAction(request.asyncActionId as string);
  } catch (error) {
    if (error instanceof ServiceError && error.status === 404) {
      await ctx.outbox.move(
        op.id,
        request.idx,
        { type: 'needs-attention' },
        {
          lastError: {
            name: 'JobNotFound',
            message: `The service no longer knows job ${request.asyncActionId}; check the codes of this request`,
            at: ctx.clock.now(),
          },
        },
      );
      return undefined;
    }
    throw error;
  }
}

/** Whether a finished job, as listed, carries all the per-code report needs (a listing may leave `result` out). */
export function hasFullReport(action: AsyncAction): boolean {
  if (action.status === 'FAILED') return action.result !== undefined;
  return typeof action.result?.done_count === 'number' && Array.isArray(action.result.failed);
}

/** The move that settles the request of a finished job: to done (or failed), with its per-code failures. */
export function settlement(ctx: SyncContext, work: Work, action: AsyncAction): RequestMove {
  const { op, request, parsed } = work;
  const result = {
    status: action.status,
    operation_status: action.operation_status ?? null,
    done_count: action.result?.done_count ?? null,
    failed_count: action.result?.failed_count ?? null,
    processing_time: action.processing_time ?? null,
    message: action.result?.message ?? null,
  };
  const at = { opId: op.id, idx: request.idx };
  if (action.status === 'FAILED') {
    const message = `Job ${action.id} failed: ${action.result?.message ?? 'no reason given'}`;
    return {
      ...at,
      event: { type: 'failed' },
      changes: { result: { ...result, applied: 0 }, looks: request.looks + 1, lastError: { name: 'JobFailed', message, at: ctx.clock.now() } },
      failures: sentCodesFailed(ctx.outbox, request, message),
    };
  }
  // Codes the job refused because they were already there are someone else's, not failures of ours.
  // The manifest (every code of the request) is read only when there are failures to tie to rows.
  const failed = Array.isArray(action.result?.failed) && action.result.failed.length > 0;
  const all = failed ? importFailures(action, sentManifest(ctx.outbox, request), OPERATION_RULES[parsed.kind].job?.rowsByPosition ?? false) : [];
  const present = all.filter((f) => ALREADY_EXISTS.test(f.reason));
  const failures = all.filter((f) => !ALREADY_EXISTS.test(f.reason));
  const created = typeof action.result?.done_count === 'number' ? action.result.done_count : 0;
  const state = created === 0 && failures.length > 0 ? 'failed' : 'done';
  return { ...at, event: { type: state }, changes: { result: { ...result, applied: created }, looks: request.looks + 1 }, failures, present };
}
