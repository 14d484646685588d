import { ApiError } from './errors';
import type { Clock, RateLimitSettings } from './types';

/** The plan assumed without `rateLimit`: the larger published billing-cycle allowance, calendar months in UTC. */
export const DEFAULT_CYCLE_LIMIT = 300_000;

type Period = 'minute' | 'hour' | 'billing cycle';

interface Window {
  limit: number;
  period: Period;
  start: number;
  end: number;
  used: number;
}

function bounds(period: Period, now: number): { start: number; end: number } {
  if (period === 'billing cycle') {
    const d = new Date(now);
    return { start: Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1), end: Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) };
  }
  const length = period === 'minute' ? 60_000 : 3_600_000;
  const start = now - (now % length);
  return { start, end: start + length };
}

/** Fixed windows aligned to the minute, hour or month of the injectable clock, like a plan's call budget. */
export class RateLimiter {
  private readonly windows: Window[] = [];

  constructor(
    settings: RateLimitSettings | undefined,
    private readonly clock: Clock,
  ) {
    const add = (limit: number, period: Period): void => void this.windows.push({ limit, period, start: 0, end: 0, used: 0 });
    if (settings?.perMinute) add(settings.perMinute, 'minute');
    if (settings?.perHour) add(settings.perHour, 'hour');
    if (this.windows.length === 0) add(DEFAULT_CYCLE_LIMIT, 'billing cycle');
  }

  /** The headers of an answer that does not count against the budget (refused credentials, wrong cluster). */
  peek(): Record<string, string> {
    const now = this.roll();
    return this.headers(this.tightest(), now);
  }

  /** Counts one call and returns the headers for its answer; throws the 429 once a window is used up. */
  take(): Record<string, string> {
    const now = this.roll();
    const full = this.windows.find((w) => w.used >= w.limit);
    if (full) {
      throw tooMany(
        `At most ${full.limit} calls per ${full.period}; retry after ${new Date(full.end).toISOString()}.`,
        this.headers(full, now),
        Math.max(1, Math.ceil((full.end - now) / 1000)),
        full.period === 'billing cycle' ? 'api_calls_cycle' : 'api_calls',
      );
    }
    for (const w of this.windows) w.used += 1;
    return this.headers(this.tightest(), now);
  }

  /** The 429 of an injected fault: the plan's limit, nothing remaining, the next call allowed in `seconds`. */
  injected(seconds: number): ApiError {
    const now = this.roll();
    const retryAt = now + seconds * 1000;
    return tooMany(
      `Injected fault: retry after ${new Date(retryAt).toISOString()}.`,
      { 'X-Rate-Limit-Limit': String(this.tightest().limit), 'X-Rate-Limit-Remaining': '0', 'X-Rate-Limit-Retry': String(Math.ceil(retryAt / 1000)) },
      seconds,
      'api_calls',
    );
  }

  private roll(): number {
    const now = this.clock.now();
    for (const w of this.windows) {
      if (now >= w.start && now < w.end) continue;
      Object.assign(w, bounds(w.period, now), { used: 0 });
    }
    return now;
  }

  private tightest(): Window {
    return this.windows.reduce((a, b) => (b.limit - b.used < a.limit - a.used ? b : a));
  }

  private headers(w: Window, now: number): Record<string, string> {
    const remaining = Math.max(0, w.limit - w.used);
    const retryMs = remaining > 0 ? now : w.end;
    return {
      'X-Rate-Limit-Limit': String(w.limit),
      'X-Rate-Limit-Remaining': String(remaining),
      'X-Rate-Limit-Retry': String(Math.ceil(retryMs / 1000)),
    };
  }
}

function tooMany(details: string, headers: Record<string, string>, retryAfterSeconds: number, type: string): ApiError {
  return new ApiError(
    429,
    { key: 'too_many_requests', message: 'Too many requests hit the API too quickly.', details },
    {
      ...headers,
      'Retry-After': String(retryAfterSeconds),
      'X-Rate-Limit-Type': type,
    },
  );
}
