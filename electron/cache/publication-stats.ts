import type { DayCount } from '../../shared/domain/history-buckets';
import type { PublicationSelection } from '../../shared/domain/publication-query';
import { publicationStats, spanPeriods, statsSpan, type StatsCounts } from '../../shared/domain/publication-stats';
import { checkTimeZone, type OffsetPeriod } from '../../shared/domain/time-zones';
import type { HistoryBucketSize, HistoryNarrowing, PublicationStats } from '../../shared/ipc/publication-history';
import type { Reader, SqlValue } from '../store/statements';
import { publicationTruth } from './publication-truth';
import { lastPullAt } from './pulls';

export interface PublicationStatsQuery {
  selection: PublicationSelection;
  narrowing?: HistoryNarrowing;
  by: HistoryBucketSize;
  /** IANA zone the days, weeks and months are counted in. */
  timeZone: string;
}

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

/** Publications by campaign (`unknown` 1: the list items do not show it), with their referral share and time span. */
interface CampaignRow extends Record<string, SqlValue> {
  unknown: number;
  name: string | null;
  count: number;
  referral: number;
  referral_unknown: number;
  first: string | null;
  last: string | null;
}

/**
 * The dashboard's numbers for a selection and narrowing, from the cache alone: grouped in SQL (by
 * local day, result and channel; by campaign; by failure code and message), then put together in
 * buckets of the viewer's zone.
 */
export function cachedPublicationStats(db: Reader, target: string, query: PublicationStatsQuery): PublicationStats {
  checkTimeZone(query.timeZone);
  const narrowing = query.narrowing ?? {};
  const truth = publicationTruth(query.selection, narrowing);
  const where = `target = ? AND (${truth.sql}) = 1`;
  const params: SqlValue[] = [target, ...truth.params];
  // One pass gives the campaigns, the referral share and the span the day buckets need.
  const byCampaign = db.all<CampaignRow>(
    `SELECT instr(unknown, ',campaign_name,') > 0 AS unknown, campaign_name AS name, COUNT(*) AS count,
      SUM(instr(unknown, ',is_referral_code,') = 0 AND is_referral_code = 1) AS referral,
      SUM(instr(unknown, ',is_referral_code,') > 0) AS referral_unknown, MIN(created_at) AS first, MAX(created_at) AS last
    FROM publications WHERE ${where} GROUP BY 1, 2`,
    params,
  );
  const sum = (pick: (row: CampaignRow) => number): number => byCampaign.reduce((n, row) => n + pick(row), 0);
  // The same text order as SQL's MIN and MAX: the cache keeps the service's ISO times as they came.
  const times = byCampaign
    .flatMap((row) => [row.first, row.last])
    .filter((t): t is string => t !== null)
    .sort();
  const [firstAt, lastAt] = [times[0] ?? null, times.at(-1) ?? null];
  const span = statsSpan(narrowing, firstAt, lastAt);
  const periods = span ? spanPeriods(query.timeZone, span) : [{ from: -Infinity, offset: 0 }];
  const day = localDaySql(periods);
  const days = db.all<DayCount & Record<string, SqlValue>>(
    `SELECT ${day.sql} AS day, result, channel, COUNT(*) AS count FROM publications WHERE ${where} GROUP BY 1, 2, 3`,
    [...day.params, ...params],
  );
  const failures = db.all<{ code: string | null; message: string | null; count: number }>(
    `SELECT failure_code AS code, json_extract(json, '$.failure_message') AS message, COUNT(*) AS count
    FROM publications WHERE ${where} AND result = 'FAILURE' GROUP BY 1, 2`,
    params,
  );
  const undetermined =
    truth.sql === '1' ? 0 : (db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM publications WHERE target = ? AND (${truth.sql}) IS NULL`, params)?.n ?? 0);
  const matched = sum((row) => row.count);
  const referral = sum((row) => row.referral);
  const referralUnknown = sum((row) => row.referral_unknown);
  const counts: StatsCounts = {
    days,
    campaigns: byCampaign.filter((row) => row.unknown === 0).map(({ name, count }) => ({ name, count })),
    campaignUnknown: sum((row) => (row.unknown === 1 ? row.count : 0)),
    failures,
    referral: { referral, other: matched - referral - referralUnknown, unknown: referralUnknown },
    undetermined,
    firstAt,
    lastAt,
    lastPullAt: lastPullAt(db, target, ['publications']),
  };
  return publicationStats(counts, { by: query.by, timeZone: query.timeZone, narrowing, periods });
}
