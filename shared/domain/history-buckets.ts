import type { HistoryBucket, HistoryBucketSize } from '../ipc/publication-history';
import { localIsoIn, startOfLocalDay, type OffsetPeriod } from './time-zones';

// Publications over time: local days (YYYY-MM-DD in the viewer's zone) gathered into days, ISO
// weeks (Monday first) or months, every bucket between the first and the last one included.

const DAY = 86_400_000;

/** Publications of one local day (or the bucket starting that day) with one result and channel. */
export interface DayCount {
  /** null: the publication has no time, so it is in no bucket but counts in the totals. */
  day: string | null;
  result: string | null;
  channel: string | null;
  count: number;
}

/** The channel a publication without one is counted under. */
export const NO_CHANNEL = '(none)';

const dayMs = (day: string): number => Date.parse(`${day}T00:00:00Z`);
const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** The first local day of the bucket holding `day`. */
export function bucketOf(day: string, by: HistoryBucketSize): string {
  if (by === 'day') return day;
  if (by === 'month') return `${day.slice(0, 7)}-01`;
  const ms = dayMs(day);
  const sinceMonday = (new Date(ms).getUTCDay() + 6) % 7;
  return dayOf(ms - sinceMonday * DAY);
}

/** The first local day of the bucket after the one starting on `first`. */
export function nextBucket(first: string, by: HistoryBucketSize): string {
  if (by === 'day') return dayOf(dayMs(first) + DAY);
  if (by === 'week') return dayOf(dayMs(first) + 7 * DAY);
  const d = new Date(dayMs(first));
  return dayOf(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
}

/** The first local day of every bucket from the one holding `firstDay` to the one holding `lastDay`. */
export function bucketStarts(by: HistoryBucketSize, range: { firstDay: string; lastDay: string }): string[] {
  const starts: string[] = [];
  const last = bucketOf(range.lastDay, by);
  for (let first = bucketOf(range.firstDay, by); first <= last; first = nextBucket(first, by)) starts.push(first);
  return starts;
}

/**
 * The buckets from the one holding `firstDay` to the one holding `lastDay`, each [start, end) as
 * local ISO instants (the zone's periods must cover them), with the day counts summed into them by
 * result and channel.
 */
export function historyBuckets(
  counts: readonly DayCount[],
  by: HistoryBucketSize,
  range: { firstDay: string; lastDay: string },
  periods: readonly OffsetPeriod[],
): HistoryBucket[] {
  const buckets = new Map<string, HistoryBucket>();
  // From the zone's periods, not Intl: by day over years that was thousands of Intl calls.
  const instant = (day: string): string => localIsoIn(startOfLocalDay(day, periods), periods);
  for (const first of bucketStarts(by, range)) {
    buckets.set(first, { start: instant(first), end: instant(nextBucket(first, by)), total: 0, byResult: { SUCCESS: 0, FAILURE: 0 }, byChannel: {} });
  }
  for (const c of counts) {
    const bucket = c.day === null ? undefined : buckets.get(bucketOf(c.day, by));
    if (!bucket) continue;
    bucket.total += c.count;
    if (c.result === 'SUCCESS' || c.result === 'FAILURE') bucket.byResult[c.result] += c.count;
    const channel = c.channel ?? NO_CHANNEL;
    bucket.byChannel[channel] = (bucket.byChannel[channel] ?? 0) + c.count;
  }
  return [...buckets.values()];
}
