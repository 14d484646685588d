import type { DayCount } from '../../shared/domain/history-buckets';
import { quarterStretches, type QuarterRun, type QuarterStretch } from '../../shared/domain/quarter-days';
import type { PublicationSelection } from '../../shared/domain/publication-query';
import type { HistoryNarrowing } from '../../shared/ipc/publication-history';
import type { Reader } from '../store/statements';
import { DAY_CAMPAIGNS, DAY_FAILURES, DAY_QUARTERS, dayRowsSql, eachChannelAndResult, FACTS_OF_EACH, quarterColumn, UNSORTED } from './day-counts';
import type { SqlPart } from './filter-sql';
import { TARGET_NUMBER } from './publication-layout';
import { truthParts } from './publication-truth';
import { statsByScan } from './stats-by-scan';
import { sortableTimeSql } from './publication-rows';
import { campaignCounts, timeSpanOf, type CampaignRow, type CountedStats, type StatsScope } from './stats-scope';

// The dashboard's counts of everything, or of one result, from the day counts (day-counts.ts): the
// whole UTC days of the range from their rows, the piece of a day at either end of a `from` or `to`
// that is not a UTC midnight from the facts (a scan over a day at most, on the time index), and the
// first and last instants by a seek for each channel and result. At 1,000,000 publications over
// two years that is about 7,000 rows read rather than a million.

const DAY = 86_400_000;
/** The one result counted, or undefined for every publication. */
type Result = PublicationSelection['result'];
const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const later = (a: string, b: string): string => (a > b ? a : b);
const earlier = (a: string, b: string): string => (a < b ? a : b);

/** The UTC days a range holds whole, and the pieces of a day before and after them. */
interface DaysOfRange {
  firstDay: string;
  lastDay: string;
  pieces: HistoryNarrowing[];
}

/** undefined when the range holds no whole UTC day, or an end the cache's day text cannot hold. */
function daysOf(narrowing: HistoryNarrowing): DaysOfRange | undefined {
  const pieces: HistoryNarrowing[] = [];
  const iso = (ms: number): string => new Date(ms).toISOString();
  let [firstDay, lastDay] = ['0000-01-01', '9999-12-31'];
  if (narrowing.from !== undefined) {
    const from = Date.parse(narrowing.from);
    const midnight = Math.ceil(from / DAY) * DAY;
    if (midnight > from) pieces.push({ ...narrowing, from: iso(from), to: iso(midnight) });
    firstDay = dayOf(midnight);
  }
  if (narrowing.to !== undefined) {
    const to = Date.parse(narrowing.to);
    const midnight = Math.floor(to / DAY) * DAY;
    if (to > midnight) pieces.push({ ...narrowing, from: iso(midnight), to: iso(to) });
    lastDay = dayOf(midnight - DAY);
  }
  const sortable = /^\d{4}-/;
  if (!sortable.test(firstDay) || !sortable.test(lastDay) || firstDay > lastDay) return undefined;
  return { firstDay, lastDay, pieces };
}

/** The day tables' rows of the scope: the target, channel and result, and days (every one, without a range). */
function rowsOf(scope: StatsScope, result: Result, days: { firstDay: string; lastDay: string } | undefined): SqlPart {
  return dayRowsSql(scope.target, {
    ...(scope.narrowing.channel !== undefined && { channel: scope.narrowing.channel }),
    ...(result !== undefined && { result }),
    ...(days && { days }),
  });
}

const sumOf = (from: number, to: number): string => Array.from({ length: to - from }, (_, i) => quarterColumn(from + i)).join(' + ');

/**
 * Each channel and result's publications by local day over the whole days of a stretch: each UTC
 * day's rows put into local days by the stretch's runs, the longest run as what the others leave.
 */
function stretchDays(db: Reader, scope: StatsScope, result: Result, stretch: QuarterStretch, into: Map<string, DayCount>): void {
  const runs = stretch.runs;
  const size = (run: QuarterRun): number => run.to - run.from;
  const longest = runs.indexOf(runs.reduce((a, b) => (size(b) > size(a) ? b : a)));
  const sums = runs.map((run, i) => (i === longest ? '0' : sumOf(run.from, run.to)));
  const where = rowsOf(scope, result, stretch);
  const packed = db.get<{ rows: string }>(
    `SELECT json_group_array(json_array(day, channel, result, count, ${sums.join(', ')})) AS rows FROM ${DAY_QUARTERS} WHERE ${where.sql}`,
    where.params,
  );
  // One text for thousands of rows: sql.js hands over one value far faster than a row each.
  const rows = JSON.parse(packed?.rows ?? '[]') as [string, string | null, string | null, number, ...number[]][];
  for (const [day, channel, result, count, ...inRuns] of rows) {
    const others = inRuns.reduce((n, c) => n + c, 0);
    for (const [i, run] of runs.entries()) {
      const n = i === longest ? count - others : (inRuns[i] ?? 0);
      if (n === 0) continue;
      const local = dayOf(Date.parse(`${day}T00:00:00Z`) + run.shift * DAY);
      const key = JSON.stringify([local, channel, result]);
      const entry = into.get(key);
      if (entry) entry.count += n;
      else into.set(key, { day: local, channel, result, count: n });
    }
  }
}

