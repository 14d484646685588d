import type { Database, Statement } from 'sql.js';

/** Small JSON documents (campaigns, customers, publications, stacks, rewards, rules, async actions) by kind. */
export type DocKind = 'campaign' | 'category' | 'customer' | 'publication' | 'stack' | 'reward' | 'earning_rule' | 'async_action';

export class DocStore {
  private readonly getStmt: Statement;
  private readonly putStmt: Statement;
  private readonly allStmt: Statement;
  private seq: number;
  private readonly revisions = new Map<DocKind, number>();

  constructor(private readonly db: Database) {
    this.getStmt = db.prepare('SELECT data FROM docs WHERE kind = ? AND id = ?');
    this.putStmt = db.prepare('INSERT INTO docs (kind, id, seq, data) VALUES (?, ?, ?, ?) ON CONFLICT (kind, id) DO UPDATE SET data = excluded.data');
    this.allStmt = db.prepare('SELECT data FROM docs WHERE kind = ? ORDER BY seq');
    const max = db.exec('SELECT COALESCE(MAX(seq), 0) FROM docs')[0]?.values[0]?.[0];
    this.seq = typeof max === 'number' ? max : 0;
  }

  get<T>(kind: DocKind, id: string): T | undefined {
    try {
      this.getStmt.bind([kind, id]);
      return this.getStmt.step() ? (JSON.parse(String(this.getStmt.get()[0])) as T) : undefined;
    } finally {
      this.getStmt.reset();
    }
  }

  put(kind: DocKind, id: string, doc: unknown): void {
    this.seq += 1;
    this.putStmt.run([kind, id, this.seq, JSON.stringify(doc)]);
    this.revisions.set(kind, this.revision(kind) + 1);
  }

  /** Counts the puts of a kind since this store opened, so a copy kept in memory knows when it is stale. */
  revision(kind: DocKind): number {
    return this.revisions.get(kind) ?? 0;
  }

  /** Every document of a kind, in the order they were first stored. */
  all<T>(kind: DocKind): T[] {
    const out: T[] = [];
    try {
      this.allStmt.bind([kind]);
      while (this.allStmt.step()) out.push(JSON.parse(String(this.allStmt.get()[0])) as T);
    } finally {
      this.allStmt.reset();
    }
    return out;
  }
}
