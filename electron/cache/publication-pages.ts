import type { PublicationOrderKey } from '../../shared/domain/publication-order';
import type { Reader } from '../store/statements';
import type { SqlPart } from './filter-sql';
import { orderIndexName } from './publication-layout';

// One page of an offline answer, in the service's order: by a key, nulls last either way, ties by
// id in the key's direction. An order's index (target, key, id) holds the rows with a key in key
// order and those without one by id, so the answer is two runs of that index: the keyed rows, then
// the rest. A page is read by walking a run from whichever end is nearer, or, when few rows answer
// (so a walk would pass over many that do not), by sorting the answering rows.

/** What a page reads: its rows (`target = ? AND ...`) and how many there are. */
export interface PageScope {
  /** The WHERE clause of the answering rows, without the order. */
  where: SqlPart;
  /** How the table is read when not walking an order's index (NOT INDEXED or INDEXED BY ...). */
  access: string;
  /** Whether `where` reads only the target, so a walk never leaves the index. */
  everyRow: boolean;
  /** Rows in the target (and narrowing). */
  rows: number;
  /** Rows that answer. */
  matches: number;
  /**
   * Whether a time range narrows the rows. Those outside it lie together in any order that follows
   * time (ids and codes are issued over time), so a walk may pass most of the target before its
   * page, however many rows answer; only created_at's index seeks the range itself.
   */
  timeRange: boolean;
  /**
   * Rows that answer with the order's key (the first run), if counted. Unknown only when every row
   * in the narrowing answers: a page then finds where the run ends as it reads (each row it passes
   * answers, so the walk is as long as the page is deep), and counts it only when the page lies
   * wholly past the run it starts reading.
   */
  keyed?: number;
}

export interface OrderSpec {
  key: PublicationOrderKey;
  descending: boolean;
}

export function orderOf(order: string): OrderSpec {
  return { key: order.replace(/^-/, '') as PublicationOrderKey, descending: order.startsWith('-') };
}

/** The SQL that reads `take` rows after `skip` of one run, walking the order's index. */
export function walkSql(scope: Pick<PageScope, 'where'>, order: OrderSpec, run: 'keyed' | 'unkeyed', reverse: boolean, take: number, skip: number): SqlPart {
  const dir = order.descending !== reverse ? 'DESC' : 'ASC';
  const { key } = order;
  const runTest = key === 'id' ? '' : run === 'keyed' ? ` AND ${key} IS NOT NULL` : ` AND ${key} IS NULL`;
  const orderBy = key === 'id' || run === 'unkeyed' ? `id ${dir}` : `${key} ${dir}, id ${dir}`;
  return {
    sql: `SELECT id FROM publication_facts INDEXED BY ${orderIndexName(key)} WHERE ${scope.where.sql}${runTest} ORDER BY ${orderBy} LIMIT ? OFFSET ?`,
    params: [...scope.where.params, take, skip],
  };
}

/** The SQL that sorts the answering rows (a temporary B-tree) and reads `take` after `skip`. */
export function sortSql(scope: Pick<PageScope, 'where' | 'access'>, order: OrderSpec, take: number, skip: number): SqlPart {
  const dir = order.descending ? 'DESC' : 'ASC';
  const by = order.key === 'id' ? `id ${dir}` : `${order.key} IS NULL, ${order.key} ${dir}, id ${dir}`;
  return {
    sql: `SELECT id FROM publication_facts ${scope.access} WHERE ${scope.where.sql} ORDER BY ${by} LIMIT ? OFFSET ?`,
    params: [...scope.where.params, take, skip],
  };
}

function ids(db: Reader, part: SqlPart): string[] {
  return db.all<{ id: string }>(part.sql, part.params).map((r) => r.id);
}

/** Rows `[from, to)` of a run `length` long, walked from the nearer end. */
function readRun(db: Reader, scope: PageScope, order: OrderSpec, run: 'keyed' | 'unkeyed', length: number, from: number, to: number): string[] {
  if (to <= from) return [];
  const reverse = length - to < from;
  const found = ids(db, walkSql(scope, order, run, reverse, to - from, reverse ? length - to : from));
  return reverse ? found.reverse() : found;
}

// Rough costs per row against scanning the table, from sql.js timings at 100,000 rows: stepping an
// order's index and reading the row it names (2-3x), putting an answering row in the sorter (4x+).
const WALK_COST = 3;
const SORT_COST = 4;

/** Rows that answer without the order's `key`, counted on its index: those rows are one range of it. */
export function unkeyedCount(db: Reader, where: SqlPart, key: PublicationOrderKey): number {
  if (key === 'id') return 0;
  return (
    db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM publication_facts INDEXED BY ${orderIndexName(key)} WHERE ${where.sql} AND ${key} IS NULL`, where.params)
      ?.n ?? 0
  );
}

/**
 * The page read from the end of the answer it is nearer, without knowing where the keyed run ends:
 * a run that holds the whole page answers it, one that holds part of it says how long it is (the
 * page is found at its end), and only a page wholly past that run leaves undefined.
 */
function pageAcrossRuns(db: Reader, scope: PageScope, order: OrderSpec, offset: number, end: number): string[] | undefined {
  const take = end - offset;
  if (offset <= scope.matches - end) {
    const keyed = ids(db, walkSql(scope, order, 'keyed', false, take, offset));
    if (keyed.length === take) return keyed;
    return keyed.length === 0 ? undefined : [...keyed, ...ids(db, walkSql(scope, order, 'unkeyed', false, take - keyed.length, 0))];
  }
  const skip = scope.matches - end;
  const unkeyed = ids(db, walkSql(scope, order, 'unkeyed', true, take, skip)).reverse();
  if (unkeyed.length === take) return unkeyed;
  if (unkeyed.length === 0) return undefined;
  const keyedRows = scope.matches - skip - unkeyed.length;
  return [...ids(db, walkSql(scope, order, 'keyed', true, keyedRows - offset, 0)).reverse(), ...unkeyed];
}

/** The ids of the page `[offset, offset + limit)` of the answer, in order. */
export function pageIds(db: Reader, scope: PageScope, order: OrderSpec, offset: number, limit: number): string[] {
  const end = Math.min(offset + limit, scope.matches);
  if (end <= offset) return [];
  const nearest = Math.min(offset, scope.matches - end);
  const walked = scope.everyRow ? 0 : ((nearest + end - offset) * scope.rows) / scope.matches;
  const unbounded = scope.timeRange && order.key !== 'created_at';
  if (unbounded || WALK_COST * walked > scope.rows + SORT_COST * scope.matches) return ids(db, sortSql(scope, order, end - offset, offset));
  if (scope.keyed === undefined && order.key !== 'id') {
    const page = pageAcrossRuns(db, scope, order, offset, end);
    if (page !== undefined) return page;
  }
  const keyed = scope.keyed ?? scope.matches - unkeyedCount(db, scope.where, order.key);
  return [
    ...readRun(db, scope, order, 'keyed', keyed, offset, Math.min(end, keyed)),
    ...readRun(db, scope, order, 'unkeyed', scope.matches - keyed, Math.max(offset, keyed) - keyed, end - keyed),
  ];
}
