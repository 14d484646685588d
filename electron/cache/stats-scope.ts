import { spanPeriods, statsSpan, type StatsCounts } from '../../shared/domain/publication-stats';
import type { OffsetPeriod } from '../../shared/domain/time-zones';
import type { HistoryBucketSize, HistoryNarrowing } from '../../shared/ipc/publication-history';
import type { SqlValue } from '../store/statements';
import type { SqlPart } from './filter-sql';
import { FACTS_OF_TARGET } from './publication-layout';
import { sortableTimeSql, unknownBit } from './publication-rows';
import type { TruthParts } from './publication-truth';

/** What the dashboard counts: one target's rows within a narrowing that a selection's truth holds for. */
export interface StatsScope {
  target: string;
  truth: TruthParts;
  /** No row is undecided (see factsTruth). */
  twoValued: boolean;
  narrowing: HistoryNarrowing;
  by: HistoryBucketSize;
  timeZone: string;
}

/** The cache's counts and the zone's offsets they were bucketed with. */
export interface CountedStats {
  counts: Omit<StatsCounts, 'lastPullAt'>;
  periods: OffsetPeriod[];
}

/** The target and narrowing as a WHERE clause. */
export function scopedSql(scope: StatsScope): SqlPart {
  return { sql: `${FACTS_OF_TARGET} AND ${scope.truth.narrowing.sql}`, params: [scope.target, ...scope.truth.narrowing.params] };
}

/** The instants the buckets span (see statsSpan), null when there are none. */
export type StatsSpan = ReturnType<typeof statsSpan>;

/** The first and last of groups' first and last instants, the span the buckets cover, and the zone's offsets over it. */
export function timeSpanOf(
  scope: StatsScope,
  groups: readonly { first: string | null; last: string | null }[],
): { firstAt: string | null; lastAt: string | null; span: StatsSpan; periods: OffsetPeriod[] } {
  // Instants are kept in one sortable form, so text order is time order.
  const times = groups
    .flatMap((g) => [g.first, g.last])
    .filter((t): t is string => t !== null)
    .sort();
  const [firstAt, lastAt] = [times[0] ?? null, times.at(-1) ?? null];
  const span = statsSpan(scope.narrowing, firstAt, lastAt);
  return { firstAt, lastAt, span, periods: span ? spanPeriods(scope.timeZone, span) : [{ from: -Infinity, offset: 0 }] };
}

/** A group's first and last instants, of the times the cache keeps in its sortable form. */
export const FIRST_AND_LAST_SQL = `MIN(created_at) FILTER (WHERE ${sortableTimeSql()}) AS first, MAX(created_at) FILTER (WHERE ${sortableTimeSql()}) AS last`;

const CAMPAIGN_UNKNOWN = unknownBit('campaign_name');
const REFERRAL_UNKNOWN = unknownBit('is_referral_code');

/** A row's campaign is one its list item does not show (1) or known (0). */
export const CAMPAIGN_UNKNOWN_SQL = `(unknown_mask & ${CAMPAIGN_UNKNOWN}) <> 0`;

/** Of a group: its referral publications and those whose referral the list items do not show. */
export const REFERRAL_SUMS_SQL = `SUM((unknown_mask & ${REFERRAL_UNKNOWN}) = 0 AND is_referral_code = 1) AS referral, SUM((unknown_mask & ${REFERRAL_UNKNOWN}) <> 0) AS referral_unknown`;

/** A campaign's publications in a scope, with its referral shares, as both ways of counting read them. */
export interface CampaignRow extends Record<string, SqlValue> {
  unknown: number;
  name: string | null;
  count: number;
  referral: number;
  referral_unknown: number;
}

/** The campaigns, the publications whose campaign is not shown, and the referral shares, from a scope's campaign rows. */
export function campaignCounts(rows: readonly CampaignRow[], matched: number): Pick<CountedStats['counts'], 'campaigns' | 'campaignUnknown' | 'referral'> {
  const campaigns = new Map<string | null, number>();
  let campaignUnknown = 0;
  let referral = 0;
  let referralUnknown = 0;
  for (const row of rows) {
    if (row.unknown === 1) campaignUnknown += row.count;
    else campaigns.set(row.name, (campaigns.get(row.name) ?? 0) + row.count);
    referral += row.referral;
    referralUnknown += row.referral_unknown;
  }
  return {
    campaigns: [...campaigns].map(([name, count]) => ({ name, count })),
    campaignUnknown,
    referral: { referral, other: matched - referral - referralUnknown, unknown: referralUnknown },
  };
}
