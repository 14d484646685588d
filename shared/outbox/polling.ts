// How often an accepted job is asked about: every poll is an API call counted against the rate
// budget, and a finished job noticed late holds the whole sync up. So a job is polled when it
// should be done, as predicted from its own progress and the pace jobs have shown so far in the
// sync; only the first job of a sync, with no pace seen yet, gets one early check to learn it.

export interface PollPolicy {
  /** Assumed service speed before any job has shown its pace. */
  codesPerSecond: number;
  minDelayMs: number;
  maxDelayMs: number;
  /** The early check comes at this part of the time the assumed speed gives. */
  earlyFraction: number;
  /** Added to a predicted finish, so the poll lands just after it rather than just before. */
  marginMs: number;
}

export const DEFAULT_POLL_POLICY: PollPolicy = { codesPerSecond: 50_000, minDelayMs: 200, maxDelayMs: 30_000, earlyFraction: 0.5, marginMs: 50 };

export interface JobProgress {
  /** The job's progress, 0..100, as its last poll said. */
  percent: number;
  /** Time since the job was accepted, ms. */
  elapsedMs: number;
}

function clamp(ms: number, policy: PollPolicy): number {
  return Math.min(policy.maxDelayMs, Math.max(policy.minDelayMs, Math.round(ms)));
}

function jobMs(codes: number, codesPerSecond: number): number {
  return (codes / codesPerSecond) * 1000;
}

/**
 * Wait before the first poll of a job of `codes` codes just accepted. `pace` is the codes a second a
 * job has shown in this sync (undefined before any): the poll comes when the job should be done at
 * that pace; with none seen yet, an early check part-way reads the job's progress to learn it.
 */
export function firstPollDelay(codes: number, pace: number | undefined, policy: PollPolicy = DEFAULT_POLL_POLICY): number {
  if (pace !== undefined && pace > 0) return clamp(jobMs(codes, pace) + policy.marginMs, policy);
  return clamp(policy.earlyFraction * jobMs(codes, policy.codesPerSecond), policy);
}

/**
 * Wait before poll number `polls + 1` of a job a poll found unfinished. A job that reports progress
 * is expected to finish at the pace it has shown; one not started yet waits behind other work, so
 * it is asked again after as long as a whole job takes at the pace seen, a little longer each time
 * (a queue that does not move is not asked about every second).
 */
export function nextPollDelay(codes: number, polls: number, progress: JobProgress | undefined, pace: number | undefined, policy: PollPolicy = DEFAULT_POLL_POLICY): number {
  if (progress && progress.percent > 0 && progress.percent < 100 && progress.elapsedMs > 0) {
    return clamp((progress.elapsedMs * (100 - progress.percent)) / progress.percent + policy.marginMs, policy);
  }
  const perJob = jobMs(codes, pace !== undefined && pace > 0 ? pace : policy.codesPerSecond);
  return clamp(perJob * Math.max(1, polls), policy);
}

/** Codes a second a job has shown: the part of its codes done over the time it took; undefined when it says nothing yet. */
export function paceOf(codes: number, progress: JobProgress): number | undefined {
  if (progress.percent <= 0 || progress.elapsedMs <= 0) return undefined;
  return (codes * Math.min(100, progress.percent)) / 100 / (progress.elapsedMs / 1000);
}

/**
 * Wait before looking again for a job the service does not list yet (reconciling an uncertain
 * request): it backs off from the time the job should take, as nothing tells how far it is.
 */
export function listedJobDelay(codes: number, polls: number, policy: PollPolicy = DEFAULT_POLL_POLICY): number {
  return clamp(Math.max(policy.minDelayMs, jobMs(codes, policy.codesPerSecond)) * 1.6 ** polls, policy);
}

/** Polls the jobs of `jobs` import requests are expected to need: one each when due, and the sync's one early check. */
export function expectedPolls(jobs: number): number {
  return jobs > 0 ? jobs + 1 : 0;
}
