import { describe, expect, it } from 'vitest';
import { DEFAULT_PACING_POLICY, RateBudget, pacingDelay, readRateHeaders } from '../../../shared/api';

const policy = { ...DEFAULT_PACING_POLICY, resetMarginMs: 0 };

function clockAt(start: number): { now(): number; advance(ms: number): void } {
  let t = start;
  return { now: () => t, advance: (ms) => (t += ms) };
}

function headers(limit: number, remaining: number, retrySeconds: number): Headers {
  return new Headers({
    'X-Rate-Limit-Limit': String(limit),
    'X-Rate-Limit-Remaining': String(remaining),
    'X-Rate-Limit-Retry': String(retrySeconds),
  });
}

describe('pacingDelay', () => {
  it('does not pace while more than the free share is left', () => {
    expect(pacingDelay({ limit: 100, remaining: 51, resetAt: 60_000 }, 0, 0, policy)).toBe(0);
  });

  it('spreads the remaining calls evenly over the time to reset', () => {
    expect(pacingDelay({ limit: 100, remaining: 50, resetAt: 60_000 }, 0, 0, policy)).toBe(1_200);
    expect(pacingDelay({ limit: 100, remaining: 10, resetAt: 30_000 }, 0, 10_000, policy)).toBe(0);
    expect(pacingDelay({ limit: 100, remaining: 10, resetAt: 30_000 }, 9_000, 10_000, policy)).toBe(1_000);
  });

  it('waits for the reset (plus margin) once the budget is spent', () => {
    expect(pacingDelay({ limit: 100, remaining: 0, resetAt: 45_000 }, 0, 5_000, policy)).toBe(40_000);
    expect(pacingDelay({ limit: 100, remaining: 0, resetAt: 45_000 }, 0, 5_000, DEFAULT_PACING_POLICY)).toBe(41_000);
  });

  it('keeps a run within the limit: the sum of waits over a window covers the window', () => {
    let now = 0;
    let remaining = 50;
    let last = 0;
    while (remaining > 0) {
      now += pacingDelay({ limit: 100, remaining, resetAt: 60_000 }, last, now, policy);
      last = now;
      remaining -= 1;
    }
    expect(now).toBeGreaterThanOrEqual(58_800);
    expect(now).toBeLessThanOrEqual(60_000);
  });
});

describe('readRateHeaders', () => {
  it('reads the three headers, retry in ms; absent headers mean no budget', () => {
    expect(readRateHeaders(headers(100, 42, 1_700_000_000))).toEqual({ limit: 100, remaining: 42, retryAt: 1_700_000_000_000 });
    expect(readRateHeaders(new Headers({ 'X-Rate-Limit-Limit': '100' }))).toBeUndefined();
    expect(readRateHeaders(new Headers({ 'X-Rate-Limit-Limit': '100', 'X-Rate-Limit-Remaining': 'x' }))).toBeUndefined();
  });
});

describe('RateBudget', () => {
  it('counts calls in flight against the budget and exposes remaining and reset', () => {
    const clock = clockAt(1_000_000);
    const budget = new RateBudget(clock, policy);
    expect(budget.snapshot()).toBeUndefined();
    budget.recordSend();
    budget.recordDone(readRateHeaders(headers(100, 60, 1_000)));
    expect(budget.snapshot()).toEqual({ limit: 100, remaining: 60, resetAt: 1_060_000 });
    budget.recordSend();
    budget.recordSend();
    expect(budget.snapshot()?.remaining).toBe(58);
    budget.recordDone(undefined);
    budget.recordDone(undefined);
    expect(budget.snapshot()?.remaining).toBe(60);
  });

  it('learns the reset time from the answer that spent the budget, and forgets the count after it', () => {
    const clock = clockAt(1_000_000);
    const budget = new RateBudget(clock, policy);
    budget.recordSend();
    budget.recordDone(readRateHeaders(headers(100, 0, 1_030)));
    expect(budget.snapshot()).toEqual({ limit: 100, remaining: 0, resetAt: 1_030_000 });
    expect(budget.delayBeforeSend()).toBe(30_000);
    clock.advance(30_000);
    expect(budget.snapshot()).toBeUndefined();
    expect(budget.delayBeforeSend()).toBe(0);
  });

  it('starts a new window estimate when the count goes back up', () => {
    const clock = clockAt(0);
    const budget = new RateBudget(clock, policy);
    budget.recordSend();
    budget.recordDone(readRateHeaders(headers(100, 20, 0)));
    clock.advance(40_000);
    budget.recordSend();
    budget.recordDone(readRateHeaders(headers(100, 19, 40)));
    expect(budget.snapshot()?.resetAt).toBe(60_000);
    clock.advance(10_000);
    budget.recordSend();
    budget.recordDone(readRateHeaders(headers(100, 99, 50)));
    expect(budget.snapshot()).toEqual({ limit: 100, remaining: 99, resetAt: 110_000 });
  });
});
