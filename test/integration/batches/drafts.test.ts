import { describe, expect, it } from 'vitest';
import { PERCENT_DEFAULTS, useLibraries } from './library-fixture';

const libraries = useLibraries();

describe('draft rows', () => {
  it('adds rows that inherit the defaults, overrides per row, and unsets an override', async () => {
    const library = await libraries.open();
    const batch = await library.batches.create({ name: 'B', defaults: { ...PERCENT_DEFAULTS, metadata: { source: 'fair', tier: 'basic' } } });
    const [plain, special] = await library.drafts.add(batch.id, [
      { code: 'P-1' },
      { code: 'P-2', discount: { type: 'AMOUNT', amount_off: 500, effect: 'APPLY_TO_ORDER' }, metadata: { tier: 'gold' } },
    ]);
    expect(plain?.draft).toEqual({ code: 'P-1', ...PERCENT_DEFAULTS, metadata: { source: 'fair', tier: 'basic' } });
    expect(special?.draft['discount']).toEqual({ type: 'AMOUNT', amount_off: 500, effect: 'APPLY_TO_ORDER' });
    expect(special?.draft['metadata']).toEqual({ source: 'fair', tier: 'gold' });

    const edited = await library.drafts.edit(batch.id, 2, { unset: ['discount'], set: { category: 'vip' } });
    expect(edited.fields).toEqual({ metadata: { tier: 'gold' }, category: 'vip' });
    expect(edited.draft['discount']).toEqual(PERCENT_DEFAULTS.discount);
    expect(edited.valid).toBe(true);
  });

  it('marks a repeated code in every row after the first, and clears it when the repeat goes', async () => {
    const library = await libraries.open();
    const batch = await library.batches.create({ name: 'B', defaults: PERCENT_DEFAULTS });
    await library.drafts.add(batch.id, [{ code: 'SAME' }, { code: 'OTHER' }, { code: 'SAME' }]);
    const third = library.drafts.row(batch.id, 3);
    expect(third.valid).toBe(false);
    expect(third.problems).toEqual([expect.objectContaining({ field: 'code', row: 3, message: expect.stringContaining('row 1') })]);
    expect(library.drafts.row(batch.id, 1).valid).toBe(true);

    await library.drafts.edit(batch.id, 1, { code: 'RENAMED' });
    expect(library.drafts.row(batch.id, 3).valid).toBe(true);
    await library.drafts.edit(batch.id, 2, { code: 'RENAMED' });
    expect(library.drafts.row(batch.id, 2).valid).toBe(false);
    expect(await library.drafts.delete(batch.id, [1, 99])).toBe(1);
    expect(library.drafts.row(batch.id, 2).valid).toBe(true);
    expect(library.drafts.counts(batch.id)).toEqual({ rows: 2, validRows: 2, invalidRows: 0 });
  });

  it('stores each row with its problems and reports an invalid edit without losing the row', async () => {
    const library = await libraries.open();
    const batch = await library.batches.create({ name: 'B', defaults: PERCENT_DEFAULTS });
    await library.drafts.add(batch.id, [{ code: 'OK-1' }]);
    const bad = await library.drafts.edit(batch.id, 1, { set: { discount: { type: 'PERCENT', percent_off: 150, effect: 'APPLY_TO_ORDER' } } });
    expect(bad.valid).toBe(false);
    expect(bad.problems[0]).toMatchObject({ field: 'discount.percent_off', value: 150, severity: 'error' });
    await expect(library.drafts.edit(batch.id, 7, { code: 'X' })).rejects.toThrow(/has no row 7/);
  });

  it('pages rows by offset and limit, by code prefix, by invalid state and sorted by code', async () => {
    const library = await libraries.open();
    const batch = await library.batches.create({ name: 'B', defaults: PERCENT_DEFAULTS });
    const codes = ['BETA-2', 'ALPHA-1', 'BETA-1', 'ALPHA-3', 'GAMMA', 'ALPHA-2'];
    await library.drafts.add(
      batch.id,
      codes.map((code) =>
        code === 'ALPHA-3' || code === 'GAMMA' ? { code, discount: { type: 'PERCENT', percent_off: -1, effect: 'APPLY_TO_ORDER' } } : { code },
      ),
    );
    const page = library.drafts.page(batch.id, { offset: 2, limit: 2 });
    expect(page).toMatchObject({ total: 6, offset: 2, limit: 2 });
    expect(page.rows.map((r) => [r.row, r.code])).toEqual([
      [3, 'BETA-1'],
      [4, 'ALPHA-3'],
    ]);
    const alpha = library.drafts.page(batch.id, { codePrefix: 'ALPHA', sort: 'code' });
    expect(alpha.total).toBe(3);
    expect(alpha.rows.map((r) => r.code)).toEqual(['ALPHA-1', 'ALPHA-2', 'ALPHA-3']);
    const invalid = library.drafts.page(batch.id, { onlyInvalid: true });
    expect(invalid.rows.map((r) => r.code)).toEqual(['ALPHA-3', 'GAMMA']);
    expect(library.drafts.page(batch.id, { onlyInvalid: true, codePrefix: 'ALPHA' }).total).toBe(1);
    await library.drafts.add(batch.id, [{ code: 'ALPHA-4' }]);
    expect(library.drafts.page(batch.id, { codePrefix: 'ALPHA', sort: 'code' }).total).toBe(4);
    expect(() => library.drafts.page(batch.id, { limit: 5000 })).toThrow(/limit must be a whole number from 1 to 1000/);
    expect(() => library.drafts.page(batch.id, { offset: -1 })).toThrow(/offset/);
  });
});
