import { QUARTERS } from '../../shared/domain/quarter-days';
import type { SqlValue, Writer } from '../store/statements';
import type { SqlPart } from './filter-sql';
import { CHANNEL_RESULT_INDEX, FACTS_OF_TARGET, TARGET_NUMBER } from './publication-layout';
import { sortableTimeSql, unknownBit } from './publication-rows';

// Cache version 5's day counts: what the dashboard counts of every publication, kept by target
// number and UTC day in three small tables, so stats of months or years read a few thousand rows
// rather than every publication (stats-by-days.ts). Triggers on publication_facts keep them, so
// whatever writes the facts (a pull, the journal's replay, a migration) keeps them alike, in the
// same transaction; the migration fills them with a GROUP BY each.

/** Publications by channel and result in each quarter-hour of the day (q0 from 00:00 UTC to q95). */
export const DAY_QUARTERS = 'publication_day_quarters';
/** Publications by channel, result and campaign, with their referral shares. */
export const DAY_CAMPAIGNS = 'publication_day_campaigns';
/** Failed publications by channel, code and message. */
export const DAY_FAILURES = 'publication_day_failures';

/**
 * A row's day: its `created_at`'s UTC date in the cache's sortable form (toISOString's), NULL
 * without a time, and UNSORTED for a time in another form, whose day the cache cannot tell by its
 * text (the stats then count by the facts, see stats-by-days.ts).
 */
export const UNSORTED = 'unsorted';
const dayOf = (r: string): string =>
  `(CASE WHEN ${sortableTimeSql(r)} THEN substr(${r}.created_at, 1, 10) WHEN ${r}.created_at IS NOT NULL THEN '${UNSORTED}' END)`;
/** The row's quarter-hour of its UTC day, NULL without a sortable time: it is in none. */
const quarterOf = (r: string): string =>
  `(CASE WHEN ${sortableTimeSql(r)} THEN CAST(substr(${r}.created_at, 12, 2) AS INTEGER) * 4 + CAST(substr(${r}.created_at, 15, 2) AS INTEGER) / 15 END)`;

const CAMPAIGN_UNKNOWN = unknownBit('campaign_name');
const REFERRAL_UNKNOWN = unknownBit('is_referral_code');

export const quarterColumn = (quarter: number): string => `q${quarter}`;
const QUARTER_NUMBERS = Array.from({ length: QUARTERS }, (_, quarter) => quarter);

/** A day table: the keys a row is counted by (after target and day) and what it adds to each count, as SQL over a facts row `r`. */
interface DayTable {
  name: string;
  keys: Record<string, (r: string) => string>;
  /** `count` first: a row whose count is back to 0 counts nothing and goes. `k` is the row's quarter. */
  adds: Record<string, (r: string) => string>;
  /** The facts rows it counts. */
  counts?: (r: string) => string;
  /** The facts columns it reads: a change to any other leaves it as it is. */
  reads: readonly string[];
}

const TABLES: readonly DayTable[] = [
  {
    name: DAY_QUARTERS,
    keys: { channel: (r) => `${r}.channel`, result: (r) => `${r}.result` },
    adds: { count: () => '1', ...Object.fromEntries(QUARTER_NUMBERS.map((q) => [quarterColumn(q), () => `(k IS ${q})`])) },
    reads: ['created_at', 'channel', 'result'],
  },
  {
    name: DAY_CAMPAIGNS,
    keys: {
      channel: (r) => `${r}.channel`,
      result: (r) => `${r}.result`,
      campaign_unknown: (r) => `((${r}.unknown_mask & ${CAMPAIGN_UNKNOWN}) <> 0)`,
      // The name of a campaign the list items do not show is not counted: one row for all of them.
      campaign_name: (r) => `(CASE WHEN (${r}.unknown_mask & ${CAMPAIGN_UNKNOWN}) = 0 THEN ${r}.campaign_name END)`,
    },
    adds: {
      count: () => '1',
      referral: (r) => `((${r}.unknown_mask & ${REFERRAL_UNKNOWN}) = 0 AND ${r}.is_referral_code IS 1)`,
      referral_unknown: (r) => `((${r}.unknown_mask & ${REFERRAL_UNKNOWN}) <> 0)`,
    },
    reads: ['created_at', 'channel', 'result', 'campaign_name', 'unknown_mask', 'is_referral_code'],
  },
  {
    name: DAY_FAILURES,
    keys: { channel: (r) => `${r}.channel`, failure_code: (r) => `${r}.failure_code`, failure_message: (r) => `${r}.failure_message` },
    adds: { count: () => '1' },
    counts: (r) => `${r}.result = 'FAILURE'`,
    reads: ['created_at', 'channel', 'result', 'failure_code', 'failure_message'],
  },
];

function createTable(tx: Writer, table: DayTable): void {
  const keys = Object.keys(table.keys);
  const adds = Object.keys(table.adds);
  tx.run(`CREATE TABLE ${table.name} (target INTEGER NOT NULL, day TEXT, ${keys.join(', ')}, ${adds.map((c) => `${c} INTEGER NOT NULL`).join(', ')})`);
  // Keys may be NULL, which no UNIQUE constraint matches: the triggers find a row with IS, on this index.
  tx.run(`CREATE INDEX ${table.name}_by_day ON ${table.name} (target, day, ${keys.join(', ')})`);
}

