// How often an accepted job is asked about: every poll is an API call counted against the rate
// budget, so the first one waits about as long as the job should take and later ones back off.

export interface PollPolicy {
  /** Assumed service speed, to guess when a job of N codes is done. */
  codesPerSecond: number;
  minDelayMs: number;
  maxDelayMs: number;
  factor: number;
}

export const DEFAULT_POLL_POLICY: PollPolicy = { codesPerSecond: 50_000, minDelayMs: 200, maxDelayMs: 30_000, factor: 1.6 };

export interface JobProgress {
  /** The job's progress, 0..100, as its last poll said. */
  percent: number;
  /** Time since the job was accepted, ms. */
  elapsedMs: number;
}

/**
 * Wait before poll number `polls + 1` of a job of `codes` codes. A job that reports progress is
 * expected to finish at the pace it has shown so far, so the next poll comes about when it should
 * be done; otherwise the waits grow geometrically from the time the job should take.
 */
export function pollDelay(codes: number, polls: number, progress?: JobProgress, policy: PollPolicy = DEFAULT_POLL_POLICY): number {
  const clamp = (ms: number) => Math.min(policy.maxDelayMs, Math.max(policy.minDelayMs, Math.round(ms)));
  if (progress && progress.percent > 0 && progress.percent < 100 && progress.elapsedMs > 0) {
    return clamp((progress.elapsedMs * (100 - progress.percent)) / progress.percent);
  }
  const expected = Math.max(policy.minDelayMs, (codes / policy.codesPerSecond) * 1000);
  return clamp(expected * policy.factor ** polls);
}

/** Polls a job of `codes` codes is expected to need (the first usually finds it done, one spare). */
export function expectedPolls(codes: number): number {
  return codes > 0 ? 2 : 0;
}
