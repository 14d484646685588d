import type { DayCount } from '../../shared/domain/history-buckets';
import type { OffsetPeriod } from '../../shared/domain/time-zones';
import type { Reader, SqlValue } from '../store/statements';
import { sql } from './filter-sql';
import { accessOf } from './publication-answer';
import {
  CAMPAIGN_UNKNOWN_SQL,
  campaignCounts,
  FIRST_AND_LAST_SQL,
  REFERRAL_SUMS_SQL,
  scopedSql,
  timeSpanOf,
  type CountedStats,
  type StatsScope,
} from './stats-scope';

/**
 * The local day of `created_at` as SQL: the UTC instant moved by the zone's offset of its period
 * (one branch a daylight-saving change), so the cache groups by local day in one pass.
 */
function localDaySql(periods: readonly OffsetPeriod[]): { sql: string; params: SqlValue[] } {
  const shifted = (offset: number): string => `date(created_at, '${offset >= 0 ? '+' : ''}${offset} minutes')`;
  const params: SqlValue[] = [];
  const branches: string[] = [];
  for (const [i, p] of periods.entries()) {
    const next = periods[i + 1];
    if (!next) break;
    branches.push(`WHEN created_at < ? THEN ${shifted(p.offset)}`);
    params.push(new Date(next.from).toISOString());
  }
  const last = shifted(periods[periods.length - 1]?.offset ?? 0);
  return { sql: branches.length === 0 ? last : `CASE ${branches.join(' ')} ELSE ${last} END`, params };
}

/** Publications by truth and campaign (`unknown` 1: the list items do not show it), with their referral share and time span. */
interface CampaignRow extends Record<string, SqlValue> {
  truth: number | null;
  unknown: number;
  name: string | null;
  count: number;
  referral: number;
  referral_unknown: number;
  first: string | null;
  last: string | null;
}

/**
 * The dashboard's counts for any selection, grouped in SQL over a pass of the narrow
 * `publication_facts` (by truth and campaign; by local day, result and channel; failures by code
 * and message), each group sorted by SQLite.
 */
export function statsByScan(db: Reader, scope: StatsScope): CountedStats {
  const { truth, narrowing } = scope;
  const access = accessOf(narrowing);
  const scoped = scopedSql(scope);
  const where = sql(`${scoped.sql} AND (${truth.selection.sql}) = 1`, ...scoped.params, ...truth.selection.params);
  // One pass gives the campaigns, the referral share, the span the day buckets need and the undecided rows.
  const grouped = db.all<CampaignRow>(
    `SELECT (${truth.selection.sql}) AS truth, ${CAMPAIGN_UNKNOWN_SQL} AS unknown, campaign_name AS name, COUNT(*) AS count,
      ${REFERRAL_SUMS_SQL}, ${FIRST_AND_LAST_SQL}
    FROM publication_facts ${access} WHERE ${scoped.sql} GROUP BY 1, 2, 3`,
    [...truth.selection.params, ...scoped.params],
  );
  const byCampaign = grouped.filter((row) => row.truth === 1);
  const sum = (rows: readonly CampaignRow[], pick: (row: CampaignRow) => number): number => rows.reduce((n, row) => n + pick(row), 0);
  const { firstAt, lastAt, periods } = timeSpanOf(scope, byCampaign);
  const day = localDaySql(periods);
  const days = db.all<DayCount & Record<string, SqlValue>>(
    `SELECT ${day.sql} AS day, result, channel, COUNT(*) AS count FROM publication_facts ${access} WHERE ${where.sql} GROUP BY 1, 2, 3`,
    [...day.params, ...where.params],
  );
  const failures = db.all<{ code: string | null; message: string | null; count: number }>(
    `SELECT failure_code AS code, failure_message AS message, COUNT(*) AS count FROM publication_facts ${access} WHERE ${where.sql} AND result = 'FAILURE' GROUP BY 1, 2`,
    where.params,
  );
  return {
    counts: {
      days,
      ...campaignCounts(
        byCampaign,
        sum(byCampaign, (row) => row.count),
      ),
      failures,
      undetermined: scope.twoValued ? 0 : sum(grouped, (row) => (row.truth === null ? row.count : 0)),
      firstAt,
      lastAt,
    },
    periods,
  };
}
