import { filterOf, type PublicationSelection } from '../../shared/domain/publication-query';
import type { HistoryNarrowing } from '../../shared/ipc/publication-history';
import type { Reader } from '../store/statements';
import { DAY_QUARTERS, dayRowsSql, eachChannelAndResult, FACTS_OF_EACH } from './day-counts';
import type { SqlPart } from './filter-sql';

/** Whether a selection takes every publication, or those of one result: what the day counts hold. */
export function dayCounted(selection: PublicationSelection): boolean {
  const kept = new Set(['order', 'result', 'is_referral_code', 'filters']);
  return (
    Object.entries(selection).every(([key, value]) => value === undefined || kept.has(key)) &&
    selection.is_referral_code !== true &&
    filterOf(selection.filters).conditions.length === 0
  );
}

/**
 * A target's publications within a narrowing (its `sql`), of one result when given, counted without
 * reading them: with no time range the day counts add them up (a few thousand rows at a million
 * publications, where counting an index took 50 ms); with one, each channel and result the day
 * counts hold is one range of the channel-and-result index, as long as the range.
 */
export function publicationsWithin(db: Reader, target: string, narrowing: HistoryNarrowing, narrowed: SqlPart, result?: string): number {
  const rows = dayRowsSql(target, { ...(narrowing.channel !== undefined && { channel: narrowing.channel }), ...(result !== undefined && { result }) });
  if (narrowing.from === undefined && narrowing.to === undefined) {
    return db.get<{ n: number }>(`SELECT IFNULL(SUM(count), 0) AS n FROM ${DAY_QUARTERS} WHERE ${rows.sql}`, rows.params)?.n ?? 0;
  }
  return (
    db.get<{ n: number }>(`${eachChannelAndResult(rows)} SELECT IFNULL(SUM((SELECT COUNT(*) FROM ${FACTS_OF_EACH} AND ${narrowed.sql})), 0) AS n FROM c`, [
      ...rows.params,
      target,
      ...narrowed.params,
    ])?.n ?? 0
  );
}
