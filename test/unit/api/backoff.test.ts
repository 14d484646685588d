import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_POLICY, backoffDelay, parseRetryAfter } from '../../../shared/api';
import { mayRetry, retryDelay } from '../../../shared/api/backoff';

const policy = { ...DEFAULT_RETRY_POLICY, baseDelayMs: 100, maxDelayMs: 1_000 };

describe('backoff', () => {
  it('doubles each retry, with jitter in the upper half of the step, capped', () => {
    expect(backoffDelay(1, policy, () => 0)).toBe(50);
    expect(backoffDelay(1, policy, () => 1)).toBe(100);
    expect(backoffDelay(2, policy, () => 0)).toBe(100);
    expect(backoffDelay(3, policy, () => 0.5)).toBe(300);
    expect(backoffDelay(10, policy, () => 1)).toBe(1_000);
    expect(backoffDelay(10, policy, () => 0)).toBe(500);
  });

  it('never waits less than Retry-After asked for', () => {
    expect(retryDelay(1, policy, () => 0, 5_000)).toBe(5_000);
    expect(retryDelay(4, policy, () => 1, 10)).toBe(800);
    expect(retryDelay(1, policy, () => 1, undefined)).toBe(100);
  });

  it('stops at the attempt bound and at the deadline', () => {
    expect(mayRetry(1, 0, 100, policy)).toBe(true);
    expect(mayRetry(policy.maxAttempts, 0, 100, policy)).toBe(false);
    expect(mayRetry(1, policy.deadlineMs - 50, 100, policy)).toBe(false);
    expect(mayRetry(1, policy.deadlineMs - 100, 100, policy)).toBe(true);
  });
});

describe('parseRetryAfter', () => {
  it('reads delay seconds and HTTP dates', () => {
    const now = Date.UTC(2026, 0, 1, 12, 0, 0);
    expect(parseRetryAfter('7', now)).toBe(7_000);
    expect(parseRetryAfter('1.5', now)).toBe(1_500);
    expect(parseRetryAfter('Thu, 01 Jan 2026 12:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Thu, 01 Jan 2026 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});
