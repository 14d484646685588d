import { findDuplicateCodes } from '../../shared/domain/duplicates';
import { validateDraft } from '../../shared/domain/validate-draft';
import type { Problem } from '../../shared/domain/voucher';
import type { Reader, SqlValue, Writer } from '../store/statements';
import { effectiveDraft } from './inherit';
import type { FieldSets, RowInserter } from './row-writer';
import type { BatchDefaults, DraftFields, DraftRow } from './types';

// Storage of draft rows and their validation state. A row is valid when it has no error; its
// problems (errors and warnings) are stored with it so pages and counts never re-validate.

/**
 * Rows with their own fields as JSON; add a WHERE on drafts' columns and an ORDER BY. CROSS JOIN
 * keeps drafts as the outer loop: left to itself SQLite may walk the few field sets first and then
 * scan all drafts for each (there is no index on set_id), which turns a one-row read into seconds.
 */
export const SELECT_ROWS = 'SELECT row_no, code, fields, problems, valid FROM drafts CROSS JOIN field_sets ON field_sets.id = drafts.set_id';

/**
 * Rows with their field set's id instead of its JSON; add a WHERE and an ORDER BY. For reads of a
 * whole batch that overlay each set once (fieldSetJson): a row's JSON is then never read again.
 */
export const SELECT_ROW_SETS = 'SELECT row_no, code, set_id FROM drafts';

/** The own fields of a field set, as JSON. */
export function fieldSetJson(reader: Reader, id: number): string {
  const set = reader.get<{ fields: string }>('SELECT fields FROM field_sets WHERE id = ?', [id]);
  if (!set) throw new Error(`The library has no field set ${id}, which a row refers to; run "voucher-desk library check"`);
  return set.fields;
}

/**
 * The batch condition of a query that selects by code: the unary + keeps SQLite (which has no
 * statistics) from walking the whole batch through the primary key instead of using the code index.
 */
export const BY_CODE = '+batch_id = ?';

/**
 * Only invalid rows, through their partial index: with no statistics SQLite otherwise walks the
 * whole batch through the primary key, which serves `batch_id = ?` and the row order as well.
 */
export const INVALID_ROWS = 'drafts INDEXED BY drafts_invalid';

export interface StoredRow extends Record<string, SqlValue> {
  row_no: number;
  code: string;
  fields: string;
  problems: string | null;
  valid: number;
}

export function checkRow(defaults: BatchDefaults, fields: DraftFields, code: string, row: number): Problem[] {
  return validateDraft(effectiveDraft(defaults, fields, code), row);
}

export function isValid(problems: readonly Problem[]): boolean {
  return !problems.some((problem) => problem.severity === 'error');
}

/** How a row's problems are stored: JSON (null when none) and the valid flag. */
export function problemState(problems: readonly Problem[]): { problems: string | null; valid: 0 | 1 } {
  return { problems: problems.length > 0 ? JSON.stringify(problems) : null, valid: isValid(problems) ? 1 : 0 };
}

/** Stores one new row: its own fields interned, its problems as found. */
export function storeRow(
  rows: RowInserter,
  sets: FieldSets,
  batchId: number,
  row: number,
  code: string,
  fields: DraftFields,
  problems: readonly Problem[],
): void {
  const state = problemState(problems);
  rows.add(batchId, row, code, sets.idOf(JSON.stringify(fields)), state.problems, state.valid);
}

export function toDraftRow(stored: StoredRow, defaults: BatchDefaults): DraftRow {
  const fields = JSON.parse(stored.fields) as DraftFields;
  return {
    row: stored.row_no,
    code: stored.code,
    fields,
    draft: effectiveDraft(defaults, fields, stored.code),
    problems: stored.problems === null ? [] : (JSON.parse(stored.problems) as Problem[]),
    valid: stored.valid === 1,
  };
}

/**
 * Re-checks every row of the batch holding one of `codes`: a code is a duplicate in every row after
 * the first one holding it, so adding, editing or deleting one row can change others.
 */
export function recheckCodes(tx: Writer, batchId: number, defaults: BatchDefaults, codes: Iterable<string>): void {
  for (const code of new Set(codes)) {
    const rows = tx.all<StoredRow>(`${SELECT_ROWS} WHERE ${BY_CODE} AND code = ?`, [batchId, code]).sort((a, b) => a.row_no - b.row_no);
    updateChecked(tx, batchId, defaults, rows);
  }
}

/** Re-checks all rows of a batch page by page, after its defaults changed. */
export function recheckBatch(tx: Writer, batchId: number, defaults: BatchDefaults): void {
  const firstRowOfRepeated = new Map(
    tx
      .all<{ code: string; first: number }>('SELECT code, min(row_no) AS first FROM drafts WHERE batch_id = ? GROUP BY code HAVING count(*) > 1', [batchId])
      .map(({ code, first }) => [code, first]),
  );
  let after = 0;
  for (;;) {
    const rows = tx.all<StoredRow>(`${SELECT_ROWS} WHERE batch_id = ? AND row_no > ? ORDER BY row_no LIMIT 5000`, [batchId, after]);
    const last = rows.at(-1);
    if (!last) return;
    const repeats = new Map<number, Problem>();
    for (const stored of rows) {
      const first = firstRowOfRepeated.get(stored.code);
      if (first === undefined || first === stored.row_no) continue;
      const [problem] = findDuplicateCodes([
        { row: first, code: stored.code },
        { row: stored.row_no, code: stored.code },
      ]);
      if (problem) repeats.set(stored.row_no, problem);
    }
    updateChecked(tx, batchId, defaults, rows, repeats);
    after = last.row_no;
  }
}

function updateChecked(tx: Writer, batchId: number, defaults: BatchDefaults, rows: readonly StoredRow[], duplicates?: Map<number, Problem>): void {
  const repeats = duplicates ?? new Map(findDuplicateCodes(rows.map((r) => ({ row: r.row_no, code: r.code }))).map((p) => [p.row, p]));
  const update = tx.prepare('UPDATE drafts SET problems = ?, valid = ? WHERE batch_id = ? AND row_no = ?');
  for (const stored of rows) {
    const problems = checkRow(defaults, JSON.parse(stored.fields) as DraftFields, stored.code, stored.row_no);
    const repeat = repeats.get(stored.row_no);
    if (repeat) problems.push(repeat);
    const state = problemState(problems);
    if (state.problems !== stored.problems || state.valid !== stored.valid) {
      update.run([state.problems, state.valid, batchId, stored.row_no]);
    }
  }
}
