import type { Condition, FilterField } from '../../shared/domain/publication-filter';
import type { SqlValue } from '../store/statements';
import { unknownBit } from './publication-rows';

// The filters deep object's operators (shared/domain/publication-filter.ts `holds`) as SQL over a
// cached publication's columns. Each condition is 1 or 0, or NULL when its field is unknown; a
// known absence (NULL in the column) is decided here, never left to SQL's NULL.

export interface SqlPart {
  sql: string;
  params: SqlValue[];
}

export function sql(text: string, ...params: SqlValue[]): SqlPart {
  return { sql: text, params };
}

/**
 * What the rows being tested are known to hold. `known` names fields no row lacks, whose tests
 * need no NULL for unknown; with `twoValued` (every field read is known) only whether a test is
 * 1 matters, so a test false for a known absence may answer NULL there, as SQL's `=` does, which
 * leaves the test plain enough for an index.
 */
export interface Translation {
  known: ReadonlySet<FilterField>;
  twoValued: boolean;
}

export const THREE_VALUED: Translation = { known: new Set(), twoValued: false };

/** NULL when the row does not know the field, else the test. */
export function knownSql(field: FilterField, test: SqlPart, t: Translation): SqlPart {
  if (t.known.has(field)) return test;
  return { sql: `CASE WHEN unknown_mask & ${unknownBit(field)} THEN NULL ELSE ${test.sql} END`, params: test.params };
}

/** A test that is false for a known absence: 0 then, unless only truth matters. */
export function falseWhenAbsent(test: string, t: Translation): string {
  return t.twoValued ? test : `IFNULL(${test}, 0)`;
}

/** The text a condition compares: the column, but is_referral_code (stored 1/0) reads 'true'/'false'. */
function textSql(field: FilterField): string {
  return field === 'is_referral_code' ? `(CASE WHEN is_referral_code IS NULL THEN NULL WHEN is_referral_code = 1 THEN 'true' ELSE 'false' END)` : field;
}

function isNumeric(text: string): boolean {
  return text !== '' && Number.isFinite(Number(text));
}

/**
 * `$more_than` and its kin: as numbers when the value and the row's text both read as numbers
 * (the row's `numbers` column says which do), else as text, which SQLite compares by code point.
 */
function comparisonSql(field: FilterField, op: '>' | '<' | '>=' | '<=', value: string, t: Translation): SqlPart {
  const text = textSql(field);
  if (!isNumeric(value)) return sql(falseWhenAbsent(`${text} ${op} ?`, t), value);
  const number = `json_extract(numbers, '$.${field}')`;
  return sql(
    `CASE WHEN ${text} IS NULL THEN 0 WHEN numbers IS NOT NULL AND ${number} IS NOT NULL THEN ${number} ${op} ? ELSE ${text} ${op} ? END`,
    Number(value),
    value,
  );
}

function holdsSql(c: Condition, t: Translation): SqlPart {
  const text = textSql(c.field);
  const one = c.values[0] ?? '';
  const list = c.values.map(() => '?').join(', ');
  switch (c.op) {
    case '$in':
      return c.values.length === 0 ? sql('0') : sql(falseWhenAbsent(`${text} IN (${list})`, t), ...c.values);
    case '$not_in':
      return c.values.length === 0 ? sql('1') : sql(`IFNULL(${text} NOT IN (${list}), 1)`, ...c.values);
    case '$is':
      return sql(falseWhenAbsent(`${text} = ?`, t), one);
    case '$is_not':
      return sql(`IFNULL(${text} <> ?, 1)`, one);
    case '$has_value':
      return sql(falseWhenAbsent(`${text} <> ''`, t));
    case '$is_unknown':
      return sql(`${text} IS NULL`);
    // Every text contains, starts and ends with the empty text; instr and substr need not say so.
    case '$contains':
      return one === '' ? sql(`${text} IS NOT NULL`) : sql(falseWhenAbsent(`instr(${text}, ?) > 0`, t), one);
    case '$not_contain':
      return one === '' ? sql(`${text} IS NULL`) : sql(`IFNULL(instr(${text}, ?) = 0, 1)`, one);
    case '$starts_with':
      return one === '' ? sql(`${text} IS NOT NULL`) : sql(falseWhenAbsent(`instr(${text}, ?) = 1`, t), one);
    case '$ends_with':
      return one === '' ? sql(`${text} IS NOT NULL`) : sql(falseWhenAbsent(`substr(${text}, -${[...one].length}) = ?`, t), one);
    case '$more_than':
      return comparisonSql(c.field, '>', one, t);
    case '$less_than':
      return comparisonSql(c.field, '<', one, t);
    case '$more_than_equal':
      return comparisonSql(c.field, '>=', one, t);
    case '$less_than_equal':
      return comparisonSql(c.field, '<=', one, t);
  }
}

export function conditionSql(c: Condition, t: Translation): SqlPart {
  return knownSql(c.field, holdsSql(c, t), t);
}
