import { offsetPeriods, startOfLocalDay } from './time-zones';

// Dates a person types to narrow the history: a local day (YYYY-MM-DD, in their zone) or an exact
// ISO instant with Z or an offset.

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const INSTANT = /^(\d{4}-\d{2}-\d{2})T(\d{2}):\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

function realDay(text: string): boolean {
  const [, y, m, d] = DAY.exec(text) ?? [];
  const at = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return at.getUTCFullYear() === Number(y) && at.getUTCMonth() === Number(m) - 1 && at.getUTCDate() === Number(d);
}

/**
 * Date.parse rolls a day past the month's end over (2026-02-30T09:30Z is 2 March) and reads hour
 * 24 as the next midnight, so the day is checked as a day is, and hour 24 refused as import dates do.
 */
function realInstant(text: string): boolean {
  const [, day = '', hour = ''] = INSTANT.exec(text) ?? [];
  return realDay(day) && Number(hour) < 24 && !Number.isNaN(Date.parse(text));
}

/**
 * The instant (UTC ISO) a typed date stands for: a local day starts at its first instant in
 * `timeZone`, or, as the `end` of a range, ends where the next day starts (so the day is included).
 * Throws a message saying what is allowed.
 */
export function historyInstant(text: string, timeZone: string, edge: 'start' | 'end'): string {
  if (DAY.test(text) && realDay(text)) {
    const midnight = Date.parse(`${text}T00:00:00Z`);
    const day = edge === 'start' ? text : new Date(midnight + 86_400_000).toISOString().slice(0, 10);
    const periods = offsetPeriods(timeZone, midnight - 2 * 86_400_000, midnight + 3 * 86_400_000);
    return new Date(startOfLocalDay(day, periods)).toISOString();
  }
  if (realInstant(text)) return new Date(text).toISOString();
  throw new RangeError(
    `must be a day as YYYY-MM-DD (local, in ${timeZone}) or an instant with Z or an offset, such as 2026-03-01T09:30:00Z or 2026-03-01T09:30:00+01:00 (got ${JSON.stringify(text)})`,
  );
}
