import type { Database as SqlJsDatabase, Statement } from 'sql.js';
import type { JournalOp, SqlValue } from './journal';

export type { SqlValue } from './journal';
export type Params = readonly SqlValue[];
export type Row = Record<string, SqlValue>;

export interface Reader {
  all<T extends Row = Row>(sql: string, params?: Params): T[];
  get<T extends Row = Row>(sql: string, params?: Params): T | undefined;
}

/** A statement prepared once and run many times inside one write (hot loops: imports, generation). */
export interface Prepared {
  /** Runs a write; returns the number of rows it changed. */
  run(params: Params): number;
  get<T extends Row = Row>(params: Params): T | undefined;
}

/** What a write callback gets: reads see the write's own changes; every write is recorded. */
export interface Writer extends Reader {
  /** Runs a write; returns the number of rows it changed. Pass every value as a parameter: the
   * journal replays statements with the recorded values, so SQL must not call random() or now. */
  run(sql: string, params?: Params): number;
  prepare(sql: string): Prepared;
  /** Calls `fn` with each row in turn, holding one row at a time (a whole batch can be millions). */
  each<T extends Row = Row>(sql: string, params: Params, fn: (row: T) => void): void;
}

/** Reads of a loaded sql.js database, for code that knows only the Reader (no sql.js types). */
export function readerOf(db: SqlJsDatabase): Reader {
  return {
    all: <T extends Row>(sql: string, params?: Params) => queryAll<T>(db, sql, params),
    get: <T extends Row>(sql: string, params?: Params) => queryOne<T>(db, sql, params),
  };
}

export function queryAll<T extends Row>(db: SqlJsDatabase, sql: string, params: Params = []): T[] {
  const rows: T[] = [];
  queryEach<T>(db, sql, params, (row) => rows.push(row));
  return rows;
}

export function queryEach<T extends Row>(db: SqlJsDatabase, sql: string, params: Params, fn: (row: T) => void): void {
  const statement = db.prepare(sql);
  try {
    statement.bind([...params]);
    while (statement.step()) fn(statement.getAsObject() as T);
  } finally {
    statement.free();
  }
}

export function queryOne<T extends Row>(db: SqlJsDatabase, sql: string, params: Params = []): T | undefined {
  const statement = db.prepare(sql);
  try {
    return firstRow<T>(statement, params);
  } finally {
    statement.free();
  }
}

function firstRow<T extends Row>(statement: Statement, params: Params): T | undefined {
  statement.bind([...params]);
  const row = statement.step() ? (statement.getAsObject() as T) : undefined;
  statement.reset();
  return row;
}

/**
 * Records what a write ran so the commit can go to the journal. Past `recordLimit` bytes the
 * record is dropped and the commit writes a whole snapshot instead: for a big import the snapshot
 * is both smaller and faster to load than a journal of a million statements.
 */
export class RecordingWriter implements Writer {
  ops: JournalOp[] = [];
  overflowed = false;
  private recordedBytes = 0;
  private readonly statements: Statement[] = [];

  constructor(
    private readonly db: SqlJsDatabase,
    private readonly recordLimit: number,
  ) {}

  get changed(): boolean {
    return this.overflowed || this.ops.length > 0;
  }

  all<T extends Row = Row>(sql: string, params?: Params): T[] {
    return queryAll<T>(this.db, sql, params);
  }

  get<T extends Row = Row>(sql: string, params?: Params): T | undefined {
    return queryOne<T>(this.db, sql, params);
  }

  each<T extends Row = Row>(sql: string, params: Params, fn: (row: T) => void): void {
    queryEach<T>(this.db, sql, params, fn);
  }

  run(sql: string, params: Params = []): number {
    this.db.run(sql, [...params]);
    this.record(sql, params);
    return this.db.getRowsModified();
  }

  prepare(sql: string): Prepared {
    const statement = this.db.prepare(sql);
    this.statements.push(statement);
    return {
      run: (params) => {
        statement.run([...params]);
        this.record(sql, params);
        return this.db.getRowsModified();
      },
      get: <T extends Row = Row>(params: Params) => firstRow<T>(statement, params),
    };
  }

  /** Frees the prepared statements; the writer must not be used afterwards. */
  finish(): void {
    for (const statement of this.statements) statement.free();
    this.statements.length = 0;
  }

  private record(sql: string, params: Params): void {
    if (this.overflowed) return;
    this.recordedBytes += sql.length + 16;
    for (const value of params) this.recordedBytes += typeof value === 'string' ? value.length + 3 : 12;
    if (this.recordedBytes > this.recordLimit) {
      this.overflowed = true;
      this.ops = [];
      return;
    }
    this.ops.push([sql, [...params]]);
  }
}
