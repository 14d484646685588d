import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { LibraryServices } from '../../../electron/desk/library';
import type { DraftQuery } from '../../../electron/batches/types';
import { writeFixtureCsv } from './csv-fixture';
import { useLibraries } from './library-fixture';

const libraries = useLibraries();
const ROWS = 6_000;
const bad = new Set(Array.from({ length: ROWS }, (_, i) => i + 1).filter((row) => row % 7 === 0));

// The rows a page held before deep pages seeked: the plain OFFSET query, written out here.
function offsetPage(library: LibraryServices, batchId: number, query: DraftQuery): string[] {
  const conditions = ['batch_id = ?'];
  const params: (string | number)[] = [batchId];
  if (query.onlyInvalid) conditions.push('valid = 0');
  if (query.codePrefix) {
    conditions.push('code >= ? AND code < ? || char(1114111)');
    params.push(query.codePrefix, query.codePrefix);
  }
  const order = query.sort === 'code' ? 'code, row_no' : 'row_no';
  return library.db
    .all<{ row_no: number; code: string }>(`SELECT row_no, code FROM drafts WHERE ${conditions.join(' AND ')} ORDER BY ${order} LIMIT ? OFFSET ?`, [
      ...params,
      query.limit ?? 100,
      query.offset ?? 0,
    ])
    .map((row) => `${row.row_no} ${row.code}`);
}

function expectSameAsOffset(library: LibraryServices, batchId: number, queries: DraftQuery[]): number {
  let compared = 0;
  for (const query of queries) {
    const page = library.drafts.page(batchId, query);
    expect(
      page.rows.map((row) => `${row.row} ${row.code}`),
      JSON.stringify(query),
    ).toEqual(offsetPage(library, batchId, query));
    compared += page.rows.length;
  }
  return compared;
}

function deepQueries(total: number): DraftQuery[] {
  const offsets = [0, 1, 99, 1023, 1024, 1025, 2047, 2048, 3000, total - 150, total - 100, total - 1, total, total + 10];
  const shapes: DraftQuery[] = [
    {},
    { sort: 'code' },
    { onlyInvalid: true },
    { onlyInvalid: true, sort: 'code' },
    { codePrefix: 'CODE-0000' },
    { codePrefix: 'CODE-0000', sort: 'code' },
    { codePrefix: 'Z' },
  ];
  return shapes.flatMap((shape) => offsets.filter((offset) => offset >= 0).map((offset) => ({ ...shape, offset, limit: 100 })));
}

describe('deep pages', () => {
  it('return the same rows as an OFFSET query, with and without gaps in the row numbers', async () => {
    const csv = join(libraries.tempDir(), 'in.csv');
    await writeFixtureCsv(csv, ROWS, bad);
    const library = await libraries.open();
    const other = await library.batches.create({ name: 'Other' });
    await library.importCsv(other.id, csv, { mode: 'keep-all' });
    const batch = await library.batches.create({ name: 'Pages' });
    await library.importCsv(batch.id, csv, { mode: 'keep-all' });
    // Codes out of row order, some sharing a code (duplicates are kept as invalid rows).
    await library.drafts.add(
      batch.id,
      Array.from({ length: 1_500 }, (_, i) => ({ code: `Z-${String((i * 7919) % 1_000).padStart(4, '0')}` })),
    );
    const before = expectSameAsOffset(library, batch.id, deepQueries(ROWS + 1_500));
    expect(before).toBeGreaterThan(5_000);

    const gaps = Array.from({ length: ROWS + 1_500 }, (_, i) => i + 1).filter((row) => row % 5 === 0 || (row > 2_000 && row < 2_600));
    expect(await library.drafts.delete(batch.id, gaps)).toBe(gaps.length);
    const after = expectSameAsOffset(library, batch.id, deepQueries(ROWS + 1_500 - gaps.length));
    expect(after).toBeGreaterThan(5_000);
    // A page right after a change sees it: the seek points are found again after every commit.
    await library.drafts.delete(batch.id, [1, 2, 3]);
    expectSameAsOffset(library, batch.id, [{ offset: 3_000 }, { offset: 3_000, sort: 'code' }]);
  });

  it('read only the invalid rows through their index, never walking the batch', async () => {
    const csv = join(libraries.tempDir(), 'in.csv');
    // More invalid rows than one seek step, so a deep page seeks among them too.
    const everyThird = new Set(Array.from({ length: ROWS / 3 }, (_, i) => 3 * (i + 1)));
    await writeFixtureCsv(csv, ROWS, everyThird);
    const library = await libraries.open();
    const batch = await library.batches.create({ name: 'Invalid' });
    await library.importCsv(batch.id, csv, { mode: 'keep-all' });
    const asked: { sql: string; params: readonly unknown[] }[] = [];
    const all = library.db.all.bind(library.db);
    const get = library.db.get.bind(library.db);
    // Passed through to the real database; only the statements asked are noted.
    vi.spyOn(library.db, 'all').mockImplementation((sql, params) => {
      asked.push({ sql, params: params ?? [] });
      return all(sql, params);
    });
    vi.spyOn(library.db, 'get').mockImplementation((sql, params) => {
      asked.push({ sql, params: params ?? [] });
      return get(sql, params);
    });
    const first = library.drafts.page(batch.id, { onlyInvalid: true, limit: 100 });
    const deep = library.drafts.page(batch.id, { onlyInvalid: true, offset: 1_500, limit: 100 });
    vi.restoreAllMocks();
    expect(first.total).toBe(everyThird.size);
    expect(first.rows[0]?.row).toBe(3);
    expect(deep.rows.map((row) => row.row)).toEqual(Array.from({ length: 100 }, (_, i) => 3 * (1_501 + i)));
    const plans = asked
      .filter(({ sql }) => /FROM drafts/.test(sql))
      .map(({ sql, params }) => library.db.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${sql}`, params as (string | number)[]).map((step) => step.detail));
    expect(plans.length).toBeGreaterThanOrEqual(3);
    for (const plan of plans) {
      expect(plan.join('; ')).toMatch(/drafts USING (COVERING )?INDEX drafts_invalid/);
      expect(plan.join('; ')).not.toMatch(/drafts USING PRIMARY KEY|SCAN drafts/);
    }
  });
});
