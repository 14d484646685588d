// The Outbox view's channels, through the real handlers and the contract's own schemas: the values an
// add-to-campaign would drop, and per operation what this sync did, what was already there, what failed.
import { describe, expect, it } from 'vitest';
import { libraryServices } from '../../../electron/desk/library';
import { outboxHandlers } from '../../../electron/host/handlers/outbox';
import { SyncEngine } from '../../../electron/sync/engine';
import { outboxContract } from '../../../shared/ipc/outbox';
import { otherImport } from './fault-matrix/world';
import { batchOf, clientFor, codes, desk, sandbox, sandboxConnection } from './helpers';

describe('outbox channels', () => {
  it('lists the values add-to-campaign would drop, queues only once they are accepted, and reports codes already there', async () => {
    const sb = await sandbox();
    const d = await desk();
    const { connection } = await sandboxConnection(d, sb);
    const handlers = outboxHandlers(async () => libraryServices(d.library, d.outbox), connection) as Required<ReturnType<typeof outboxHandlers>>;
    const list = codes('CHAN', 6);
    const batchId = await batchOf(d, 'channels', list);

    const dropped = outboxContract['outbox.droppedValues'].response.parse(await handlers['outbox.droppedValues']({ batchId }));
    expect(dropped.map((v) => v.field)).toEqual(['type', 'discount']);
    expect(dropped[1]).toMatchObject({ example: expect.stringContaining('"percent_off":10'), rows: 6 });
    await expect(handlers['outbox.queueBatch']({ batchId, operation: 'add-to-campaign', campaignId: 'camp_summersale01' })).rejects.toThrow(
      /type .*discount .*--drop-values/,
    );
    const add = await handlers['outbox.queueBatch']({ batchId, operation: 'add-to-campaign', campaignId: 'camp_summersale01', dropValues: true });
    await handlers['outbox.cancel']({ opId: add.id });

    await otherImport(sb, sb.addKey(), [list[4] as string]);
    const op = await handlers['outbox.queueBatch']({ batchId, operation: 'import-json' });
    expect((await new SyncEngine({ outbox: d.outbox, client: clientFor(sb) }).run()).state).toBe('finished');
    const views = outboxContract['outbox.list'].response.parse(await handlers['outbox.list']({}));
    expect(views.find((v) => v.id === op.id)).toMatchObject({ state: 'done', applied: 5, present: 1, failures: 0 });
    const present = outboxContract['outbox.present'].response.parse(await handlers['outbox.present']({ opId: op.id, offset: 0, limit: 10 }));
    expect(present).toEqual({ total: 1, codes: [{ idx: 0, row: 5, code: list[4], reason: expect.stringMatching(/already exists/) }] });
  });
});
