import { describe, expect, it } from 'vitest';
import { QUARTERS, quarterRuns, quarterStretches } from '../../../shared/domain/quarter-days';
import { localDate, offsetPeriods } from '../../../shared/domain/time-zones';

const DAY = 86_400_000;
const QUARTER = 900_000;
const utc = (iso: string): number => Date.parse(iso);
const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** Each quarter's local day as the runs give it, and as localDate gives it at every minute of the quarter. */
function checkDay(day: string, periods: ReturnType<typeof offsetPeriods>): void {
  const runs = quarterRuns(day, periods);
  expect(runs, day).not.toBeNull();
  const start = utc(`${day}T00:00:00Z`);
  expect(runs?.[0]?.from).toBe(0);
  expect(runs?.at(-1)?.to).toBe(QUARTERS);
  for (const run of runs ?? []) {
    for (let quarter = run.from; quarter < run.to; quarter += 1) {
      for (let minute = 0; minute < 15; minute += 1) {
        const at = start + quarter * QUARTER + minute * 60_000;
        expect(dayOf(start + run.shift * DAY), `${day} quarter ${quarter} minute ${minute}`).toBe(localDate(at, periods));
      }
    }
  }
}

const ZONES: [string, string[]][] = [
  // The changes of 2026: Europe's at 01:00 UTC, Chile's at local midnight, Chatham's at 02:45 local.
  ['Europe/Warsaw', ['2026-03-28', '2026-03-29', '2026-03-30', '2026-10-24', '2026-10-25', '2026-10-26', '2026-07-01']],
  ['America/Santiago', ['2026-04-04', '2026-04-05', '2026-04-06', '2026-09-05', '2026-09-06', '2026-09-07', '2026-01-15']],
  ['Pacific/Chatham', ['2026-04-04', '2026-04-05', '2026-09-26', '2026-09-27', '2026-12-31']],
  ['Asia/Kolkata', ['2026-01-01', '2026-06-30']],
  ['Asia/Kathmandu', ['2026-01-01', '2026-06-30']],
  ['UTC', ['2026-01-01']],
  // Half an hour forward and back.
  ['Australia/Lord_Howe', ['2026-04-04', '2026-04-05', '2026-10-03', '2026-10-04']],
];

describe("a UTC day's quarter-hours in local days", () => {
  for (const [zone, days] of ZONES) {
    it(`puts every quarter of ${zone}'s days where its every minute is, daylight-saving changes included`, () => {
      // From half past a minute: the periods are still found at the very instant of a change.
      const periods = offsetPeriods(zone, utc('2025-12-01T00:00:30.500Z'), utc('2027-01-31T00:00:00Z'));
      for (const day of days) checkDay(day, periods);
    });
  }

  it('splits a day with one offset once, and a day whose offset changes where the change is', () => {
    const warsaw = offsetPeriods('Europe/Warsaw', utc('2026-01-01T00:00:00Z'), utc('2026-12-31T00:00:00Z'));
    expect(quarterRuns('2026-01-10', warsaw)).toEqual([
      { shift: 0, from: 0, to: 92 },
      { shift: 1, from: 92, to: 96 },
    ]);
    expect(quarterRuns('2026-03-29', warsaw)).toEqual([
      { shift: 0, from: 0, to: 88 },
      { shift: 1, from: 88, to: 96 },
    ]);
    const santiago = offsetPeriods('America/Santiago', utc('2026-01-01T00:00:00Z'), utc('2026-12-31T00:00:00Z'));
    // At 03:00 UTC clocks go back from 00:00 to 23:00: the day before lasts an hour longer, to 04:00 UTC.
    expect(quarterRuns('2026-04-04', santiago)).toEqual([
      { shift: -1, from: 0, to: 12 },
      { shift: 0, from: 12, to: 96 },
    ]);
    expect(quarterRuns('2026-04-05', santiago)).toEqual([
      { shift: -1, from: 0, to: 16 },
      { shift: 0, from: 16, to: 96 },
    ]);
  });

  it('gathers days of the same runs into stretches', () => {
    const warsaw = offsetPeriods('Europe/Warsaw', utc('2026-01-01T00:00:00Z'), utc('2026-12-31T00:00:00Z'));
    const stretches = quarterStretches({ firstDay: '2026-03-01', lastDay: '2026-04-30' }, warsaw);
    expect(stretches?.map((s) => [s.firstDay, s.lastDay])).toEqual([
      ['2026-03-01', '2026-03-28'],
      ['2026-03-29', '2026-04-30'],
    ]);
    expect(quarterStretches({ firstDay: '2026-06-01', lastDay: '2026-06-01' }, offsetPeriods('UTC', 0, 1))).toEqual([
      { firstDay: '2026-06-01', lastDay: '2026-06-01', runs: [{ shift: 0, from: 0, to: 96 }] },
    ]);
  });

  it('cannot split a day whose offset is not whole quarter-hours', () => {
    // Warsaw kept local mean time, 1:24 ahead of Greenwich, until 1915.
    const periods = offsetPeriods('Europe/Warsaw', utc('1900-01-01T00:00:00Z'), utc('1900-02-01T00:00:00Z'));
    expect(periods[0]?.offset).toBe(84);
    expect(quarterRuns('1900-01-10', periods)).toBeNull();
    expect(quarterStretches({ firstDay: '1900-01-09', lastDay: '1900-01-11' }, periods)).toBeNull();
  });
});
