import { FILTER_FIELDS, type FilterField } from '../../shared/domain/publication-filter';
import type { PublicationOrderKey } from '../../shared/domain/publication-order';
import { fieldsRead, filterOf, selectionKey, type PublicationSelection } from '../../shared/domain/publication-query';
import type { HistoryNarrowing } from '../../shared/ipc/publication-history';
import type { Reader } from '../store/statements';
import { sql, type SqlPart, type Translation } from './filter-sql';
import { unkeyedCount, type PageScope } from './publication-pages';
import { unknownBit } from './publication-rows';
import { truthParts, type TruthParts } from './publication-truth';
import { latestCompletePull } from './pulls';
import { FACTS_OF_TARGET, orderIndexName } from './publication-layout';
import { dayCounted, publicationsWithin } from './scope-counts';

// How many cached publications answer a selection, and which the cache cannot decide, counted in
// SQL over `publication_facts`, with what a page of the answer needs to know.

export interface CachedAnswer {
  scope: PageScope;
  undetermined: number;
  /** The fields read that some undecided row does not know. */
  unknownFields: FilterField[];
}

/** The bits of `unknown_mask` set in any row of the target, found by seeking its index once a distinct mask. */
function unknownAnywhere(db: Reader, target: string): number {
  let all = 0;
  for (let after = -1; ;) {
    const row = db.get<{ mask: number }>(
      `SELECT unknown_mask AS mask FROM publication_facts INDEXED BY publication_facts_unknown WHERE ${FACTS_OF_TARGET} AND unknown_mask > ? ORDER BY unknown_mask LIMIT 1`,
      [target, after],
    );
    if (!row) return all;
    all |= row.mask;
    after = row.mask;
  }
}

function translationOf(db: Reader, target: string, selection: PublicationSelection): Translation {
  const unknown = unknownAnywhere(db, target);
  const known = new Set(FILTER_FIELDS.filter((field) => (unknown & unknownBit(field)) === 0));
  return { known, twoValued: fieldsRead(selection).every((field) => known.has(field)) };
}

/**
 * How to read every answering row when the selection pins a voucher or a customer: a voucher's
 * rows by their row numbers, which its codes give (NOT INDEXED still looks a rowid up, where any
 * index would be walked whole), a customer's on the customer index.
 */
function pinnedAccess(selection: PublicationSelection): string | undefined {
  if (selection.voucher !== undefined) return 'NOT INDEXED';
  const byCustomer = `INDEXED BY ${orderIndexName('customer_id')}`;
  if (selection.customer !== undefined) return byCustomer;
  const filter = filterOf(selection.filters);
  const single = (op: string, values: readonly string[]) => op === '$is' || (op === '$in' && values.length === 1);
  const pins =
    (filter.junction === 'and' || filter.conditions.length === 1) && filter.conditions.some((c) => c.field === 'customer_id' && single(c.op, c.values));
  return pins ? byCustomer : undefined;
}

/**
 * How a count reads: as the pinned selection allows, or by the narrowing's index when it holds the
 * answer, else by a pass over the narrow table, which beats a lookup a row.
 */
export function accessOf(narrowing: HistoryNarrowing, pinned?: string): string {
  if (pinned !== undefined) return pinned;
  if (narrowing.from !== undefined || narrowing.to !== undefined) return `INDEXED BY ${orderIndexName('created_at')}`;
  if (narrowing.channel !== undefined) return `INDEXED BY ${orderIndexName('channel')}`;
  return 'NOT INDEXED';
}

// The counts of a pass are packed in one integer sum, so the truth runs once a row (a second sum
// would run it again, a third of the pass): answering rows with the order's key 1, without it
// FIELD, undecided FIELD ** 2. SQL unpacks the 64-bit sum, which JavaScript's numbers could not
// hold; each count stays below FIELD (2,097,152 rows a target).
const FIELD = 2 ** 21;

/**
 * A selection's truth over `publication_facts` as the offline list and the dashboard both decide
 * it: with what the target's rows are known to hold, and the newest complete pull of the same
 * selection deciding the rest. `twoValued`: no row is undecided, and a NULL truth means 0.
 */
