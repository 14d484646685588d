import { localDate, offsetIn, type OffsetPeriod } from './time-zones';

// The cache counts publications by UTC day and quarter-hour (electron/cache/day-counts.ts). Every
// zone's offset today is a whole number of quarter-hours, changed on a quarter-hour, so each of a
// UTC day's quarters lies in one local day of any zone, and its quarters fall into local days as a
// few runs: one split a day, or more on a day the offset changes. A zone whose offset in the span
// is not whole quarters (local mean time before 1900 or so) cannot be counted this way.

/** Quarter-hours in a UTC day. */
export const QUARTERS = 96;
const MINUTE = 60_000;
const QUARTER = 15 * MINUTE;
const DAY = 86_400_000;

/** Quarters [from, to) of a UTC day, which lie in the local day `shift` days after it (-1, 0 or 1). */
export interface QuarterRun {
  shift: number;
  from: number;
  to: number;
}

/** The UTC days firstDay..lastDay, whose quarters fall into local days by the same runs. */
export interface QuarterStretch {
  firstDay: string;
  lastDay: string;
  runs: QuarterRun[];
}

const dayMs = (day: string): number => Date.parse(`${day}T00:00:00Z`);
const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** The runs of one UTC day, null when an offset or a change in it is not on a quarter-hour. */
export function quarterRuns(day: string, periods: readonly OffsetPeriod[]): QuarterRun[] | null {
  const start = dayMs(day);
  const offset = offsetIn(periods, start);
  const changes = periods.filter((p) => p.from > start && p.from < start + DAY);
  if (offset % 15 !== 0 || changes.some((p) => p.offset % 15 !== 0 || (p.from - start) % QUARTER !== 0)) return null;
  if (changes.length === 0) {
    // One offset all day: the quarters before local midnight lie in the day before, those from the next one in the day after.
    if (offset === 0) return [{ shift: 0, from: 0, to: QUARTERS }];
    const split = offset < 0 ? -offset / 15 : QUARTERS - offset / 15;
    return offset < 0
      ? [
          { shift: -1, from: 0, to: split },
          { shift: 0, from: split, to: QUARTERS },
        ]
      : [
          { shift: 0, from: 0, to: split },
          { shift: 1, from: split, to: QUARTERS },
        ];
  }
  const runs: QuarterRun[] = [];
  for (let quarter = 0; quarter < QUARTERS; quarter += 1) {
    const local = localDate(start + quarter * QUARTER, periods);
    const shift = Math.round((dayMs(local) - start) / DAY);
    const last = runs.at(-1);
    if (last?.shift === shift) last.to = quarter + 1;
    else runs.push({ shift, from: quarter, to: quarter + 1 });
  }
  return runs;
}

const sameRuns = (a: readonly QuarterRun[], b: readonly QuarterRun[]): boolean =>
  a.length === b.length && a.every((r, i) => r.shift === b[i]?.shift && r.from === b[i]?.from && r.to === b[i]?.to);

/**
 * The UTC days firstDay..lastDay (inclusive) in stretches of the same runs, given the zone's
 * periods over them; null when some day cannot be split by quarters.
 */
export function quarterStretches(range: { firstDay: string; lastDay: string }, periods: readonly OffsetPeriod[]): QuarterStretch[] | null {
  const stretches: QuarterStretch[] = [];
  for (let ms = dayMs(range.firstDay); ms <= dayMs(range.lastDay); ms += DAY) {
    const day = dayOf(ms);
    const runs = quarterRuns(day, periods);
    if (runs === null) return null;
    const last = stretches.at(-1);
    if (last && sameRuns(last.runs, runs)) last.lastDay = day;
    else stretches.push({ firstDay: day, lastDay: day, runs });
  }
  return stretches;
}
