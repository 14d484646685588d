import { describe, expect, it } from 'vitest';
import { loadSqlJs } from '../../electron/store/sqljs';

describe('sql.js loader', () => {
  it('loads the engine once and runs SQL', async () => {
    const first = await loadSqlJs();
    expect(await loadSqlJs()).toBe(first);
    const db = new first.Database();
    db.run('CREATE TABLE t (n INTEGER); INSERT INTO t VALUES (41), (1)');
    expect(db.exec('SELECT sum(n) FROM t')[0]?.values[0]?.[0]).toBe(42);
    db.close();
  });
});
