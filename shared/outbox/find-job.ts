// Finding an import job again whose id was lost (a crash between the 202 answer and the durable
// write, or a connection dropped after the write). Pure: the engine fetches the recent async
// actions and the chunk facts, this picks.

export interface JobCandidate {
  id: string;
  type?: string;
  status: string;
  created_at?: string;
  result?: { done_count?: number; failed_count?: number; failed?: { code: string }[] } | Record<string, unknown>;
}

export interface LostChunk {
  jobType: 'VOUCHERS.IMPORT' | 'VOUCHERS.IMPORT_CSV';
  /** When the request was about to leave, ms. */
  sentAt: number;
  codes: number;
  /** Codes of the chunk, to check a candidate's failures against. */
  hasCode(code: string): boolean;
}

export interface FindJobOptions {
  /** Service and app clocks may differ by this much. */
  skewMs: number;
  /** Ids some other chunk already owns. */
  claimed: ReadonlySet<string>;
}

export type JobMatch = { found: JobCandidate } | { none: true } | { ambiguous: JobCandidate[] };

function counts(candidate: JobCandidate): { total?: number; failedCodes: string[] } {
  const result = (candidate.result ?? {}) as { done_count?: unknown; failed_count?: unknown; failed?: unknown };
  const done = typeof result.done_count === 'number' ? result.done_count : undefined;
  const failed = typeof result.failed_count === 'number' ? result.failed_count : undefined;
  const failedCodes = Array.isArray(result.failed)
    ? result.failed.flatMap((item: unknown) => (typeof item === 'object' && item !== null && typeof (item as { code?: unknown }).code === 'string' ? [(item as { code: string }).code] : []))
    : [];
  return { total: done !== undefined && failed !== undefined ? done + failed : undefined, failedCodes };
}

/**
 * Candidates: jobs of the right type created no earlier than the send (less the skew) and not owned
 * by another chunk. Several candidates are told apart by what finished ones report: their code count
 * and their failed codes must fit the chunk.
 */
export function matchLostJob(chunk: LostChunk, jobs: readonly JobCandidate[], options: FindJobOptions): JobMatch {
  const candidates = jobs.filter((job) => {
    if (job.type !== chunk.jobType || options.claimed.has(job.id)) return false;
    const created = job.created_at === undefined ? Number.NaN : Date.parse(job.created_at);
    return Number.isFinite(created) && created >= chunk.sentAt - options.skewMs;
  });
  if (candidates.length === 0) return { none: true };
  if (candidates.length === 1) return { found: candidates[0] as JobCandidate };
  const fitting = candidates.filter((job) => {
    const { total, failedCodes } = counts(job);
    if (total !== undefined && total !== chunk.codes) return false;
    return failedCodes.every((code) => chunk.hasCode(code));
  });
  if (fitting.length === 1) return { found: fitting[0] as JobCandidate };
  return { ambiguous: fitting.length > 0 ? fitting : candidates };
}
