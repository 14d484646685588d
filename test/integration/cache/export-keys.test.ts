import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cachedCounts, openCacheDatabase } from '../../../electron/cache';
import { partInterner } from '../../../electron/cache/publication-parts';
import { upsertParams, upsertSql } from '../../../electron/cache/publication-rows';
import { finishPull, startPull } from '../../../electron/cache/pulls';
import { cacheMigrations } from '../../../electron/cache/schema';
import { storeListed } from '../../../electron/cache/store-listed';
import { openCache } from '../../../electron/store/databases';
import type { Publication } from '../../../shared/api';
import { exportColumns, exportedPublication, exportKey } from '../../../shared/domain/export-publication';
import { factsOfPublication } from '../../../shared/domain/publication-facts';
import { selectionKey } from '../../../shared/domain/publication-query';
import { makeTempDir } from './temp';

// Cache version 6 keys a publication an export stored by a digest of its instant, customer and
// code (16 characters) rather than the three spelt out (about 60, in six indexes): a cache of
// version 5 is rekeyed in place, twins and the members of pulls with it, and a list pull still
// finds and replaces the exported row of the same publication.

const TARGET = 'proj_export_keys';
const HEADER = ['Voucher Code', 'Customer ID', 'Date', 'Channel', 'Campaign'];
const ROWS = [
  ['SPRING-1', 'cust_a', '2026-03-01T10:00:00.000Z', 'Email', 'Spring'],
  ['SPRING-2', 'cust_b', '2026-03-01T11:00:00.000Z', 'SMS', 'Spring'],
  // Twins: alike in instant, customer and code.
  ['SPRING-3', 'cust_c', '2026-03-01T12:00:00.000Z', 'API', 'Spring'],
  ['SPRING-3', 'cust_c', '2026-03-01T12:00:00.000Z', 'API', 'Spring'],
];
const version5Key = (cells: string[]): string => `x_${cells[2]}_${cells[1]}_${cells[0]}`;

describe('keys of exported publications', () => {
  it('are 18 characters whatever the customer and code, the same for the same three', () => {
    const key = exportKey('2026-03-01T10:00:00Z', 'cust_' + 'a'.repeat(60), 'CODE-'.repeat(10));
    expect(key).toMatch(/^x_[A-Za-z0-9_-]{16}$/);
    expect(exportKey('2026-03-01T10:00:00.000Z', 'cust_' + 'a'.repeat(60), 'CODE-'.repeat(10))).toBe(key);
    expect(exportKey('2026-03-01T10:00:00.001Z', 'cust_' + 'a'.repeat(60), 'CODE-'.repeat(10))).not.toBe(key);
    expect(exportKey('2026-03-01T10:00:00Z', 'cust_a', null)).not.toBe(exportKey('2026-03-01T10:00:00Z', 'cust_a', 'X'));
  });

  it('of a version 5 cache become digests, twins and pull members too, and a list pull still replaces them', async () => {
    const dir = join(makeTempDir(), 'cache');
    const v5 = await openCache(dir, cacheMigrations.slice(0, 5));
    const columns = exportColumns(HEADER);
    const keys = ROWS.map((cells, i) => (i === 3 ? `${version5Key(cells)}#2` : version5Key(cells)));
    const listed: Publication = { id: 'pub_listed', object: 'publication', created_at: '2026-03-02T00:00:00.000Z', customer_id: 'cust_d', result: 'SUCCESS' };
    await v5.write((tx) => {
      const at = '2026-03-05T00:00:00.000Z';
      const pullId = startPull(tx, TARGET, 'publications', {}, selectionKey({}), at);
      const upsert = tx.prepare(upsertSql());
      const intern = partInterner(tx);
      for (const [i, cells] of ROWS.entries()) {
        const { item, facts } = exportedPublication(cells, columns, { result: 'SUCCESS' }, keys[i] as string);
        upsert.run(upsertParams(intern, TARGET, item, facts, {}, pullId, at));
        tx.run('INSERT INTO pull_members (pull_id, id) VALUES (?, ?)', [pullId, keys[i] as string]);
      }
      upsert.run(upsertParams(intern, TARGET, listed, factsOfPublication(listed), {}, pullId, at));
      finishPull(tx, pullId, 'done', at, { total: ROWS.length + 1 });
    });
    await v5.close();

    const db = await openCacheDatabase(dir);
    try {
      const expected = ROWS.map((cells, i) => `${exportKey(cells[2] as string, cells[1] as string, cells[0] as string)}${i === 3 ? '#2' : ''}`);
      expect(db.all<{ id: string }>("SELECT id FROM publication_facts WHERE id GLOB 'x_*' ORDER BY no").map((r) => r.id)).toEqual(expected);
      expect(db.all<{ id: string }>('SELECT id FROM pull_members ORDER BY id').map((r) => r.id)).toEqual([...expected].sort());
      expect(db.get<{ id: string }>("SELECT id FROM publication_facts WHERE customer_id = 'cust_d'")?.id).toBe('pub_listed');
      expect(cachedCounts(db, TARGET).publications).toBe(5);
      // The list item of the first publication replaces its exported row: still five.
      const item: Publication = {
        id: 'pub_spring1',
        object: 'publication',
        created_at: '2026-03-01T10:00:00.000Z',
        customer_id: 'cust_a',
        result: 'SUCCESS',
        voucher: { code: 'SPRING-1', object: 'voucher' },
      };
      await db.write((tx) => {
        const pullId = startPull(tx, TARGET, 'publications', {}, selectionKey({}), '2026-03-06T00:00:00.000Z');
        storeListed(tx, TARGET, [item], {}, pullId, '2026-03-06T00:00:00.000Z');
      });
      expect(cachedCounts(db, TARGET).publications).toBe(5);
      expect(db.get<{ n: number }>("SELECT COUNT(*) AS n FROM publication_facts WHERE id = 'pub_spring1' OR id = ?", [expected[0] as string])?.n).toBe(1);
      expect(db.get<{ id: string }>("SELECT id FROM publication_facts WHERE customer_id = 'cust_a'")?.id).toBe('pub_spring1');
    } finally {
      await db.close();
    }
  });
});
