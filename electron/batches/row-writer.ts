import { fnv1a } from '../../shared/domain/text-hash';
import type { Prepared, SqlValue, Writer } from '../store/statements';
import type { SegmentSummer } from './segments';

/**
 * Interns the JSON of rows' own fields in `field_sets`, so rows that set the same fields share one
 * stored copy. Ids are assigned here rather than by SQLite so the journal replays them exactly.
 */
export class FieldSets {
  private readonly known = new Map<string, number>();
  private nextId: number;
  private readonly find: Prepared;
  private readonly insert: Prepared;

  constructor(tx: Writer) {
    this.nextId = (tx.get<{ id: number | null }>('SELECT max(id) AS id FROM field_sets')?.id ?? 0) + 1;
    this.find = tx.prepare('SELECT id FROM field_sets WHERE hash = ? AND fields = ?');
    this.insert = tx.prepare('INSERT INTO field_sets (id, hash, fields) VALUES (?, ?, ?)');
  }

  idOf(fieldsJson: string): number {
    const cached = this.known.get(fieldsJson);
    if (cached !== undefined) return cached;
    const hash = fnv1a(fieldsJson);
    let id = this.find.get<{ id: number }>([hash, fieldsJson])?.id;
    if (id === undefined) {
      id = this.nextId++;
      this.insert.run([id, hash, fieldsJson]);
    }
    // Bounded: a file where every row differs must not pile up a million strings here.
    if (this.known.size >= 50_000) this.known.clear();
    this.known.set(fieldsJson, id);
    return id;
  }
}

/** Drops field sets no row uses any more (after rows or batches were removed for good). */
export function removeUnusedFieldSets(tx: Writer): void {
  tx.run('DELETE FROM field_sets WHERE id NOT IN (SELECT DISTINCT set_id FROM drafts)');
}

const ROWS_PER_STATEMENT = 100;
// Rows with no problem (nearly all of a big import) go in bigger statements that bind only the
// values that differ from row to row: binding each value is a call into sql.js, and the
// batch id, problems and valid flag are the same for all of them.
const CLEAN_ROWS_PER_STATEMENT = 500;
const COLUMNS = '(batch_id, row_no, code, set_id, problems, valid)';

/** Inserts draft rows many per statement: far fewer calls into SQLite for an import of a million. */
export class RowInserter {
  private readonly many: Prepared;
  private readonly one: Prepared;
  private readonly cleanMany = new Map<number, { many: Prepared; one: Prepared }>();
  private pending: SqlValue[] = [];
  private count = 0;
  private clean = new Map<number, SqlValue[]>();

  /** `summer`, when given, sees every row added, in order (rows of one batch that had none). */
  constructor(
    private readonly tx: Writer,
    private readonly summer?: SegmentSummer,
  ) {
    this.many = tx.prepare(`INSERT INTO drafts ${COLUMNS} VALUES ${Array(ROWS_PER_STATEMENT).fill('(?, ?, ?, ?, ?, ?)').join(', ')}`);
    this.one = tx.prepare(`INSERT INTO drafts ${COLUMNS} VALUES (?, ?, ?, ?, ?, ?)`);
  }

  add(batchId: number, row: number, code: string, setId: number, problems: string | null, valid: 0 | 1): void {
    this.summer?.add(row, code, setId);
    if (problems === null && valid === 1 && Number.isSafeInteger(batchId)) {
      this.addClean(batchId, row, code, setId);
      return;
    }
    this.pending.push(batchId, row, code, setId, problems, valid);
    this.count += 1;
    if (this.count === ROWS_PER_STATEMENT) {
      this.many.run(this.pending);
      this.pending = [];
      this.count = 0;
    }
  }

  /** Inserts what is still buffered; call before reading the rows back or committing. */
  flush(): void {
    for (let i = 0; i < this.pending.length; i += 6) this.one.run(this.pending.slice(i, i + 6));
    this.pending = [];
    this.count = 0;
    for (const [batchId, values] of this.clean) {
      const { one } = this.cleanStatements(batchId);
      for (let i = 0; i < values.length; i += 3) one.run(values.slice(i, i + 3));
    }
    this.clean.clear();
  }

  private addClean(batchId: number, row: number, code: string, setId: number): void {
    let values = this.clean.get(batchId);
    if (!values) this.clean.set(batchId, (values = []));
    values.push(row, code, setId);
    if (values.length === 3 * CLEAN_ROWS_PER_STATEMENT) {
      this.cleanStatements(batchId).many.run(values);
      this.clean.set(batchId, []);
    }
  }

  private cleanStatements(batchId: number): { many: Prepared; one: Prepared } {
    let statements = this.cleanMany.get(batchId);
    if (!statements) {
      // The batch id is an integer from the database, so writing it into the SQL is safe, and the
      // statement stays deterministic for the journal.
      const tuple = `(${batchId}, ?, ?, ?, NULL, 1)`;
      statements = {
        many: this.tx.prepare(`INSERT INTO drafts ${COLUMNS} VALUES ${Array(CLEAN_ROWS_PER_STATEMENT).fill(tuple).join(', ')}`),
        one: this.tx.prepare(`INSERT INTO drafts ${COLUMNS} VALUES ${tuple}`),
      };
      this.cleanMany.set(batchId, statements);
    }
    return statements;
  }
}
