import { describe, expect, it } from 'vitest';
import { BatchFrozenError } from '../../../shared/domain/batch-refusals';
import { queueImport } from '../../../electron/operations/imports';
import { PERCENT_DEFAULTS, useLibraries } from './library-fixture';

const libraries = useLibraries();

describe('undo and redo of batch edits (real library files)', () => {
  it('undoes and redoes adds, edits, deletes and defaults; each undo is on disk after a reopen', async () => {
    const dir = libraries.tempDir();
    const library = await libraries.open(dir);
    const { id } = await library.batches.create({ name: 'Undo', defaults: PERCENT_DEFAULTS });
    await library.drafts.add(id, [{ code: 'A' }, { code: 'B' }, { code: 'A' }]);
    await library.drafts.edit(id, 3, { code: 'C', set: { category: 'shoes' } });
    await library.drafts.delete(id, [1, 2]);
    await library.batches.setDefaults(id, { ...PERCENT_DEFAULTS, category: 'bags' });
    expect(library.history.state(id)).toEqual({ undo: 'change the defaults', redo: null });

    expect(await library.history.undo(id)).toBe('change the defaults');
    expect(library.batches.get(id).defaults).toEqual(PERCENT_DEFAULTS);
    expect(await library.history.undo(id)).toBe('delete 2 rows');
    expect(library.drafts.page(id).rows.map((r) => [r.row, r.code])).toEqual([
      [1, 'A'],
      [2, 'B'],
      [3, 'C'],
    ]);
    expect(await library.history.undo(id)).toBe('edit row 3');
    // Row 3 is A again: a duplicate of row 1, so invalid, as it was before the edit.
    const row3 = library.drafts.row(id, 3);
    expect([row3.code, row3.fields, row3.valid]).toEqual(['A', {}, false]);
    expect(library.history.state(id)).toEqual({ undo: 'add 3 rows', redo: 'edit row 3' });
    expect(await library.history.redo(id)).toBe('edit row 3');
    expect(library.drafts.row(id, 3)).toMatchObject({ code: 'C', fields: { category: 'shoes' }, valid: true });
    await library.close();

    const reopened = await libraries.open(dir);
    expect(reopened.drafts.page(id).rows.map((r) => [r.row, r.code])).toEqual([
      [1, 'A'],
      [2, 'B'],
      [3, 'C'],
    ]);
    expect(reopened.batches.get(id).defaults).toEqual(PERCENT_DEFAULTS);
    // The log belongs to the session that made the changes.
    expect(reopened.history.state(id)).toEqual({ undo: null, redo: null });
    expect(await reopened.history.undo(id)).toBeNull();
  });

  it('undoes a delete back into its row numbers, and a new change forgets the redo', async () => {
    const library = await libraries.open();
    const { id } = await library.batches.create({ name: 'Rows', defaults: PERCENT_DEFAULTS });
    await library.drafts.add(
      id,
      ['R1', 'R2', 'R3', 'R4'].map((code) => ({ code, category: code.toLowerCase() })),
    );
    await library.drafts.delete(id, [2, 4]);
    await library.history.undo(id);
    expect(library.drafts.page(id).rows.map((r) => `${r.row} ${r.code} ${String(r.fields['category'])}`)).toEqual(['1 R1 r1', '2 R2 r2', '3 R3 r3', '4 R4 r4']);
    await library.drafts.add(id, [{ code: 'R5' }]);
    expect(library.drafts.page(id).rows.at(-1)?.row).toBe(5);
    expect(library.history.state(id)).toEqual({ undo: 'add row 5', redo: null });
  });

  it('refuses to undo into a frozen batch with the typed error, and keeps the entry for later', async () => {
    const library = await libraries.open();
    const { id } = await library.batches.create({ name: 'Frozen', defaults: PERCENT_DEFAULTS });
    await library.drafts.add(id, [{ code: 'F1' }]);
    await library.drafts.edit(id, 1, { set: { category: 'x' } });
    const op = await queueImport({ library: library.db, outbox: library.outbox }, String(id), { format: 'json' });
    const refusal = await library.history.undo(id).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(BatchFrozenError);
    expect((refusal as BatchFrozenError).frozen).toEqual({
      batchId: id,
      batchName: 'Frozen',
      operationId: op.id,
      operationKind: 'import-json',
      operationWord: 'import',
      operationState: 'queued',
    });
    expect(library.history.state(id).undo).toBe('edit row 1');
    await library.outbox.cancel(op.id);
    expect(await library.history.undo(id)).toBe('edit row 1');
    expect(library.drafts.row(id, 1).fields).toEqual({});
  });
});
