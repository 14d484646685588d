import { describe, expect, it } from 'vitest';
import { bucketOf, historyBuckets, nextBucket, type DayCount } from '../../../shared/domain/history-buckets';
import { publicationStats, spanPeriods, statsSpan, type StatsCounts } from '../../../shared/domain/publication-stats';
import { checkTimeZone, localDate, localIso, offsetPeriods, startOfLocalDay } from '../../../shared/domain/time-zones';

const utc = (iso: string): number => Date.parse(iso);
const hours = (from: number, to: number): number => (to - from) / 3_600_000;

describe('local time in an IANA zone', () => {
  it('finds the daylight-saving changes of Europe/Warsaw to the minute', () => {
    const periods = offsetPeriods('Europe/Warsaw', utc('2026-01-01T00:00:00Z'), utc('2026-12-31T00:00:00Z'));
    expect(periods).toEqual([
      { from: -Infinity, offset: 60 },
      { from: utc('2026-03-29T01:00:00Z'), offset: 120 },
      { from: utc('2026-10-25T01:00:00Z'), offset: 60 },
    ]);
  });

  it('finds a change at its very instant when the search starts between two minutes', () => {
    const periods = offsetPeriods('America/Santiago', utc('2026-03-30T07:13:30.250Z'), utc('2026-04-10T00:00:00Z'));
    expect(periods).toEqual([
      { from: -Infinity, offset: -180 },
      { from: utc('2026-04-05T03:00:00Z'), offset: -240 },
    ]);
  });

  it('gives the short and the long day their real length, and each instant its local day', () => {
    const periods = offsetPeriods('Europe/Warsaw', utc('2026-03-01T00:00:00Z'), utc('2026-11-30T00:00:00Z'));
    const start = (day: string): number => startOfLocalDay(day, periods);
    expect(hours(start('2026-03-29'), start('2026-03-30'))).toBe(23);
    expect(hours(start('2026-10-25'), start('2026-10-26'))).toBe(25);
    expect(hours(start('2026-06-01'), start('2026-06-02'))).toBe(24);
    expect(localIso(start('2026-03-29'), 'Europe/Warsaw')).toBe('2026-03-29T00:00:00+01:00');
    expect(localIso(start('2026-03-30'), 'Europe/Warsaw')).toBe('2026-03-30T00:00:00+02:00');
    expect(localDate(utc('2026-03-29T21:59:59Z'), periods)).toBe('2026-03-29');
    expect(localDate(utc('2026-03-29T22:00:00Z'), periods)).toBe('2026-03-30');
    expect(localDate(utc('2026-10-25T22:59:59Z'), periods)).toBe('2026-10-25');
    expect(localDate(utc('2026-10-25T23:00:00Z'), periods)).toBe('2026-10-26');
  });

  it('starts a day at the end of the gap when clocks jump over midnight, and at the first midnight when they repeat it', () => {
    const periods = offsetPeriods('America/Havana', utc('2024-01-01T00:00:00Z'), utc('2024-12-31T00:00:00Z'));
    expect(localIso(startOfLocalDay('2024-03-10', periods), 'America/Havana')).toBe('2024-03-10T01:00:00-04:00');
    expect(localIso(startOfLocalDay('2024-11-03', periods), 'America/Havana')).toBe('2024-11-03T00:00:00-04:00');
  });

  it('counts days in zones whose offset is not whole hours', () => {
    const periods = offsetPeriods('Asia/Kolkata', utc('2026-01-01T00:00:00Z'), utc('2026-02-01T00:00:00Z'));
    expect(localDate(utc('2026-01-10T18:29:00Z'), periods)).toBe('2026-01-10');
    expect(localDate(utc('2026-01-10T18:30:00Z'), periods)).toBe('2026-01-11');
    expect(localIso(startOfLocalDay('2026-01-11', periods), 'Asia/Kolkata')).toBe('2026-01-11T00:00:00+05:30');
  });

  it('names an unknown zone and what is allowed', () => {
    expect(() => checkTimeZone('Mars/Olympus')).toThrow(/Unknown time zone "Mars\/Olympus": use an IANA name such as Europe\/Warsaw/);
    expect(checkTimeZone('Europe/Warsaw')).toBe('Europe/Warsaw');
  });
});

