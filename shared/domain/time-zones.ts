// Local calendar time in an IANA time zone, through Intl alone: the zone's UTC offset at an
// instant, the stretches of time over which that offset holds (split at daylight-saving changes),
// and the first instant of a local day (which is not always 00:00: some zones skip midnight).

const MINUTE = 60_000;
const DAY = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Throws a clear error unless `timeZone` is an IANA zone name this runtime knows, such as Europe/Warsaw. */
export function checkTimeZone(timeZone: string): string {
  try {
    return formatter(timeZone).resolvedOptions().timeZone;
  } catch {
    throw new RangeError(`Unknown time zone ${JSON.stringify(timeZone)}: use an IANA name such as Europe/Warsaw, America/New_York or UTC.`);
  }
}

/** The wall-clock time in the zone at `ms`, as if it were UTC (so its fields read as the local ones). */
function wallClock(ms: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(ms)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const { year = 1970, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = parts;
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

/** Minutes the zone is ahead of UTC at `ms` (120 in Warsaw in summer). */
export function offsetMinutes(ms: number, timeZone: string): number {
  const whole = Math.floor(ms / 1000) * 1000;
  return Math.round((wallClock(whole, timeZone) - whole) / MINUTE);
}

/** From `from` (ms; -Infinity for the first) until the next period, the zone is `offset` minutes ahead of UTC. */
export interface OffsetPeriod {
  from: number;
  offset: number;
}

/** The first instant after `lo` (exclusive) up to `hi` at which the offset is no longer `before`. */
function changeAfter(lo: number, hi: number, before: number, timeZone: string): number {
  let [a, b] = [lo, hi];
  while (b - a > MINUTE) {
    const mid = a + Math.floor((b - a) / 2 / MINUTE) * MINUTE;
    if (offsetMinutes(mid, timeZone) === before) a = mid;
    else b = mid;
  }
  return b;
}

/**
 * The zone's offsets over [fromMs, toMs], split where they change. Offsets change at most a few
 * times a year, so they are looked for a day apart and each change is then found to the minute.
 */
export function offsetPeriods(timeZone: string, fromMs: number, toMs: number): OffsetPeriod[] {
  // Looked for on whole minutes, so a change (always on a minute) is found at its very instant, not
  // up to a minute after it: on Santiago's change at local midnight that minute is in another day.
  const [first, end] = [Math.floor(fromMs / MINUTE) * MINUTE, Math.ceil(toMs / MINUTE) * MINUTE];
  const periods: OffsetPeriod[] = [{ from: -Infinity, offset: offsetMinutes(first, timeZone) }];
  let at = first;
  while (at < end) {
    const next = Math.min(at + DAY, end);
    const current = periods[periods.length - 1]?.offset ?? 0;
    const offset = offsetMinutes(next, timeZone);
    if (offset !== current) periods.push({ from: changeAfter(at, next, current, timeZone), offset });
    at = next;
  }
  return periods;
}

const pad = (n: number, width = 2): string => String(Math.abs(n)).padStart(width, '0');

/** `offset` minutes as ±HH:MM. */
export function offsetText(offset: number): string {
  return `${offset < 0 ? '-' : '+'}${pad(Math.trunc(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
}

/** The instant as ISO 8601 at `offset` minutes from UTC, to the second, e.g. 2026-03-29T03:00:00+02:00. */
function isoAt(ms: number, offset: number): string {
  return `${new Date(Math.floor(ms / 1000) * 1000 + offset * MINUTE).toISOString().slice(0, 19)}${offsetText(offset)}`;
}

/** The instant as local ISO 8601 with its offset, e.g. 2026-03-29T03:00:00+02:00. */
export function localIso(ms: number, timeZone: string): string {
  return isoAt(ms, offsetMinutes(ms, timeZone));
}

/** The zone's offset at `ms`, given its periods around it. */
export function offsetIn(periods: readonly OffsetPeriod[], ms: number): number {
  let offset = periods[0]?.offset ?? 0;
  for (const p of periods) {
    if (p.from > ms) break;
    offset = p.offset;
  }
  return offset;
}

/**
 * The first instant of the local day `date` (YYYY-MM-DD), given the zone's periods around it: its
 * midnight, the earlier one when clocks went back over midnight, or the end of the gap when they
 * jumped over it.
 */
export function startOfLocalDay(date: string, periods: readonly OffsetPeriod[]): number {
  const midnight = Date.parse(`${date}T00:00:00Z`);
  let first = Infinity;
  for (const [i, p] of periods.entries()) {
    const t = midnight - p.offset * MINUTE;
    const end = periods[i + 1]?.from ?? Infinity;
    if (t >= p.from && t < end) first = Math.min(first, t);
  }
  if (first !== Infinity) return first;
  const after = periods.find((p) => p.from !== -Infinity && p.from + p.offset * MINUTE >= midnight);
  return after?.from ?? midnight - offsetIn(periods, midnight) * MINUTE;
}

/** The local calendar day (YYYY-MM-DD) of an instant, given the zone's periods around it. */
export function localDate(ms: number, periods: readonly OffsetPeriod[]): string {
  return new Date(ms + offsetIn(periods, ms) * MINUTE).toISOString().slice(0, 10);
}

/** `localIso` from the zone's periods around the instant: no Intl call, for many instants. */
export function localIsoIn(ms: number, periods: readonly OffsetPeriod[]): string {
  return isoAt(ms, offsetIn(periods, ms));
}
