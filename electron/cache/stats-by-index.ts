import { bucketStarts, nextBucket, type DayCount } from '../../shared/domain/history-buckets';
import { localDate, startOfLocalDay, type OffsetPeriod } from '../../shared/domain/time-zones';
import type { Reader, SqlValue } from '../store/statements';
import type { SqlPart } from './filter-sql';
import { CAMPAIGN_INDEX, CHANNEL_RESULT_INDEX } from './publication-layout';
import {
  CAMPAIGN_UNKNOWN_SQL,
  FIRST_AND_LAST_SQL,
  REFERRAL_SUMS_SQL,
  scopedSql,
  timeSpanOf,
  campaignCounts,
  type CampaignRow,
  type CountedStats,
  type StatsScope,
  type StatsSpan,
} from './stats-scope';

// The dashboard's counts when the selection takes every row (the dashboard's own case), read by
// walking two covering indexes in their order: GROUP BYs that follow an index need no sort, and
// a bucket's count for one channel and result is one seek and a run of index entries. At 100,000
// publications this is about a quarter of the time of the scans in stats-by-scan.ts.

interface ComboRow extends Record<string, SqlValue> {
  channel: string | null;
  result: string | null;
  count: number;
  first: string | null;
  last: string | null;
}

const iso = (ms: number): string => new Date(ms).toISOString();

/**
 * Each channel and result's publications in each bucket, as DayCounts dated by the bucket's first
 * day; those with no time (in no bucket) under day null.
 */
function bucketCounts(
  db: Reader,
  scope: StatsScope,
  scoped: SqlPart,
  combos: readonly ComboRow[],
  { span, periods }: { span: StatsSpan; periods: readonly OffsetPeriod[] },
): DayCount[] {
  const starts = span ? bucketStarts(scope.by, { firstDay: localDate(span.from, periods), lastDay: localDate(span.last, periods) }) : [];
  const bounds = starts.map((first) => [iso(startOfLocalDay(first, periods)), iso(startOfLocalDay(nextBucket(first, scope.by), periods))]);
  const packed =
    starts.length === 0
      ? null
      : (db.get<{ counts: string | null }>(
          `WITH c(k, ch, res) AS (SELECT key, value ->> 0, value ->> 1 FROM json_each(?)),
            b(i, lo, hi) AS (SELECT key, value ->> 0, value ->> 1 FROM json_each(?))
          SELECT group_concat(n, ',' ORDER BY k, i) AS counts FROM (
            SELECT c.k AS k, b.i AS i, (SELECT COUNT(*) FROM publication_facts INDEXED BY ${CHANNEL_RESULT_INDEX}
              WHERE ${scoped.sql} AND channel IS c.ch AND result IS c.res AND created_at >= b.lo AND created_at < b.hi) AS n
            FROM c, b)`,
          [JSON.stringify(combos.map((c) => [c.channel, c.result])), JSON.stringify(bounds), ...scoped.params],
        )?.counts ?? null);
  // One text for thousands of counts: sql.js hands over one value far faster than a row each.
  const counts = packed === null ? [] : packed.split(',').map(Number);
  const days: DayCount[] = [];
  for (const [k, combo] of combos.entries()) {
    let placed = 0;
    for (const [i, day] of starts.entries()) {
      const count = counts[k * starts.length + i] ?? 0;
      if (count > 0) days.push({ day, result: combo.result, channel: combo.channel, count });
      placed += count;
    }
    if (combo.count > placed) days.push({ day: null, result: combo.result, channel: combo.channel, count: combo.count - placed });
  }
  return days;
}

/** The dashboard's counts of every publication in the scope (its selection's truth must be 1 for every row). */
export function statsByIndex(db: Reader, scope: StatsScope): CountedStats {
  const scoped = scopedSql(scope);
  const combos = db.all<ComboRow>(
    `SELECT channel, result, COUNT(*) AS count, ${FIRST_AND_LAST_SQL}
    FROM publication_facts INDEXED BY ${CHANNEL_RESULT_INDEX} WHERE ${scoped.sql} GROUP BY channel, result`,
    scoped.params,
  );
  const { firstAt, lastAt, span, periods } = timeSpanOf(scope, combos);
  const campaignRows = db.all<CampaignRow>(
    `SELECT ${CAMPAIGN_UNKNOWN_SQL} AS unknown, campaign_name AS name, COUNT(*) AS count, ${REFERRAL_SUMS_SQL}
    FROM publication_facts INDEXED BY ${CAMPAIGN_INDEX} WHERE ${scoped.sql} GROUP BY campaign_name, unknown_mask`,
    scoped.params,
  );
  const failureChannels = combos.filter((c) => c.result === 'FAILURE').map((c) => c.channel);
  const failures =
    failureChannels.length === 0
      ? []
      : db.all<{ code: string | null; message: string | null; count: number }>(
          `WITH c(ch) AS (SELECT value FROM json_each(?))
          SELECT failure_code AS code, failure_message AS message, COUNT(*) AS count
          FROM c CROSS JOIN publication_facts INDEXED BY ${CHANNEL_RESULT_INDEX} WHERE ${scoped.sql} AND channel IS c.ch AND result = 'FAILURE' GROUP BY 1, 2`,
          [JSON.stringify(failureChannels), ...scoped.params],
        );
  const matched = combos.reduce((n, c) => n + c.count, 0);
  return {
    counts: {
      days: bucketCounts(db, scope, scoped, combos, { span, periods }),
      ...campaignCounts(campaignRows, matched),
      failures,
      undetermined: 0,
      firstAt,
      lastAt,
    },
    periods,
  };
}