/** The statements that add a facts row `r` to the table's counts (sign 1) or take it away (-1). */
function countSql(table: DayTable, r: 'new' | 'old', sign: 1 | -1): string {
  const keys = Object.entries(table.keys);
  const adds = Object.entries(table.adds);
  const counted = table.counts ? `(${table.counts(r)}) IS 1 AND ` : '';
  const row = `target = ${r}.target AND day IS ${dayOf(r)} AND ${keys.map(([c, sql]) => `${c} IS ${sql(r)}`).join(' AND ')}`;
  // The quarter is worked out once, in a subquery, rather than once for each of 96 columns.
  const quarter = `(SELECT ${quarterOf(r)} AS k)`;
  const update = `UPDATE ${table.name} SET (${adds.map(([c]) => c).join(', ')}) = (SELECT ${adds
    .map(([c, sql]) => `${c} ${sign > 0 ? '+' : '-'} ${sql(r)}`)
    .join(', ')} FROM ${quarter}) WHERE ${counted}${row};`;
  if (sign < 0) return `${update}\n    DELETE FROM ${table.name} WHERE ${counted}${row} AND count = 0;`;
  return `${update}
    INSERT INTO ${table.name} (target, day, ${keys.map(([c]) => c).join(', ')}, ${adds.map(([c]) => c).join(', ')})
      SELECT ${r}.target, ${dayOf(r)}, ${keys.map(([, sql]) => sql(r)).join(', ')}, ${adds.map(([, sql]) => sql(r)).join(', ')} FROM ${quarter}
      WHERE ${counted}changes() = 0;`;
}

function createTriggers(tx: Writer, table: DayTable): void {
  tx.run(`CREATE TRIGGER ${table.name}_insert AFTER INSERT ON publication_facts BEGIN
    ${countSql(table, 'new', 1)}
  END`);
  tx.run(`CREATE TRIGGER ${table.name}_delete AFTER DELETE ON publication_facts BEGIN
    ${countSql(table, 'old', -1)}
  END`);
  // An update that changes nothing the table reads (most of a pull's, which store what is there) costs nothing.
  const changed = ['target', ...table.reads].map((c) => `old.${c} IS NOT new.${c}`).join(' OR ');
  tx.run(`CREATE TRIGGER ${table.name}_update AFTER UPDATE ON publication_facts WHEN ${changed} BEGIN
    ${countSql(table, 'old', -1)}
    ${countSql(table, 'new', 1)}
  END`);
}

export const DAY_COUNT_TABLES: ReadonlySet<string> = new Set(TABLES.map((t) => t.name));

/**
 * Drops a target's day counts in bulk, before its publications are: the facts' triggers then find
 * nothing to count down, a seek a row rather than a write.
 */
export function dropTargetDayCounts(tx: Writer, target: string): void {
  for (const table of TABLES) tx.run(`DELETE FROM ${table.name} WHERE ${FACTS_OF_TARGET}`, [target]);
}

/** A day table's rows as a GROUP BY over the facts: what the triggers keep, in the table's column order. */
export function groupedDayCountsSql(name: string): string {
  const table = TABLES.find((t) => t.name === name);
  if (!table) throw new Error(`No day table ${name}`);
  const keys = Object.values(table.keys);
  const adds = Object.values(table.adds);
  return `SELECT f.target, ${dayOf('f')}, ${keys.map((sql) => sql('f')).join(', ')}, ${adds.map((sql) => `SUM(${sql('f')})`).join(', ')}
    FROM (SELECT *, ${quarterOf('publication_facts')} AS k FROM publication_facts) AS f ${table.counts ? `WHERE ${table.counts('f')}` : ''}
    GROUP BY 1, 2, ${keys.map((_, i) => i + 3).join(', ')}`;
}

/** The day tables and their triggers, filled from the facts there are. */
export function createDayCounts(tx: Writer): void {
  for (const table of TABLES) {
    createTable(tx, table);
    tx.run(`INSERT INTO ${table.name} ${groupedDayCountsSql(table.name)}`);
    createTriggers(tx, table);
  }
}

/** The day tables' rows of a target, of a channel and a result when given, and of the days from `firstDay` to `lastDay` when given. */
export function dayRowsSql(target: string, of: { channel?: string; result?: string; days?: { firstDay: string; lastDay: string } }): SqlPart {
  const parts = [`target = ${TARGET_NUMBER}`];
  const params: SqlValue[] = [target];
  if (of.days) {
    parts.push('day BETWEEN ? AND ?');
    params.push(of.days.firstDay, of.days.lastDay);
  }
  if (of.channel !== undefined) {
    parts.push('channel IS ?');
    params.push(of.channel);
  }
  if (of.result !== undefined) {
    parts.push('result = ?');
    params.push(of.result);
  }
  return { sql: parts.join(' AND '), params };
}

/** `c`: each channel and result the day counts hold among `rows`, so the facts of each are one range (FACTS_OF_EACH). */
export const eachChannelAndResult = (rows: SqlPart): string => `WITH c AS (SELECT DISTINCT channel, result FROM ${DAY_QUARTERS} WHERE ${rows.sql})`;

/** The facts of `c`'s channel and result, on their index; binds the target. */
export const FACTS_OF_EACH = `publication_facts INDEXED BY ${CHANNEL_RESULT_INDEX} WHERE target = ${TARGET_NUMBER} AND channel IS c.channel AND result IS c.result`;
