import { describe, expect, it } from 'vitest';
import { queueImport } from '../../../electron/operations/imports';
import { SyncEngine } from '../../../electron/sync/engine';
import { batchOf, clientFor, codes, desk, sandbox } from './helpers';

describe('sync progress', () => {
  it('counts the codes of this sync only, not every operation the outbox still lists', async () => {
    const sb = await sandbox();
    const d = await desk();
    const client = clientFor(sb);
    await queueImport(d, String(await batchOf(d, 'first', codes('FST', 6))), { format: 'json' });
    const first = new SyncEngine({ outbox: d.outbox, client });
    expect((await first.run()).state).toBe('finished');
    expect(first.progress().codes).toEqual({ total: 6, done: 6, present: 0, failed: 0 });

    const second = await queueImport(d, String(await batchOf(d, 'second', codes('SND', 4))), { format: 'json' });
    expect(first.progress().codes).toMatchObject({ total: 10, done: 6 });
    expect((await first.run()).state).toBe('finished');
    expect(first.progress().codes).toEqual({ total: 4, done: 4, present: 0, failed: 0 });
    expect(d.outbox.operation(second.id).state).toBe('done');

    // A new engine (the next `voucher-desk sync`) counts only what it sends.
    await queueImport(d, String(await batchOf(d, 'third', codes('THD', 3))), { format: 'json' });
    const next = new SyncEngine({ outbox: d.outbox, client });
    expect((await next.run()).state).toBe('finished');
    expect(next.progress().codes).toEqual({ total: 3, done: 3, present: 0, failed: 0 });
    expect(next.progress().operations).toMatchObject({ done: 1, queued: 0 });
  });
});