/** The first and last instants in the scope: a seek at each end of each channel and result the day counts hold. */
function firstAndLast(db: Reader, scope: StatsScope, result: Result): { first: string | null; last: string | null } {
  const combos = rowsOf(scope, result, undefined);
  const { from, to } = scope.narrowing;
  const time = truthParts({}, { ...(from !== undefined && { from }), ...(to !== undefined && { to }) }).narrowing;
  const seek = (end: 'MIN' | 'MAX'): string => `(SELECT ${end}(created_at) FROM ${FACTS_OF_EACH} AND ${time.sql} AND ${sortableTimeSql()})`;
  return (
    db.get<{ first: string | null; last: string | null }>(
      `${eachChannelAndResult(combos)} SELECT MIN(${seek('MIN')}) AS first, MAX(${seek('MAX')}) AS last FROM c`,
      [...combos.params, scope.target, ...time.params, scope.target, ...time.params],
    ) ?? { first: null, last: null }
  );
}

/** Adds what a scan of a piece of a day counted to the counts of the whole days. */
function addPiece(counts: CountedStats['counts'], piece: CountedStats['counts']): void {
  counts.days.push(...piece.days);
  for (const c of piece.campaigns) {
    const same = counts.campaigns.find((d) => d.name === c.name);
    if (same) same.count += c.count;
    else counts.campaigns.push({ ...c });
  }
  counts.campaignUnknown += piece.campaignUnknown;
  for (const f of piece.failures) {
    const same = counts.failures.find((g) => g.code === f.code && g.message === f.message);
    if (same) same.count += f.count;
    else counts.failures.push({ ...f });
  }
  counts.referral.referral += piece.referral.referral;
  counts.referral.other += piece.referral.other;
  counts.referral.unknown += piece.referral.unknown;
}

/**
 * The dashboard's counts of every publication in the scope (`result` undefined) or of those with
 * one result, every row decided; undefined when the day counts cannot give them: a time in the
 * target not in the cache's sortable form, a range holding no whole UTC day, or a zone whose offset
 * over the span is not whole quarter-hours.
 */
export function statsByDays(db: Reader, scope: StatsScope, result: Result): CountedStats | undefined {
  const unsorted = db.get(`SELECT 1 FROM ${DAY_QUARTERS} WHERE target = ${TARGET_NUMBER} AND day = ?`, [scope.target, UNSORTED]);
  const range = daysOf(scope.narrowing);
  if (unsorted !== undefined || range === undefined) return undefined;
  const { first, last } = firstAndLast(db, scope, result);
  const { firstAt, lastAt, periods } = timeSpanOf(scope, [{ first, last }]);
  // The whole days that hold publications: the periods cover them, and no others need a query.
  const whole =
    firstAt !== null && lastAt !== null
      ? { firstDay: later(range.firstDay, firstAt.slice(0, 10)), lastDay: earlier(range.lastDay, lastAt.slice(0, 10)) }
      : undefined;
  const stretches = whole && whole.firstDay <= whole.lastDay ? quarterStretches(whole, periods) : [];
  if (stretches === null) return undefined;
  const timed = scope.narrowing.from !== undefined || scope.narrowing.to !== undefined;
  // Without a time range every row counts, those without a time too (day NULL): no day is left out.
  const rows = rowsOf(scope, result, timed ? range : undefined);
  const byDay = new Map<string, DayCount>();
  for (const stretch of stretches) stretchDays(db, scope, result, stretch, byDay);
  const days = [...byDay.values()];
  if (!timed) {
    days.push(
      ...db
        .all<{ channel: string | null; result: string | null; count: number }>(
          `SELECT channel, result, count FROM ${DAY_QUARTERS} WHERE ${rows.sql} AND day IS NULL`,
          rows.params,
        )
        .map((r) => ({ day: null, ...r })),
    );
  }
  const campaignRows = db.all<CampaignRow>(
    `SELECT campaign_unknown AS unknown, campaign_name AS name, SUM(count) AS count, SUM(referral) AS referral, SUM(referral_unknown) AS referral_unknown
    FROM ${DAY_CAMPAIGNS} WHERE ${rows.sql} GROUP BY 1, 2`,
    rows.params,
  );
  const failureRows = rowsOf(scope, undefined, timed ? range : undefined);
  const failures =
    result !== undefined && result !== 'FAILURE'
      ? []
      : db.all<{ code: string | null; message: string | null; count: number }>(
          `SELECT failure_code AS code, failure_message AS message, SUM(count) AS count FROM ${DAY_FAILURES} WHERE ${failureRows.sql} GROUP BY 1, 2`,
          failureRows.params,
        );
  const counts: CountedStats['counts'] = {
    days,
    ...campaignCounts(
      campaignRows,
      campaignRows.reduce((n, row) => n + row.count, 0),
    ),
    failures,
    undetermined: 0,
    firstAt,
    lastAt,
  };
  for (const narrowing of range.pieces) {
    addPiece(counts, statsByScan(db, { ...scope, narrowing, truth: { ...scope.truth, narrowing: truthParts({}, narrowing).narrowing } }).counts);
  }
  return { counts, periods };
}
