import { describe, expect, it } from 'vitest';
import { seededRandomInt } from '../../../shared/domain/random';
import { PERCENT_DEFAULTS, useLibraries } from './library-fixture';

const libraries = useLibraries();

describe('code generation into a batch', () => {
  it('adds rows with new codes that inherit the batch defaults', async () => {
    const library = await libraries.open();
    const batch = await library.batches.create({ name: 'Gen', defaults: PERCENT_DEFAULTS });
    await library.drafts.add(batch.id, [{ code: 'KEEP' }]);
    const report = await library.generate(batch.id, { spec: { count: 500, pattern: 'SUMMER-######' } });
    expect(report).toMatchObject({ generated: 500, firstRow: 2, lastRow: 501, invalidRows: 0 });
    const page = library.drafts.page(batch.id, { codePrefix: 'SUMMER-', limit: 1000 });
    expect(page.total).toBe(500);
    expect(page.rows.every((r) => /^SUMMER-[0-9A-Za-z]{6}$/.test(r.code) && r.valid)).toBe(true);
    expect(page.rows[0]?.draft).toMatchObject(PERCENT_DEFAULTS);
  });

  it('never repeats a code kept anywhere in the library, even in the trash', async () => {
    const library = await libraries.open();
    const first = await library.batches.create({ name: 'First', defaults: PERCENT_DEFAULTS });
    const spec = { count: 60, length: 2, charset: 'numbers' as const };
    await library.generate(first.id, { spec, random: seededRandomInt(1) });
    await library.batches.delete(first.id);
    const second = await library.batches.create({ name: 'Second', defaults: PERCENT_DEFAULTS });
    const report = await library.generate(second.id, { spec: { ...spec, count: 40 }, random: seededRandomInt(1) });
    expect(report.generated).toBe(40);
    const all = library.db.all<{ code: string }>('SELECT code FROM drafts');
    expect(new Set(all.map((r) => r.code)).size).toBe(100);
    await expect(library.generate(second.id, { spec: { ...spec, count: 1 } })).rejects.toThrow(/Code generation/);
  });

  it('names the field of a spec that cannot work', async () => {
    const library = await libraries.open();
    const batch = await library.batches.create({ name: 'Gen' });
    await expect(library.generate(batch.id, { spec: { count: 0, length: 8 } })).rejects.toThrow(/Code generation: count/);
    expect(library.drafts.counts(batch.id).rows).toBe(0);
  });
});
