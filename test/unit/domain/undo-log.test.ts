import { describe, expect, it } from 'vitest';
import { UndoLog } from '../../../shared/domain/undo-log';

describe('UndoLog', () => {
  const applied: string[] = [];
  const run = (how: string) => (entry: string) => {
    applied.push(`${how} ${entry}`);
    return Promise.resolve();
  };

  it('undoes newest first, redoes what was undone, and a new change forgets the redo', async () => {
    const log = new UndoLog<string>();
    log.record('a');
    log.record('b');
    expect(await log.undo(run('undo'))).toBe('b');
    expect(await log.undo(run('undo'))).toBe('a');
    expect(await log.undo(run('undo'))).toBeUndefined();
    expect(await log.redo(run('redo'))).toBe('a');
    expect([log.nextUndo, log.nextRedo]).toEqual(['a', 'b']);
    log.record('c');
    expect(log.nextRedo).toBeUndefined();
    expect(await log.redo(run('redo'))).toBeUndefined();
    expect(applied).toEqual(['undo b', 'undo a', 'redo a']);
  });

  it('keeps an entry whose undo failed, so it can be tried again', async () => {
    const log = new UndoLog<string>();
    log.record('edit');
    await expect(log.undo(() => Promise.reject(new Error('frozen')))).rejects.toThrow('frozen');
    expect(log.nextUndo).toBe('edit');
    expect(await log.undo(() => Promise.resolve())).toBe('edit');
    expect(log.nextRedo).toBe('edit');
  });

  it('runs undos one after another and keeps only the newest entries past its limit', async () => {
    const log = new UndoLog<number>(3);
    for (let i = 1; i <= 5; i++) log.record(i);
    const order: number[] = [];
    const slow = (n: number) => new Promise<void>((done) => setImmediate(() => (order.push(n), done())));
    const results = await Promise.all([log.undo(slow), log.undo(slow), log.undo(slow), log.undo(slow)]);
    expect(results).toEqual([5, 4, 3, undefined]);
    expect(order).toEqual([5, 4, 3]);
  });
});
