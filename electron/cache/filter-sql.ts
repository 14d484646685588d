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

/** NULL when the row does not know the field, else the test. */
export function knownSql(field: FilterField, test: SqlPart): SqlPart {
  return { sql: `CASE WHEN unknown_mask & ${unknownBit(field)} THEN NULL ELSE ${test.sql} END`, params: test.params };
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
function comparisonSql(field: FilterField, op: '>' | '<' | '>=' | '<=', value: string): SqlPart {
  const text = textSql(field);
  if (!isNumeric(value)) return sql(`IFNULL(${text} ${op} ?, 0)`, value);
  const number = `json_extract(numbers, '$.${field}')`;
  return sql(
    `CASE WHEN ${text} IS NULL THEN 0 WHEN numbers IS NOT NULL AND ${number} IS NOT NULL THEN ${number} ${op} ? ELSE ${text} ${op} ? END`,
    Number(value),
    value,
  );
}

function holdsSql(c: Condition): SqlPart {
  const text = textSql(c.field);
  const one = c.values[0] ?? '';
  const list = c.values.map(() => '?').join(', ');
  switch (c.op) {
    case '$in':
      return c.values.length === 0 ? sql('0') : sql(`IFNULL(${text} IN (${list}), 0)`, ...c.values);
    case '$not_in':
      return c.values.length === 0 ? sql('1') : sql(`IFNULL(${text} NOT IN (${list}), 1)`, ...c.values);
    case '$is':
      return sql(`IFNULL(${text} = ?, 0)`, one);
    case '$is_not':
      return sql(`IFNULL(${text} <> ?, 1)`, one);
    case '$has_value':
      return sql(`IFNULL(${text} <> '', 0)`);
    case '$is_unknown':
      return sql(`${text} IS NULL`);
    // Every text contains, starts and ends with the empty text; instr and substr need not say so.
    case '$contains':
      return one === '' ? sql(`${text} IS NOT NULL`) : sql(`IFNULL(instr(${text}, ?) > 0, 0)`, one);
    case '$not_contain':
      return one === '' ? sql(`${text} IS NULL`) : sql(`IFNULL(instr(${text}, ?) = 0, 1)`, one);
    case '$starts_with':
      return one === '' ? sql(`${text} IS NOT NULL`) : sql(`IFNULL(instr(${text}, ?) = 1, 0)`, one);
    case '$ends_with':
      return one === '' ? sql(`${text} IS NOT NULL`) : sql(`IFNULL(substr(${text}, -${[...one].length}) = ?, 0)`, one);
    case '$more_than':
      return comparisonSql(c.field, '>', one);
    case '$less_than':
      return comparisonSql(c.field, '<', one);
    case '$more_than_equal':
      return comparisonSql(c.field, '>=', one);
    case '$less_than_equal':
      return comparisonSql(c.field, '<=', one);
  }
}

export function conditionSql(c: Condition): SqlPart {
  return knownSql(c.field, holdsSql(c));
}
