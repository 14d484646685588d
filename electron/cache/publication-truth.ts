import { InvalidRequestError } from '../../shared/api';
import type { FilterField } from '../../shared/domain/publication-filter';
import { filterOf, type PublicationSelection } from '../../shared/domain/publication-query';
import type { HistoryNarrowing } from '../../shared/ipc/publication-history';
import type { SqlValue } from '../store/statements';
import { THREE_VALUED, conditionSql, falseWhenAbsent, knownSql, sql, type SqlPart, type Translation } from './filter-sql';

/**
 * Whether a cached publication answers a selection, as one SQL expression over the `publications`
 * table: 1 (it does), 0 (it does not) or NULL (the cache cannot decide, because the selection reads
 * a fact its list item did not show). SQL's AND and OR treat NULL as the service's "unknown" does.
 * Callers add `target = ?` themselves.
 */
export interface PublicationTruth {
  sql: string;
  params: SqlValue[];
}

/** The newest complete pull of the same selection, whose members decide what the facts cannot. */
export interface DecidingPull {
  id: number;
  startedAt: string;
}

export interface TruthOptions {
  decidedBy?: DecidingPull;
  /** The table the expression reads: `publications`, or its narrow copy `publication_facts` (same columns, faster to scan). */
  table?: 'publications' | 'publication_facts';
  /** What the rows tested are known to hold (see Translation); by default nothing. */
  translation?: Translation;
}

/** The selection's truth (1, 0 or NULL) and the narrowing's (1 or 0), apart so the narrowing can use an index. */
export interface TruthParts {
  selection: SqlPart;
  narrowing: SqlPart;
}

function equalsParam(field: FilterField, value: string, t: Translation): SqlPart {
  return knownSql(field, sql(falseWhenAbsent(`${field} = ?`, t), value), t);
}

function voucherSql(code: string, table: string): SqlPart {
  // publication_codes holds every code of every publication: one seek, made once a query.
  return sql(`${table}.no IN (SELECT no FROM publication_codes WHERE code = ?)`, code);
}

function joined(parts: readonly SqlPart[], junction: 'AND' | 'OR', empty: '1' | '0'): SqlPart {
  if (parts.length === 0) return sql(empty);
  return { sql: parts.map((p) => `(${p.sql})`).join(` ${junction} `), params: parts.flatMap((p) => p.params) };
}

function selectionSql(q: PublicationSelection, t: Translation, table: string): SqlPart {
  const parts: SqlPart[] = [];
  if (q.campaign !== undefined) parts.push(equalsParam('campaign_name', q.campaign, t));
  if (q.customer !== undefined) parts.push(equalsParam('customer_id', q.customer, t));
  if (q.voucher !== undefined) parts.push(voucherSql(q.voucher, table));
  if (q.result !== undefined) parts.push(equalsParam('result', q.result, t));
  if (q.voucher_type !== undefined) parts.push(equalsParam('voucher_type', q.voucher_type, t));
  if (q.is_referral_code === true) parts.push(knownSql('is_referral_code', sql(falseWhenAbsent('is_referral_code = 1', t)), t));
  if (q.source_id !== undefined) parts.push(equalsParam('source_id', q.source_id, t));
  const filter = filterOf(q.filters);
  if (filter.conditions.length > 0) {
    parts.push(
      joined(
        filter.conditions.map((c) => conditionSql(c, t)),
        filter.junction === 'or' ? 'OR' : 'AND',
        filter.junction === 'or' ? '0' : '1',
      ),
    );
  }
  return joined(parts, 'AND', '1');
}

function instant(field: string, value: string): string {
  const time = Date.parse(value);
  if (Number.isNaN(time)) throw new InvalidRequestError(field, value, 'an ISO 8601 date-time such as 2026-01-31T00:00:00Z');
  return new Date(time).toISOString();
}

function narrowingSql(narrowing: HistoryNarrowing): SqlPart {
  const parts: SqlPart[] = [];
  // Plain comparisons (not IFNULL) so an index can answer the range; IS NOT NULL keeps them 1 or 0.
  if (narrowing.from !== undefined) parts.push(sql('created_at >= ? AND created_at IS NOT NULL', instant('narrowing.from', narrowing.from)));
  if (narrowing.to !== undefined) parts.push(sql('created_at < ? AND created_at IS NOT NULL', instant('narrowing.to', narrowing.to)));
  if (narrowing.channel !== undefined) parts.push(sql('channel IS ?', narrowing.channel));
  return joined(parts, 'AND', '1');
}

/** As publicationTruth, in two parts; the selection's part includes what the deciding pull decides. */
export function truthParts(selection: PublicationSelection, narrowing: HistoryNarrowing = {}, options: TruthOptions = {}): TruthParts {
  const table = options.table ?? 'publications';
  const facts = selectionSql(selection, options.translation ?? THREE_VALUED, table);
  const pull = options.decidedBy;
  const decided =
    pull === undefined || facts.sql === '1'
      ? facts
      : sql(
          `COALESCE(${facts.sql}, CASE WHEN EXISTS (SELECT 1 FROM pull_members WHERE pull_id = ? AND id = ${table}.id) THEN 1 WHEN ${table}.created_at <= ? THEN 0 END)`,
          ...facts.params,
          pull.id,
          new Date(Date.parse(pull.startedAt)).toISOString(),
        );
  return { selection: decided, narrowing: narrowingSql(narrowing) };
}

/**
 * The truth of a selection narrowed by time and channel. The narrowing is always decided (a row
 * without a time or channel is outside it); with `decidedBy`, the pull's members decide the rows
 * the facts cannot, as they do for `queryCachedPublications`.
 */
export function publicationTruth(selection: PublicationSelection, narrowing: HistoryNarrowing = {}, options: TruthOptions = {}): PublicationTruth {
  const parts = truthParts(selection, narrowing, options);
  const all = parts.narrowing.sql === '1' ? parts.selection : joined([parts.selection, parts.narrowing], 'AND', '1');
  return { sql: all.sql, params: all.params };
}
