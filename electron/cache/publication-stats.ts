import type { PublicationSelection } from '../../shared/domain/publication-query';
import { publicationStats } from '../../shared/domain/publication-stats';
import { checkTimeZone } from '../../shared/domain/time-zones';
import type { HistoryBucketSize, HistoryNarrowing, PublicationStats } from '../../shared/ipc/publication-history';
import type { Reader } from '../store/statements';
import { factsTruth } from './publication-answer';
import { lastPullAt } from './pulls';
import { dayCounted } from './scope-counts';
import { statsByDays } from './stats-by-days';
import { statsByIndex } from './stats-by-index';
import { statsByScan } from './stats-by-scan';
import type { StatsScope } from './stats-scope';

export interface PublicationStatsQuery {
  selection: PublicationSelection;
  narrowing?: HistoryNarrowing;
  by: HistoryBucketSize;
  /** IANA zone the days, weeks and months are counted in. */
  timeZone: string;
}

/**
 * The dashboard's numbers for a selection and narrowing, from the cache alone, decided as the
 * offline list decides them, then put together in buckets of the viewer's zone. The dashboard
 * itself selects everything, which the day counts answer, as they do one result; where they cannot,
 * two indexes answer everything; any other selection is counted by scans.
 */
export function cachedPublicationStats(db: Reader, target: string, query: PublicationStatsQuery): PublicationStats {
  checkTimeZone(query.timeZone);
  const narrowing = query.narrowing ?? {};
  const { truth, twoValued } = factsTruth(db, target, query.selection, narrowing);
  const scope: StatsScope = { target, truth, twoValued, narrowing, by: query.by, timeZone: query.timeZone };
  const counted = twoValued && dayCounted(query.selection) ? statsByDays(db, scope, query.selection.result) : undefined;
  const { counts, periods } = counted ?? (truth.selection.sql === '1' ? statsByIndex(db, scope) : statsByScan(db, scope));
  return publicationStats({ ...counts, lastPullAt: lastPullAt(db, target, ['publications']) }, { by: query.by, timeZone: query.timeZone, narrowing, periods });
}
