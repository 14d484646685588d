import type { Clock } from './clock';

/** What the X-Rate-Limit-* headers of one answer said. */
export interface RateHeaders {
  limit: number;
  remaining: number;
  /** X-Rate-Limit-Retry in ms: when the next call may be made (the window's end once it is spent). */
  retryAt: number | undefined;
}

export interface RateBudgetSnapshot {
  limit: number;
  /** The last header's count minus the calls still in flight. */
  remaining: number;
  /** When the budget refills: the service's time once it is spent, otherwise the client's estimate. */
  resetAt: number;
}

export interface PacingPolicy {
  /** No pacing while more than this share of the limit is left, so short runs stay fast. */
  freeShare: number;
  /** The window length assumed from the moment a refill was seen (plans count calls per minute). */
  windowMs: number;
  /** Added to the reset time: the header has whole seconds and clocks differ. */
  resetMarginMs: number;
}

export const DEFAULT_PACING_POLICY: PacingPolicy = {
  freeShare: 0.5,
  windowMs: 60_000,
  resetMarginMs: 1_000,
};

function headerNumber(headers: Headers, name: string): number | undefined {
  const raw = headers.get(name);
  if (raw === null || raw.trim() === '') return undefined;
  const value = Number(raw);
  return Number.isFinite(value) ? value : undefined;
}

export function readRateHeaders(headers: Headers): RateHeaders | undefined {
  const limit = headerNumber(headers, 'x-rate-limit-limit');
  const remaining = headerNumber(headers, 'x-rate-limit-remaining');
  if (limit === undefined || remaining === undefined) return undefined;
  const retry = headerNumber(headers, 'x-rate-limit-retry');
  return { limit, remaining: Math.max(0, remaining), retryAt: retry === undefined ? undefined : retry * 1000 };
}

/**
 * How long to wait before the next call so the remaining budget lasts until the reset: below the
 * free share, the remaining calls are spread evenly over the time left, counted from the last call.
 */
export function pacingDelay(budget: RateBudgetSnapshot, lastSentAt: number | undefined, now: number, policy: PacingPolicy): number {
  if (budget.remaining > budget.limit * policy.freeShare) return 0;
  const resetAt = budget.resetAt + policy.resetMarginMs;
  if (budget.remaining <= 0) return Math.max(0, resetAt - now);
  const interval = Math.max(0, resetAt - now) / budget.remaining;
  return Math.max(0, Math.ceil((lastSentAt ?? now) + interval - now));
}

interface State {
  limit: number;
  headerRemaining: number;
  resetAt: number;
  windowStart: number;
}

/** The rate budget of one project credential, shared by every call of a client. */
export class RateBudget {
  private state: State | undefined;
  private inFlight = 0;
  private lastSentAt: number | undefined;

  constructor(
    private readonly clock: Clock,
    private readonly policy: PacingPolicy = DEFAULT_PACING_POLICY,
  ) {}

  snapshot(): RateBudgetSnapshot | undefined {
    const state = this.current();
    if (!state) return undefined;
    return { limit: state.limit, remaining: Math.max(0, state.headerRemaining - this.inFlight), resetAt: state.resetAt };
  }

  /** Wait needed before sending now; 0 when the budget is unknown or plentiful. */
  delayBeforeSend(): number {
    const snapshot = this.snapshot();
    return snapshot ? pacingDelay(snapshot, this.lastSentAt, this.clock.now(), this.policy) : 0;
  }

  /** A call leaves: it counts against the budget before its answer says so. */
  recordSend(): void {
    this.lastSentAt = this.clock.now();
    this.inFlight += 1;
  }

  /** A call ended, with the rate headers of its answer when there was one. */
  recordDone(headers: RateHeaders | undefined): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    if (headers) this.observe(headers);
  }

  private observe(h: RateHeaders): void {
    const now = this.clock.now();
    const prev = this.current();
    // A count that went up means a new window began; until then the window is assumed to have begun
    // at the first answer seen, which can only overestimate the time left (slower, never over).
    const refilled = !prev || h.remaining > prev.headerRemaining || h.limit !== prev.limit;
    const windowStart = refilled ? now : prev.windowStart;
    const spentUntil = h.remaining === 0 && h.retryAt !== undefined && h.retryAt > now ? h.retryAt : undefined;
    this.state = {
      limit: h.limit,
      headerRemaining: h.remaining,
      windowStart,
      resetAt: spentUntil ?? windowStart + this.policy.windowMs,
    };
  }

  private current(): State | undefined {
    // Past the reset the old count says nothing; the next answer brings the new one.
    if (this.state && this.clock.now() >= this.state.resetAt + this.policy.resetMarginMs) this.state = undefined;
    return this.state;
  }
}
