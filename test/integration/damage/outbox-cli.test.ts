import { describe, expect, it } from 'vitest';
import { addProject, runBin, runJson } from '../cli/run-bin';
import { queueImport } from '../../../electron/operations/imports';
import { SyncEngine } from '../../../electron/sync/engine';
import { useTempDirs } from '../store/temp-dir';
import { batchOf, clientFor, codes, desk, sandbox } from '../sync/helpers';
import { loseRows, loseRowsIn } from './lost-rows';

// A queued import whose batch rows are gone (a library put back from an older copy) can still be
// cancelled through the real binary: the cancel is committed, so the command says what it could not
// list and exits 0. A retry is refused up front, naming the rows, since the request would only come
// back to needs attention.

const tempDir = useTempDirs();

describe('an outbox import whose batch rows are gone', () => {
  it('cancels, counts the codes not sent and exits 0 when the rows of a request are missing', async () => {
    const dir = tempDir();
    const at = ['--data-dir', dir];
    const batch = runJson<{ id: number }>([
      'batch',
      'create',
      'lost-list',
      '--type',
      'discount',
      '--defaults',
      '{"discount":{"type":"PERCENT","percent_off":10,"effect":"APPLY_TO_ORDER"}}',
      ...at,
    ]);
    runJson(['batch', 'generate', 'lost-list', '--count', '5', '--pattern', 'LOST-##', ...at]);
    addProject(at);
    const op = runJson<{ id: number; uid: string }>(['queue', 'import', 'lost-list', ...at]);
    await loseRowsIn(dir, batch.id, 1, 5);

    const cancel = runBin(['outbox', 'cancel', String(op.id), ...at]);
    expect(cancel.stderr).toBe('');
    expect(cancel.status).toBe(0);
    expect(cancel.stdout).toContain(`Cancelled operation ${op.id}: 5 codes not sent.`);
    const ops = runJson<{ id: number; state: string }[]>(['outbox', 'list', ...at]);
    expect(ops.find((o) => o.id === op.id)?.state).toBe('cancelled');
  });

  it('refuses to retry a request whose rows are missing, naming them, and changes nothing', async () => {
    const sb = await sandbox();
    const d = await desk();
    const batch = await batchOf(d, 'lost-retry', codes('LOSTR', 6));
    const op = await queueImport(d, String(batch), { format: 'json' });
    await loseRows(d.library, batch, 1, 6);
    await new SyncEngine({ outbox: d.outbox, client: clientFor(sb) }).run();
    expect(d.outbox.operation(op.id).state).toBe('needs_attention');
    await expect(d.outbox.retry(op.id)).rejects.toThrow(
      `Operation ${op.id} cannot be retried. The rows 1 to 6 of batch ${batch} that request 1 sends (operation ${op.id}) hold 0 of the 6 codes queued; it is not sent.`,
    );
    expect(d.outbox.operation(op.id).state).toBe('needs_attention');
    await new SyncEngine({ outbox: d.outbox, client: clientFor(sb) }).run();
    // The rows are read before the request leaves, so a request without them never left.
    expect(sb.requestLog().filter((r) => r.method === 'POST' && r.path === '/v1/vouchers/import')).toHaveLength(0);
  });
});
