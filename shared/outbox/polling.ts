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

/** Wait before poll number `polls + 1` of a job of `codes` codes. */
export function pollDelay(codes: number, polls: number, policy: PollPolicy = DEFAULT_POLL_POLICY): number {
  const expected = Math.max(policy.minDelayMs, (codes / policy.codesPerSecond) * 1000);
  return Math.min(policy.maxDelayMs, Math.round(expected * policy.factor ** polls));
}

/** Polls a job of `codes` codes is expected to need (the first usually finds it done, one spare). */
export function expectedPolls(codes: number): number {
  return codes > 0 ? 2 : 0;
}
