// Finding an import job again whose answer was lost (a crash around the request, a dropped or
// unreadable answer, a gateway's 5xx in front of a write the service carried out). Other clients of
// the same project (a colleague, a shop integration) import too, so a job is taken as ours only when
// it is provably ours: its type, its time and its counts fit the request, and a probe of the
// request's own codes on the service agrees with what the job says. One candidate gets the same
// checks as several. Pure: the engine fetches the jobs and the probes, this decides.

export interface JobCandidate {
  id: string;
  type?: string;
  status: string;
  created_at?: string;
  /** For a finished job: when it finished. */
  updated_at?: string;
  result?: { done_count?: number; failed_count?: number; failed?: { code: string }[] } | Record<string, unknown>;
}

export interface SentRequest {
  jobType: 'VOUCHERS.IMPORT' | 'VOUCHERS.IMPORT_CSV';
  /** When the request was about to leave, ms (the app's clock). */
  sentAt: number;
  /** When its outcome was found uncertain (or now, after a crash), ms (the app's clock). */
  until: number;
  /** Codes the request carried. */
  codes: number;
  hasCode(code: string): boolean;
}

export interface FindJobOptions {
  /** Service and app clocks may differ by this much. */
  skewMs: number;
  /** Ids some other request already owns. */
  claimed: ReadonlySet<string>;
}

/** One of our codes as the service shows it (GET /v1/vouchers/{code}). */
export interface CodeProbe {
  code: string;
  present: boolean;
  /** The voucher's created_at and updated_at, ms (the service's clock), when present. */
  createdAt?: number;
  updatedAt?: number;
}

export type Ownership =
  | { ours: JobCandidate }
  /** A job that could be ours is still running: its counts are not known yet. */
  | { wait: JobCandidate[] }
  | { none: true }
  | { ambiguous: JobCandidate[] };

/**
 * A voucher's time is compared with its job's on the service's own clock, so only rounding needs a
 * margin: none when the job's times carry fractions of a second, a second when they do not.
 */
function roundingMargin(...texts: (string | undefined)[]): number {
  return texts.every((t) => t === undefined || /\.\d+/.test(t)) ? 0 : 1000;
}

function time(text: string | undefined): number {
  return text === undefined ? Number.NaN : Date.parse(text);
}

export function isFinishedJob(job: JobCandidate): boolean {
  return job.status === 'DONE' || job.status === 'FAILED';
}

/** The job's total (done + failed) and its failed codes, when it reports them. */
export function jobCounts(job: JobCandidate): { total?: number; failedCodes: Set<string> } {
  const result = (job.result ?? {}) as { done_count?: unknown; failed_count?: unknown; failed?: unknown };
  const done = typeof result.done_count === 'number' ? result.done_count : undefined;
  const failed = typeof result.failed_count === 'number' ? result.failed_count : undefined;
  const failedCodes = new Set(
    Array.isArray(result.failed)
      ? result.failed.flatMap((item: unknown) =>
          typeof item === 'object' && item !== null && typeof (item as { code?: unknown }).code === 'string' ? [(item as { code: string }).code] : [],
        )
      : [],
  );
  return { total: done !== undefined && failed !== undefined ? done + failed : undefined, failedCodes };
}

/** Jobs of the request's type, created while it was out (allowing for skew), that no other request owns. */
export function candidateJobs(request: SentRequest, jobs: readonly JobCandidate[], options: FindJobOptions): JobCandidate[] {
  return jobs.filter((job) => {
    if (job.type !== request.jobType || options.claimed.has(job.id)) return false;
    const created = time(job.created_at);
    return Number.isFinite(created) && created >= request.sentAt - options.skewMs && created <= request.until + options.skewMs;
  });
}

/** A finished job fits when it counted exactly the request's codes and every code it failed is one of them. */
export function countsFit(request: SentRequest, job: JobCandidate): boolean {
  const { total, failedCodes } = jobCounts(job);
  if (total !== request.codes) return false;
  for (const code of failedCodes) if (!request.hasCode(code)) return false;
  return true;
}

/**
 * The probe agrees with a job when every probed code the job did not fail is on the service and was
 * written (created, or updated by a CSV import) while the job ran: no earlier than it was created
 * and, once it finished, no later than that. A code the job failed may or may not be there (someone
 * else's code already there).
 */
export function probeAgrees(job: JobCandidate, probes: readonly CodeProbe[]): boolean {
  const margin = roundingMargin(job.created_at, job.updated_at);
  const created = time(job.created_at);
  const finished = isFinishedJob(job) ? time(job.updated_at) : Number.NaN;
  const latest = Number.isFinite(finished) ? finished + margin : Number.POSITIVE_INFINITY;
  const { failedCodes } = jobCounts(job);
  return probes.every((p) => {
    if (failedCodes.has(p.code)) return true;
    if (!p.present) return false;
    const ran = (t: number | undefined): boolean => t !== undefined && t >= created - margin && t <= latest;
    return ran(p.createdAt) || ran(p.updatedAt);
  });
}

/** The codes to probe: the first, the last and `sample` others picked with `random`. */
export function probeSample(codes: readonly string[], sample: number, random: () => number): string[] {
  const picked = new Set<string>();
  const first = codes[0];
  const last = codes.at(-1);
  if (first !== undefined) picked.add(first);
  if (last !== undefined) picked.add(last);
  const target = Math.min(codes.length, picked.size + sample);
  for (let guard = 0; picked.size < target && guard < sample * 20; guard += 1) {
    picked.add(codes[Math.floor(random() * codes.length)] as string);
  }
  return [...picked];
}

/**
 * Which job, if any, is the request's. Finished candidates are checked first; when none passes and a
 * candidate is still running, the answer is to wait for it (its counts decide).
 */
export function findOwnJob(request: SentRequest, jobs: readonly JobCandidate[], probes: readonly CodeProbe[], options: FindJobOptions): Ownership {
  const candidates = candidateJobs(request, jobs, options);
  const running = candidates.filter((job) => !isFinishedJob(job));
  const proven = candidates.filter((job) => isFinishedJob(job) && countsFit(request, job) && probeAgrees(job, probes));
  if (proven.length === 1) return { ours: proven[0] as JobCandidate };
  if (proven.length > 1) return { ambiguous: proven };
  if (running.length > 0) return { wait: running };
  return { none: true };
}
