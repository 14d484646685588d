import { describe, expect, it } from 'vitest';
import { BatchError } from '../../../electron/batches/types';
import { PERCENT_DEFAULTS, useLibraries } from './library-fixture';

const libraries = useLibraries();

describe('batches', () => {
  it('creates, renames and lists batches, and keeps them across a reopen', async () => {
    const dir = libraries.tempDir();
    const library = await libraries.open(dir);
    const spring = await library.batches.create({ name: ' Spring sale ', defaults: PERCENT_DEFAULTS });
    expect(spring).toMatchObject({ name: 'Spring sale', rows: 0, deletedAt: null, defaults: PERCENT_DEFAULTS });
    await library.batches.create({ name: 'Winter' });
    await library.batches.rename(spring.id, 'Spring 2027');
    await library.close();

    const again = await libraries.open(dir);
    expect(again.batches.list().map((b) => b.name)).toEqual(['Spring 2027', 'Winter']);
    expect(again.batches.find('spring 2027').id).toBe(spring.id);
    expect(again.batches.find(String(spring.id)).name).toBe('Spring 2027');
  });

  it('refuses empty, numeric and taken names with a message naming the problem', async () => {
    const library = await libraries.open();
    const first = await library.batches.create({ name: 'Promo' });
    await expect(library.batches.create({ name: '  ' })).rejects.toThrow(/cannot be empty/);
    await expect(library.batches.create({ name: '42' })).rejects.toThrow(/only digits/);
    await expect(library.batches.create({ name: 'PROMO' })).rejects.toThrow(new RegExp(`already exists \\(batch ${first.id}\\)`));
    await expect(library.batches.create({ name: 'x', defaults: { code: 'A' } as never })).rejects.toThrow(/cannot set a code/);
    await expect(library.batches.create({ name: 'x', defaults: { colour: 'red' } as never })).rejects.toThrow(/cannot set "colour"/);
    expect(library.batches.list()).toHaveLength(1);
  });

  it('duplicates a batch with its rows under a free name', async () => {
    const library = await libraries.open();
    const source = await library.batches.create({ name: 'Base', defaults: PERCENT_DEFAULTS });
    await library.drafts.add(source.id, [{ code: 'A1' }, { code: 'A2', category: 'vip' }]);
    const copy = await library.batches.duplicate(source.id);
    const second = await library.batches.duplicate(source.id);
    expect([copy.name, second.name]).toEqual(['Base (copy)', 'Base (copy 2)']);
    expect(library.drafts.page(copy.id).rows.map((r) => [r.row, r.code, r.fields])).toEqual([
      [1, 'A1', {}],
      [2, 'A2', { category: 'vip' }],
    ]);
    await library.drafts.add(copy.id, [{ code: 'A3' }]);
    expect(library.batches.get(source.id).rows).toBe(2);
    expect(library.drafts.page(copy.id).rows.at(-1)?.row).toBe(3);
  });

  it('moves a deleted batch to the trash, restores it, and removes it for good when the trash is emptied', async () => {
    const dir = libraries.tempDir();
    const library = await libraries.open(dir);
    const batch = await library.batches.create({ name: 'Old', defaults: PERCENT_DEFAULTS });
    await library.drafts.add(batch.id, [{ code: 'OLD-1' }]);
    await library.batches.delete(batch.id);
    expect(library.batches.list()).toEqual([]);
    expect(library.batches.list({ trash: true }).map((b) => [b.name, b.rows])).toEqual([['Old', 1]]);
    await expect(library.drafts.add(batch.id, [{ code: 'X' }])).rejects.toThrow(/in the trash; restore it/);

    await library.batches.restore(batch.id);
    expect(library.batches.find('Old').rows).toBe(1);
    await library.batches.delete(batch.id);
    await library.batches.create({ name: 'Old' });
    await expect(library.batches.restore(batch.id)).rejects.toThrow(/named "Old" already exists/);

    expect(await library.batches.emptyTrash()).toBe(1);
    await library.close();
    const again = await libraries.open(dir);
    expect(again.batches.list({ trash: true })).toEqual([]);
    expect(again.db.get('SELECT count(*) AS n FROM drafts')).toEqual({ n: 0 });
    expect(again.db.get('SELECT count(*) AS n FROM field_sets')).toEqual({ n: 0 });
    expect(() => again.batches.get(batch.id)).toThrow(BatchError);
  });

  it('rows inherit new defaults and are checked again when the defaults change', async () => {
    const library = await libraries.open();
    const batch = await library.batches.create({ name: 'Gifts' });
    await library.drafts.add(batch.id, [{ code: 'G1' }, { code: 'G2', gift: { amount: 500 } }]);
    expect(library.drafts.counts(batch.id)).toEqual({ rows: 2, validRows: 0, invalidRows: 2 });

    await library.batches.setDefaults(batch.id, { type: 'GIFT_VOUCHER', gift: { amount: 1000 } });
    const rows = library.drafts.page(batch.id).rows;
    expect(rows.map((r) => [r.code, r.valid, r.draft['gift']])).toEqual([
      ['G1', true, { amount: 1000 }],
      ['G2', true, { amount: 500 }],
    ]);
    await library.batches.setDefaults(batch.id, { type: 'GIFT_VOUCHER', gift: { amount: -5 } });
    expect(library.drafts.counts(batch.id)).toEqual({ rows: 2, validRows: 1, invalidRows: 1 });
    expect(library.drafts.page(batch.id, { onlyInvalid: true }).rows[0]?.problems[0]).toMatchObject({ field: 'gift.amount', row: 1 });
  });
});