describe('buckets of days, ISO weeks and months', () => {
  it('starts weeks on Monday and months on the first, and steps to the next one', () => {
    expect(bucketOf('2026-03-29', 'week')).toBe('2026-03-23');
    expect(bucketOf('2026-03-30', 'week')).toBe('2026-03-30');
    expect(bucketOf('2026-03-29', 'month')).toBe('2026-03-01');
    expect(nextBucket('2026-12-01', 'month')).toBe('2027-01-01');
    expect(nextBucket('2026-12-28', 'week')).toBe('2027-01-04');
    expect(nextBucket('2024-02-28', 'day')).toBe('2024-02-29');
  });

  it('sums days into buckets by result and channel, keeps empty buckets, and spans daylight-saving changes with real instants', () => {
    const periods = offsetPeriods('Europe/Warsaw', utc('2026-03-01T00:00:00Z'), utc('2026-12-01T00:00:00Z'));
    const counts: DayCount[] = [
      { day: '2026-03-28', result: 'SUCCESS', channel: 'Email', count: 2 },
      { day: '2026-03-29', result: 'FAILURE', channel: 'Email', count: 1 },
      { day: '2026-03-29', result: 'SUCCESS', channel: null, count: 4 },
      { day: '2026-04-08', result: 'SUCCESS', channel: 'SMS', count: 3 },
    ];
    const weeks = historyBuckets(counts, 'week', { firstDay: '2026-03-28', lastDay: '2026-04-08' }, periods);
    expect(weeks).toEqual([
      {
        start: '2026-03-23T00:00:00+01:00',
        end: '2026-03-30T00:00:00+02:00',
        total: 7,
        byResult: { SUCCESS: 6, FAILURE: 1 },
        byChannel: { Email: 3, '(none)': 4 },
      },
      { start: '2026-03-30T00:00:00+02:00', end: '2026-04-06T00:00:00+02:00', total: 0, byResult: { SUCCESS: 0, FAILURE: 0 }, byChannel: {} },
      { start: '2026-04-06T00:00:00+02:00', end: '2026-04-13T00:00:00+02:00', total: 3, byResult: { SUCCESS: 3, FAILURE: 0 }, byChannel: { SMS: 3 } },
    ]);
    const months = historyBuckets(counts, 'month', { firstDay: '2026-10-02', lastDay: '2026-11-02' }, periods);
    expect(months.map((b) => [b.start, b.end])).toEqual([
      ['2026-10-01T00:00:00+02:00', '2026-11-01T00:00:00+01:00'],
      ['2026-11-01T00:00:00+01:00', '2026-12-01T00:00:00+01:00'],
    ]);
  });
});

describe('the dashboard numbers', () => {
  const counts: StatsCounts = {
    days: [
      { day: '2026-05-01', result: 'SUCCESS', channel: 'Email', count: 5 },
      { day: '2026-05-03', result: 'FAILURE', channel: 'SMS', count: 2 },
      { day: '2026-05-03', result: 'SUCCESS', channel: 'SMS', count: 6 },
    ],
    campaigns: Array.from({ length: 12 }, (_, i) => ({ name: i === 0 ? null : `Campaign ${i}`, count: i + 1 })),
    campaignUnknown: 3,
    failures: [
      { code: 'quota', message: 'Quota hit', count: 1 },
      { code: 'rules', message: 'Rules', count: 1 },
      { code: 'quota', message: 'Quota hit again', count: 2 },
    ],
    referral: { referral: 4, other: 8, unknown: 1 },
    undetermined: 0,
    firstAt: '2026-05-01T08:00:00.000Z',
    lastAt: '2026-05-03T08:00:00.000Z',
    lastPullAt: null,
  };

  it('totals results and channels, keeps the ten biggest campaigns and orders failures and their messages by count', () => {
    const span = statsSpan({}, counts.firstAt, counts.lastAt);
    expect(span).not.toBeNull();
    const periods = spanPeriods('UTC', span ?? { from: 0, last: 0 });
    const stats = publicationStats(counts, { by: 'day', timeZone: 'UTC', narrowing: {}, periods });
    expect([stats.total, stats.succeeded, stats.failed]).toEqual([13, 11, 2]);
    expect(stats.buckets.map((b) => b.total)).toEqual([5, 0, 8]);
    expect(stats.channels).toEqual([
      { channel: 'SMS', count: 8 },
      { channel: 'Email', count: 5 },
    ]);
    expect(stats.topCampaigns.map((c) => c.count)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
    expect(stats.failures).toEqual([
      {
        code: 'quota',
        count: 3,
        messages: [
          { message: 'Quota hit again', count: 2 },
          { message: 'Quota hit', count: 1 },
        ],
      },
      { code: 'rules', count: 1, messages: [{ message: 'Rules', count: 1 }] },
    ]);
  });

  it('spans the narrowing range when it gives one, to the instant before its end', () => {
    expect(statsSpan({ from: '2026-05-01T00:00:00Z', to: '2026-06-01T00:00:00Z' }, null, null)).toEqual({
      from: utc('2026-05-01T00:00:00Z'),
      last: utc('2026-06-01T00:00:00Z') - 1,
    });
    expect(statsSpan({}, null, null)).toBeNull();
  });
});
