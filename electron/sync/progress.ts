import type { RateBudgetSnapshot, VoucherClient } from '../../shared/api';
import { emptyCounts, type ChunkCounts, type OperationState } from '../../shared/outbox/states';
import type { Outbox } from '../outbox/outbox';

export interface SyncProgress {
  operations: Record<OperationState, number>;
  chunks: ChunkCounts;
  codes: { total: number; done: number; failed: number };
  /** Requests this engine made (writes, polls, look-ups). */
  requests: number;
  rate: RateBudgetSnapshot | undefined;
  tokensMinted: number;
}

/** Figures for the progress line; reads only operation rows (chunk counts are kept on them). */
export function progressOf(outbox: Outbox, client: VoucherClient, requests: number): SyncProgress {
  const operations: Record<OperationState, number> = { queued: 0, running: 0, done: 0, failed: 0, needs_attention: 0, cancelled: 0, dead_letter: 0 };
  const chunks = emptyCounts();
  const codes = { total: 0, done: 0, failed: 0 };
  const failed = new Map(
    outbox.db.all<{ op_id: number; n: number }>('SELECT op_id, count(*) AS n FROM code_failures GROUP BY op_id').map((r) => [r.op_id, r.n]),
  );
  for (const op of outbox.operations()) {
    operations[op.state] += 1;
    for (const [state, n] of Object.entries(op.chunkCounts) as [keyof ChunkCounts, number][]) chunks[state] += n;
    const opFailed = failed.get(op.id) ?? 0;
    codes.total += op.codes;
    codes.failed += opFailed;
    codes.done += Math.max(0, settledCodes(outbox, op.id, op.kind, op.chunkCounts) - opFailed);
  }
  return { operations, chunks, codes, requests, rate: client.rateBudget(), tokensMinted: client.tokenStatus()?.minted ?? 0 };
}

/** Codes in finished requests: imports have few, large chunks to add up; per-code requests are counted. */
function settledCodes(outbox: Outbox, opId: number, kind: string, counts: ChunkCounts): number {
  if (kind !== 'import-json' && kind !== 'import-csv') return kind === 'reward' ? 0 : counts.done + counts.failed;
  return outbox.db.get<{ n: number | null }>("SELECT sum(codes) AS n FROM chunks WHERE op_id = ? AND state IN ('done', 'failed')", [opId])?.n ?? 0;
}