export function factsTruth(
  db: Reader,
  target: string,
  selection: PublicationSelection,
  narrowing: HistoryNarrowing,
): { truth: TruthParts; twoValued: boolean } {
  const translation = translationOf(db, target, selection);
  // A complete pull decides only rows the facts leave undecided; with every field known there are none.
  const pull = translation.twoValued ? undefined : latestCompletePull(db, target, 'publications', selectionKey(selection));
  const truth = truthParts(selection, narrowing, {
    table: 'publication_facts',
    translation,
    ...(pull && { decidedBy: { id: pull.id, startedAt: pull.startedAt } }),
  });
  return { truth, twoValued: translation.twoValued };
}

/**
 * How many rows answer, and how many of those have the order's `key` (a page needs both to find
 * its runs), counted in the same pass so that the rows without the key are never read again.
 */
export function answerOf(db: Reader, target: string, selection: PublicationSelection, narrowing: HistoryNarrowing, key: PublicationOrderKey): CachedAnswer {
  const { truth, twoValued } = factsTruth(db, target, selection, narrowing);
  const scoped = sql(`${FACTS_OF_TARGET} AND ${truth.narrowing.sql}`, target, ...truth.narrowing.params);
  const where = sql(`${scoped.sql} AND (${truth.selection.sql})`, ...scoped.params, ...truth.selection.params);
  const everyRow = truth.selection.sql === '1' && truth.narrowing.sql === '1';
  const access = accessOf(narrowing, twoValued ? pinnedAccess(selection) : undefined);
  const timeRange = narrowing.from !== undefined || narrowing.to !== undefined;
  if (twoValued) {
    const rows = publicationsWithin(db, target, narrowing, truth.narrowing);
    if (truth.selection.sql === '1') return { scope: { where, access, everyRow, timeRange, rows, matches: rows }, undetermined: 0, unknownFields: [] };
    const { result } = selection;
    if (result !== undefined && dayCounted(selection)) {
      // Counted without reading a row but those without the order's key: a page walking the keyed
      // run could pass over all of it finding none (failures ordered by voucher code).
      const matches = publicationsWithin(db, target, narrowing, truth.narrowing, result);
      const keyed = matches - unkeyedCount(db, where, key);
      return { scope: { where, access, everyRow, timeRange, rows, matches, keyed }, undetermined: 0, unknownFields: [] };
    }
    const counted = db.get<{ matches: number; unkeyed: number }>(
      `SELECT COUNT(*) AS matches, IFNULL(SUM(${key} IS NULL), 0) AS unkeyed FROM publication_facts ${access} WHERE ${where.sql}`,
      where.params,
    );
    const matches = counted?.matches ?? 0;
    const keyed = matches - (counted?.unkeyed ?? 0);
    return { scope: { where, access, everyRow, timeRange, rows, matches, keyed }, undetermined: 0, unknownFields: [] };
  }
  const packed = `SUM(CASE (${truth.selection.sql}) WHEN 1 THEN (CASE WHEN ${key} IS NULL THEN ${FIELD} ELSE 1 END) WHEN 0 THEN 0 ELSE ${FIELD ** 2} END)`;
  const counted = db.get<{ rows: number; keyed: number | null; unkeyed: number | null; undecided: number | null }>(
    `SELECT rows, packed % ${FIELD} AS keyed, packed / ${FIELD} % ${FIELD} AS unkeyed, packed / ${FIELD ** 2} AS undecided
     FROM (SELECT COUNT(*) AS rows, ${packed} AS packed FROM publication_facts ${access} WHERE ${scoped.sql})`,
    [...truth.selection.params, ...scoped.params],
  );
  const rows = counted?.rows ?? 0;
  const keyed = counted?.keyed ?? 0;
  const undetermined = counted?.undecided ?? 0;
  return {
    scope: { where, access, everyRow, timeRange, rows, matches: keyed + (counted?.unkeyed ?? 0), keyed },
    undetermined,
    unknownFields: undetermined === 0 ? [] : unknownFieldsOf(db, selection, scoped, access, truth),
  };
}

function unknownFieldsOf(db: Reader, selection: PublicationSelection, scoped: SqlPart, access: string, truth: TruthParts): FilterField[] {
  const fields = fieldsRead(selection);
  const tests = fields.map(
    (field, i) =>
      `EXISTS (SELECT 1 FROM publication_facts ${access} WHERE ${scoped.sql} AND unknown_mask & ${unknownBit(field)} AND (${truth.selection.sql}) IS NULL) AS f${i}`,
  );
  const row = db.get(
    `SELECT ${tests.join(', ')}`,
    fields.flatMap(() => [...scoped.params, ...truth.selection.params]),
  );
  return fields.filter((_, i) => row?.[`f${i}`] === 1);
}
