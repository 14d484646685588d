import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PERCENT_DEFAULTS, useLibraries } from './library-fixture';

const libraries = useLibraries();

describe('CSV export', () => {
  it('writes the valid rows in the service import format, and the file imports back to the same vouchers', async () => {
    const dir = libraries.tempDir();
    const library = await libraries.open(dir);
    const batch = await library.batches.create({ name: 'Out', defaults: { ...PERCENT_DEFAULTS, metadata: { channel: 'mail' } } });
    await library.drafts.add(batch.id, [
      { code: 'E-1' },
      { code: 'E-2', category: 'a, "quoted" one', metadata: { shop: 'north' } },
      { code: 'E-3', discount: { type: 'PERCENT', percent_off: 500, effect: 'APPLY_TO_ORDER' } },
      { code: 'E-4', type: 'GIFT_VOUCHER', gift: { amount: 2500 } },
    ]);
    const file = join(dir, 'out.csv');
    const progress: number[] = [];
    const report = await library.exportCsvToFile(batch.id, file, { onProgress: (rows) => progress.push(rows) });
    expect(report).toEqual({ rows: 3, skippedInvalid: 1, lossyRows: 0, lostFields: [] });
    expect(progress.at(-1)).toBe(3);
    const text = readFileSync(file, 'utf8');
    const lines = text.split('\r\n');
    expect(lines[0]).toMatch(/^Code,Voucher Type,Value,Discount Type,.*,channel,shop$/);
    expect(lines[2]).toContain('"a, ""quoted"" one"');
    expect(readdirSync(dir).filter((name) => name.includes('.tmp-'))).toEqual([]);

    const back = await library.batches.create({ name: 'Back' });
    expect(await library.importCsv(back.id, file)).toMatchObject({ stored: 3, rejectedCount: 0 });
    const original = library.drafts
      .page(batch.id, { limit: 10 })
      .rows.filter((r) => r.valid)
      .map((r) => r.draft);
    const reimported = library.drafts.page(back.id).rows.map((r) => r.draft);
    expect(reimported).toEqual(original);
  });

  it('keeps codes and texts that a spreadsheet would read as formulas byte for byte: the file goes back to the service', async () => {
    const dir = libraries.tempDir();
    const library = await libraries.open(dir);
    const batch = await library.batches.create({ name: 'Formulas', defaults: PERCENT_DEFAULTS });
    // The service's codes are "letters, digits and special characters"; these are only flagged for URL encoding.
    const codes = ['=SUM-1', '-ABC', '+1', '@home'];
    await library.drafts.add(
      batch.id,
      codes.map((code) => ({ code, category: `${code[0] ?? ''}cat`, metadata: { note: `${code[0] ?? ''}1+1` } })),
    );
    const file = join(dir, 'formulas.csv');
    expect(await library.exportCsvToFile(batch.id, file)).toMatchObject({ rows: codes.length, skippedInvalid: 0 });
    const lines = readFileSync(file, 'utf8').split('\r\n').slice(1, -1);
    expect(lines.map((line) => line.split(',')[0])).toEqual(codes);
    expect(lines.map((line) => line.split(',')[4])).toEqual(['=cat', '-cat', '+cat', '@cat']);
    expect(lines.map((line) => line.split(',').at(-1))).toEqual(['=1+1', '-1+1', '+1+1', '@1+1']);
    expect(readFileSync(file, 'utf8')).not.toContain("'");

    const back = await library.batches.create({ name: 'Formulas back' });
    expect(await library.importCsv(back.id, file)).toMatchObject({ stored: codes.length, rejectedCount: 0 });
    expect(library.drafts.page(back.id).rows.map((r) => r.draft)).toEqual(library.drafts.page(batch.id).rows.map((r) => r.draft));
  });

  it('reports fields the CSV format cannot carry', async () => {
    const library = await libraries.open();
    const batch = await library.batches.create({ name: 'Lossy', defaults: PERCENT_DEFAULTS });
    await library.drafts.add(batch.id, [{ code: 'L-1', validity_day_of_week: [1, 2] }, { code: 'L-2' }]);
    const pieces: string[] = [];
    const report = await library.exportCsv(batch.id, (piece) => void pieces.push(piece));
    expect(report).toMatchObject({ rows: 2, lossyRows: 1, lostFields: ['validity_day_of_week'] });
    expect(pieces.join('').split('\r\n').filter(Boolean)).toHaveLength(3);
  });

  it('leaves an existing file untouched when the export fails', async () => {
    const dir = libraries.tempDir();
    const library = await libraries.open(dir);
    const file = join(dir, 'keep.csv');
    writeFileSync(file, 'previous');
    await expect(library.exportCsvToFile(999, file)).rejects.toThrow(/no batch 999/);
    expect(readFileSync(file, 'utf8')).toBe('previous');
  });
});
