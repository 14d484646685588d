import type { HistoryBucketSize, HistoryNarrowing, PublicationStats } from '../ipc/publication-history';
import { historyBuckets, NO_CHANNEL, type DayCount } from './history-buckets';
import { localDate, offsetPeriods, type OffsetPeriod } from './time-zones';

// The numbers of the history dashboard and `voucher-desk publications stats`, put together from
// counts the cache has already grouped.

const DAY = 86_400_000;
export const TOP_CAMPAIGNS = 10;

/** What the cache counted for a selection and narrowing. */
export interface StatsCounts {
  days: DayCount[];
  /** Publications by campaign, of those whose campaign the cache knows. */
  campaigns: { name: string | null; count: number }[];
  campaignUnknown: number;
  failures: { code: string | null; message: string | null; count: number }[];
  referral: { referral: number; other: number; unknown: number };
  undetermined: number;
  firstAt: string | null;
  lastAt: string | null;
  lastPullAt: string | null;
}

/** The instants the buckets span: the narrowing's range where it gives one, else the first and last publication. */
export function statsSpan(narrowing: HistoryNarrowing, firstAt: string | null, lastAt: string | null): { from: number; last: number } | null {
  const from = narrowing.from ?? firstAt;
  const last = narrowing.to !== undefined ? Date.parse(narrowing.to) - 1 : lastAt === null ? null : Date.parse(lastAt);
  if (from === null || last === null || last < Date.parse(from)) return null;
  return { from: Date.parse(from), last };
}

/** The zone's offsets over a span and the month around it (a bucket may end a month after its last day). */
export function spanPeriods(timeZone: string, span: { from: number; last: number }): OffsetPeriod[] {
  return offsetPeriods(timeZone, span.from - 2 * DAY, span.last + 33 * DAY);
}

function byCount<T extends { count: number }>(items: T[], name: (item: T) => string): T[] {
  return items.sort((a, b) => b.count - a.count || name(a).localeCompare(name(b)));
}

export function publicationStats(
  counts: StatsCounts,
  options: { by: HistoryBucketSize; timeZone: string; narrowing: HistoryNarrowing; periods: readonly OffsetPeriod[] },
): PublicationStats {
  let succeeded = 0;
  let failed = 0;
  const channels = new Map<string, number>();
  for (const d of counts.days) {
    if (d.result === 'SUCCESS') succeeded += d.count;
    if (d.result === 'FAILURE') failed += d.count;
    const channel = d.channel ?? NO_CHANNEL;
    channels.set(channel, (channels.get(channel) ?? 0) + d.count);
  }
  const span = statsSpan(options.narrowing, counts.firstAt, counts.lastAt);
  const failures = new Map<string | null, { code: string | null; count: number; messages: { message: string | null; count: number }[] }>();
  for (const f of counts.failures) {
    const entry = failures.get(f.code) ?? { code: f.code, count: 0, messages: [] };
    entry.count += f.count;
    entry.messages.push({ message: f.message, count: f.count });
    failures.set(f.code, entry);
  }
  return {
    total: counts.days.reduce((n, d) => n + d.count, 0),
    succeeded,
    failed,
    undetermined: counts.undetermined,
    by: options.by,
    timeZone: options.timeZone,
    buckets: span
      ? historyBuckets(
          counts.days,
          options.by,
          { firstDay: localDate(span.from, options.periods), lastDay: localDate(span.last, options.periods) },
          options.periods,
        )
      : [],
    channels: byCount(
      [...channels].map(([channel, count]) => ({ channel, count })),
      (c) => c.channel,
    ),
    topCampaigns: byCount([...counts.campaigns], (c) => c.name ?? '').slice(0, TOP_CAMPAIGNS),
    campaignUnknown: counts.campaignUnknown,
    failures: byCount([...failures.values()], (f) => f.code ?? '').map((f) => ({ ...f, messages: byCount(f.messages, (m) => m.message ?? '') })),
    referral: counts.referral,
    firstAt: counts.firstAt,
    lastAt: counts.lastAt,
    lastPullAt: counts.lastPullAt,
  };
}
