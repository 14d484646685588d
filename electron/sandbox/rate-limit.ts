import { ApiError } from './errors';
import type { Clock, RateLimitSettings } from './types';

interface Window {
  limit: number;
  lengthMs: number;
  start: number;
  used: number;
}

/** Fixed windows aligned to the minute and hour of the injectable clock, like a plan's call budget. */
export class RateLimiter {
  private readonly windows: Window[];

  constructor(settings: RateLimitSettings | undefined, private readonly clock: Clock) {
    this.windows = [];
    if (settings?.perMinute) this.windows.push({ limit: settings.perMinute, lengthMs: 60_000, start: 0, used: 0 });
    if (settings?.perHour) this.windows.push({ limit: settings.perHour, lengthMs: 3_600_000, start: 0, used: 0 });
  }

  /** Counts one call and returns the headers for its answer; throws the 429 once a window is used up. */
  take(): Record<string, string> {
    if (this.windows.length === 0) return {};
    const now = this.clock.now();
    for (const w of this.windows) {
      const start = now - (now % w.lengthMs);
      if (w.start !== start) {
        w.start = start;
        w.used = 0;
      }
    }
    const full = this.windows.find((w) => w.used >= w.limit);
    if (full) {
      const resetMs = full.start + full.lengthMs;
      throw new ApiError(
        429,
        {
          key: 'too_many_requests',
          message: 'Too many requests hit the API too quickly.',
          details: `At most ${full.limit} calls per ${full.lengthMs === 60_000 ? 'minute' : 'hour'}; retry after ${new Date(resetMs).toISOString()}.`,
        },
        {
          ...this.headers(full, now),
          'Retry-After': String(Math.max(1, Math.ceil((resetMs - now) / 1000))),
          'X-Rate-Limit-Type': 'api_calls',
        },
      );
    }
    for (const w of this.windows) w.used += 1;
    const tightest = this.windows.reduce((a, b) => (b.limit - b.used < a.limit - a.used ? b : a));
    return this.headers(tightest, now);
  }

  private headers(w: Window, now: number): Record<string, string> {
    const remaining = Math.max(0, w.limit - w.used);
    const retryMs = remaining > 0 ? now : w.start + w.lengthMs;
    return {
      'X-Rate-Limit-Limit': String(w.limit),
      'X-Rate-Limit-Remaining': String(remaining),
      'X-Rate-Limit-Retry': String(Math.ceil(retryMs / 1000)),
    };
  }
}
