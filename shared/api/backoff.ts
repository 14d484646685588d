/** How reads are retried; writes are never retried by the client. */
export interface RetryPolicy {
  /** Total tries of one read, the first included. */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** No retry starts once this much (client clock) time has passed since the first try. */
  deadlineMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 5,
  baseDelayMs: 500,
  maxDelayMs: 30_000,
  deadlineMs: 120_000,
};

/**
 * Exponential backoff with "equal jitter": half the step is fixed so retries never bunch at zero,
 * half is random so many clients do not retry in lockstep. `retry` is 1 for the first retry.
 */
export function backoffDelay(retry: number, policy: RetryPolicy, random: () => number): number {
  const step = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, retry - 1));
  return Math.round(step / 2 + random() * (step / 2));
}

/** Retry-After is either delay seconds or an HTTP date; answers ms from now, or undefined. */
export function parseRetryAfter(value: string | null, nowMs: number): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.ceil(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - nowMs);
}

/** The wait before the next try: the backoff step, but never less than the service asked for. */
export function retryDelay(retry: number, policy: RetryPolicy, random: () => number, retryAfterMs: number | undefined): number {
  return Math.max(backoffDelay(retry, policy, random), retryAfterMs ?? 0);
}

/** Whether another try fits: attempts left and the wait ends before the deadline. */
export function mayRetry(attemptsMade: number, elapsedMs: number, waitMs: number, policy: RetryPolicy): boolean {
  return attemptsMade < policy.maxAttempts && elapsedMs + waitMs <= policy.deadlineMs;
}
