import type { HistoryBucketSize, HistoryNarrowing } from '../../../shared/ipc/publication-history';

// The dashboard's date range, in the reader's local calendar: whole local days, the last one included.

export const RANGE_PRESETS = [
  { id: 'all', label: 'All time', by: 'month' },
  { id: 'last-30-days', label: 'Last 30 days', by: 'day' },
  { id: 'this-month', label: 'This month', by: 'day' },
  { id: 'last-month', label: 'Last month', by: 'day' },
  { id: 'last-12-months', label: 'Last 12 months', by: 'month' },
] as const satisfies readonly { id: string; label: string; by: HistoryBucketSize }[];

export type RangePreset = (typeof RANGE_PRESETS)[number]['id'] | 'custom';

/** Local calendar days as `YYYY-MM-DD` (what a date input holds); `to` is included. Either may be open. */
export interface DayRange {
  from: string;
  to: string;
}

const pad = (n: number): string => String(n).padStart(2, '0');
const dayOf = (d: Date): string => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

export function presetRange(preset: RangePreset, nowMs: number): DayRange {
  const now = new Date(nowMs);
  const y = now.getFullYear();
  const m = now.getMonth();
  const d = now.getDate();
  switch (preset) {
    case 'last-30-days':
      return { from: dayOf(new Date(y, m, d - 29)), to: dayOf(now) };
    case 'this-month':
      return { from: dayOf(new Date(y, m, 1)), to: dayOf(now) };
    case 'last-month':
      return { from: dayOf(new Date(y, m - 1, 1)), to: dayOf(new Date(y, m, 0)) };
    case 'last-12-months':
      return { from: dayOf(new Date(y, m - 11, 1)), to: dayOf(now) };
    default:
      return { from: '', to: '' };
  }
}

function localMidnight(day: string, plusDays = 0): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + plusDays);
}

/** The range as the cache's narrowing: from the first day's local midnight to the midnight after the last day. */
export function narrowingOf(range: DayRange): Pick<HistoryNarrowing, 'from' | 'to'> {
  const from = localMidnight(range.from);
  const to = localMidnight(range.to, 1);
  return { ...(from && { from: from.toISOString() }), ...(to && { to: to.toISOString() }) };
}

const DAY = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const MONTH = new Intl.DateTimeFormat(undefined, { month: 'short', year: 'numeric' });

/** A bucket's name in the reader's calendar: its day, the Monday of its week, or its month. */
export function bucketLabel(start: string, by: HistoryBucketSize): string {
  const at = Date.parse(start);
  if (Number.isNaN(at)) return start;
  if (by === 'month') return MONTH.format(at);
  return by === 'week' ? `Week of ${DAY.format(at)}` : DAY.format(at);
}

/** The range in words, for the headline: "1 Oct 2026 – 31 Oct 2026", "since …", "until …" or "all time". */
export function rangeWords(range: DayRange): string {
  const from = localMidnight(range.from);
  const to = localMidnight(range.to);
  if (from && to) return DAY.formatRange(from, to);
  if (from) return `since ${DAY.format(from)}`;
  if (to) return `until ${DAY.format(to)}`;
  return 'all time';
}

/** A bucket clipped to the range, so a month that starts before the range lists only the range's part of it. */
export function clipped(bucket: { start: string; end: string }, range: Pick<HistoryNarrowing, 'from' | 'to'>): { from: string; to: string } {
  const from = range.from !== undefined && Date.parse(range.from) > Date.parse(bucket.start) ? range.from : bucket.start;
  const to = range.to !== undefined && Date.parse(range.to) < Date.parse(bucket.end) ? range.to : bucket.end;
  return { from, to };
}
