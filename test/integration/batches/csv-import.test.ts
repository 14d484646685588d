import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ImportProgress, RejectedRow } from '../../../electron/batches/csv-import';
import { CSV_HEADER, fixtureCode, writeFixtureCsv } from './csv-fixture';
import { PERCENT_DEFAULTS, useLibraries } from './library-fixture';

const libraries = useLibraries();

describe('CSV import', () => {
  it('streams a file into a batch with progress, and the rows survive a reopen', async () => {
    const dir = libraries.tempDir();
    const csv = join(libraries.tempDir(), 'in.csv');
    await writeFixtureCsv(csv, 30_000);
    const library = await libraries.open(dir);
    const batch = await library.batches.create({ name: 'Big' });
    const progress: ImportProgress[] = [];
    const report = await library.importCsv(batch.id, csv, { onProgress: (p) => progress.push(p) });
    expect(report).toMatchObject({ rowsRead: 30_000, stored: 30_000, rejectedCount: 0, firstRow: 1, lastRow: 30_000, stoppedAtRow: null });
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.at(-1)).toMatchObject({ phase: 'saving', rowsRead: 30_000 });
    expect(progress.at(-2)?.bytesRead).toBe(progress.at(-2)?.totalBytes);
    await library.close();

    const again = await libraries.open(dir);
    expect(again.drafts.counts(batch.id)).toEqual({ rows: 30_000, validRows: 30_000, invalidRows: 0 });
    const row = again.drafts.row(batch.id, 12_345);
    expect(row.draft).toMatchObject({
      code: fixtureCode(12_345),
      type: 'DISCOUNT_VOUCHER',
      discount: { type: 'PERCENT', percent_off: (12_345 % 90) + 5 },
      metadata: { region: 'south' },
    });
  });

  it('stops at the first error and stores nothing, naming the row, field and what is allowed', async () => {
    const dir = libraries.tempDir();
    const csv = join(dir, 'in.csv');
    await writeFixtureCsv(csv, 5000, new Set([4000, 4500]));
    const library = await libraries.open(dir);
    const batch = await library.batches.create({ name: 'B' });
    const report = await library.importCsv(batch.id, csv, { mode: 'stop-at-first-error' });
    expect(report).toMatchObject({ stored: 0, stoppedAtRow: 4000, rejectedCount: 1 });
    expect(report.rejected[0]).toMatchObject({ row: 4000, code: fixtureCode(4000) });
    expect(report.rejected[0]?.problems[0]).toMatchObject({ field: 'discount.percent_off', value: 250 });
    expect(report.rejected[0]?.problems[0]?.allowed).toMatch(/100/);
    expect(library.drafts.counts(batch.id).rows).toBe(0);
  });

  it('keeps the valid rows and reports each rejected one, or keeps all with their problems', async () => {
    const dir = libraries.tempDir();
    const csv = join(dir, 'in.csv');
    await writeFixtureCsv(csv, 1000, new Set([10, 20]));
    const library = await libraries.open(dir);
    const skip = await library.batches.create({ name: 'Skip' });
    const seen: RejectedRow[] = [];
    const report = await library.importCsv(skip.id, csv, { mode: 'skip-invalid', onRejected: (r) => seen.push(r), reportLimit: 1 });
    expect(report).toMatchObject({ rowsRead: 1000, stored: 998, rejectedCount: 2, storedInvalid: 0 });
    expect(report.rejected.map((r) => r.row)).toEqual([10]);
    expect(seen.map((r) => r.row)).toEqual([10, 20]);
    expect(library.drafts.page(skip.id, { codePrefix: fixtureCode(10) }).total).toBe(0);

    const all = await library.batches.create({ name: 'All' });
    const kept = await library.importCsv(all.id, csv, { mode: 'keep-all' });
    expect(kept).toMatchObject({ stored: 1000, storedInvalid: 2 });
    expect(library.drafts.page(all.id, { onlyInvalid: true }).rows.map((r) => r.row)).toEqual([10, 20]);
  });

  it('rejects codes already in the batch or repeated in the file, and numbers new rows after the existing ones', async () => {
    const dir = libraries.tempDir();
    const csv = join(dir, 'in.csv');
    writeFileSync(csv, `${CSV_HEADER}\nNEW-1,DISCOUNT_VOUCHER,5,PERCENT,,,,,\nOLD-1,DISCOUNT_VOUCHER,5,PERCENT,,,,,\nNEW-1,DISCOUNT_VOUCHER,5,PERCENT,,,,,\n`);
    const library = await libraries.open(dir);
    const batch = await library.batches.create({ name: 'B', defaults: PERCENT_DEFAULTS });
    await library.drafts.add(batch.id, [{ code: 'OLD-1' }]);
    const report = await library.importCsv(batch.id, csv, { mode: 'skip-invalid' });
    expect(report).toMatchObject({ stored: 1, firstRow: 2, lastRow: 2 });
    expect(report.rejected.map((r) => [r.row, r.problems[0]?.message])).toEqual([
      [2, expect.stringContaining('already appears in row 1')],
      [3, expect.stringContaining('already appears in row 2')],
    ]);
  });

  it('takes the voucher type from the batch defaults when the file has no type column', async () => {
    const dir = libraries.tempDir();
    const csv = join(dir, 'in.csv');
    writeFileSync(csv, 'Code,Category\nA-1,shoes\nA-2,\n');
    const library = await libraries.open(dir);
    const typed = await library.batches.create({ name: 'Typed', defaults: PERCENT_DEFAULTS });
    expect(await library.importCsv(typed.id, csv)).toMatchObject({ stored: 2, rejectedCount: 0 });
    expect(library.drafts.row(typed.id, 1).draft).toMatchObject({ code: 'A-1', category: 'shoes', ...PERCENT_DEFAULTS });

    const untyped = await library.batches.create({ name: 'Untyped' });
    const report = await library.importCsv(untyped.id, csv, { mode: 'keep-all' });
    expect(report.stored).toBe(0);
    expect(report.headerProblems).toEqual([expect.objectContaining({ message: expect.stringContaining('no Voucher Type column') })]);
  });

  it('names a file that cannot be read', async () => {
    const library = await libraries.open();
    const batch = await library.batches.create({ name: 'B' });
    await expect(library.importCsv(batch.id, '/nonexistent/file.csv')).rejects.toThrow(/Cannot read the CSV file \/nonexistent\/file\.csv/);
  });

  it('gives each row the fields of its own cells when rows share cells, even cells holding control characters', async () => {
    const csv = join(libraries.tempDir(), 'shared.csv');
    const lines = [
      'Code,Voucher Type,Value,Discount Type,Category,region',
      'A1,DISCOUNT_VOUCHER,10,PERCENT,"x\u0001y",z',
      'A2,DISCOUNT_VOUCHER,10,PERCENT,x,"y\u0001z"',
      'A3,DISCOUNT_VOUCHER,10,PERCENT,"x\u0001y",z',
      'A4,DISCOUNT_VOUCHER,20,PERCENT,x,z',
      'A5,DISCOUNT_VOUCHER,20,PERCENT,x,z',
      'A6,DISCOUNT_VOUCHER, 20,PERCENT,x,z',
    ];
    writeFileSync(csv, lines.join('\n'));
    const library = await libraries.open();
    const batch = await library.batches.create({ name: 'Shared' });
    expect(await library.importCsv(batch.id, csv)).toMatchObject({ stored: 6, rejectedCount: 0 });
    const fields = [1, 2, 3, 4, 5, 6].map((row) => library.drafts.row(batch.id, row).fields);
    expect(
      fields.map((f) => [f['category'], (f['metadata'] as Record<string, string>)['region'], (f['discount'] as { percent_off: number }).percent_off]),
    ).toEqual([
      ['x\u0001y', 'z', 10],
      ['x', 'y\u0001z', 10],
      ['x\u0001y', 'z', 10],
      ['x', 'z', 20],
      ['x', 'z', 20],
      ['x', 'z', 20],
    ]);
    // Rows 4 to 6 set the same fields (" 20" reads as 20), so they are stored once.
    const sets = library.db.all<{ set_id: number }>('SELECT set_id FROM drafts WHERE batch_id = ? ORDER BY row_no', [batch.id]).map((r) => r.set_id);
    expect(new Set(sets).size).toBe(3);
  });
});
