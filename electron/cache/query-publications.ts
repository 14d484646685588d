import { InvalidRequestError, buildPublicationsQuery, type Publication } from '../../shared/api';
import type { FilterField } from '../../shared/domain/publication-filter';
import { DEFAULT_PUBLICATION_ORDER } from '../../shared/domain/publication-order';
import { fieldsRead, selectionKey, type PublicationSelection } from '../../shared/domain/publication-query';
import type { HistoryNarrowing } from '../../shared/ipc/publication-history';
import type { Reader } from '../store/statements';
import { sql, type SqlPart } from './filter-sql';
import { orderOf, pageIds } from './publication-pages';
import { unknownBit } from './publication-rows';
import { truthParts } from './publication-truth';
import { latestCompletePull, listPulls, type PullRecord } from './pulls';
import { orderIndexName } from './schema';

export interface CachedPublicationsQuery extends PublicationSelection {
  offset?: number;
  /** 1..1000; default 10 like the service. */
  limit?: number;
  /** What only the cache can narrow by: a time range and a channel. */
  narrowing?: HistoryNarrowing;
}

export interface CachedPublicationsPage {
  items: Publication[];
  /** Cached publications that answer the query. */
  total: number;
  offset: number;
  limit: number;
  /**
   * Cached publications the cache cannot decide on, because the query reads a fact their list item
   * does not show (see `unknownFields`); a pull with that filter teaches the cache those facts.
   */
  undetermined: number;
  unknownFields: FilterField[];
  /** The newest publication pull of this target, if any. */
  lastPull: PullRecord | undefined;
}

export const CACHE_LIMIT_MAX = 1000;

function checkPaging(offset: unknown, limit: unknown): { offset: number; limit: number } {
  if (typeof offset !== 'number' || !Number.isSafeInteger(offset) || offset < 0) {
    throw new InvalidRequestError('offset', offset, 'a whole number from 0');
  }
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > CACHE_LIMIT_MAX) {
    throw new InvalidRequestError('limit', limit, `an integer from 1 to ${CACHE_LIMIT_MAX}`);
  }
  return { offset, limit };
}

/** The narrowing's index, when it has one, else a scan: one pass over a narrow table beats a lookup per row. */
function accessOf(narrowing: HistoryNarrowing): string {
  if (narrowing.from !== undefined || narrowing.to !== undefined) return `INDEXED BY ${orderIndexName('created_at')}`;
  if (narrowing.channel !== undefined) return `INDEXED BY ${orderIndexName('channel')}`;
  return 'NOT INDEXED';
}

// Counts of answering and undecided rows in one pass, evaluating the truth once a row: undecided
// rows are counted in the high half of one integer sum.
const UNDECIDED = 2 ** 32;

/**
 * Answers a publications query from the cache alone, with the service's filters, orders and
 * semantics (shared with the sandbox), paged by offset and limit, in SQL over `publication_facts`.
 */
export function queryCachedPublications(db: Reader, target: string, query: CachedPublicationsQuery = {}): CachedPublicationsPage {
  const { offset: rawOffset = 0, limit: rawLimit = 10, narrowing = {}, ...selection } = query;
  const { offset, limit } = checkPaging(rawOffset, rawLimit);
  buildPublicationsQuery(selection);
  const pull = latestCompletePull(db, target, 'publications', selectionKey(selection));
  const truth = truthParts(selection, narrowing, { table: 'publication_facts', ...(pull && { decidedBy: { id: pull.id, startedAt: pull.startedAt } }) });
  const access = accessOf(narrowing);
  const scoped = sql(`target = ? AND ${truth.narrowing.sql}`, target, ...truth.narrowing.params);
  const counted = db.get<{ rows: number; packed: number | null }>(
    `SELECT COUNT(*) AS rows, SUM(CASE (${truth.selection.sql}) WHEN 1 THEN 1 WHEN 0 THEN 0 ELSE ${UNDECIDED} END) AS packed
     FROM publication_facts ${access} WHERE ${scoped.sql}`,
    [...truth.selection.params, ...scoped.params],
  );
  const packed = counted?.packed ?? 0;
  const matches = packed % UNDECIDED;
  const undetermined = Math.floor(packed / UNDECIDED);
  const where = sql(`${scoped.sql} AND (${truth.selection.sql})`, ...scoped.params, ...truth.selection.params);
  const scope = { where, access, everyRow: truth.selection.sql === '1' && truth.narrowing.sql === '1', rows: counted?.rows ?? 0, matches };
  const ids = pageIds(db, scope, orderOf(selection.order ?? DEFAULT_PUBLICATION_ORDER), offset, limit);
  return {
    items: itemsByIds(db, target, ids),
    total: matches,
    offset,
    limit,
    undetermined,
    unknownFields: undetermined === 0 ? [] : unknownFieldsOf(db, selection, scoped, access, truth.selection),
    lastPull: listPulls(db, target, { kind: 'publications', limit: 1 })[0],
  };
}

/** The fields the query reads that some undecided row does not know. */
function unknownFieldsOf(db: Reader, selection: PublicationSelection, scoped: SqlPart, access: string, truth: SqlPart): FilterField[] {
  const fields = fieldsRead(selection);
  const tests = fields.map(
    (field, i) =>
      `EXISTS (SELECT 1 FROM publication_facts ${access} WHERE ${scoped.sql} AND unknown_mask & ${unknownBit(field)} AND (${truth.sql}) IS NULL) AS f${i}`,
  );
  const row = db.get(
    `SELECT ${tests.join(', ')}`,
    fields.flatMap(() => [...scoped.params, ...truth.params]),
  );
  return fields.filter((_, i) => row?.[`f${i}`] === 1);
}

function itemsByIds(db: Reader, target: string, ids: readonly string[]): Publication[] {
  if (ids.length === 0) return [];
  const rows = db.all<{ id: string; json: string }>(`SELECT id, json FROM publications WHERE target = ? AND id IN (${ids.map(() => '?').join(', ')})`, [
    target,
    ...ids,
  ]);
  const byId = new Map(rows.map((r) => [r.id, JSON.parse(r.json) as Publication]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
