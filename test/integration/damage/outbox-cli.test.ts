import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addProject, runBin, runJson } from '../cli/run-bin';
import { queueImport } from '../../../electron/operations/imports';
import { SyncEngine } from '../../../electron/sync/engine';
import { useTempDirs } from '../store/temp-dir';
import { batchOf, clientFor, codes, desk, sandbox } from '../sync/helpers';

// A queued import whose saved code list is gone can still be cancelled through the real binary:
// the cancel is committed, so the command says what it could not list and exits 0. A retry is
// refused up front, naming the file, since the request would only come back to needs attention.

const tempDir = useTempDirs();

describe('an outbox import with a lost code list', () => {
  it('cancels, counts the codes not sent and exits 0 when the codes.json of a request is missing', () => {
    const dir = tempDir();
    const at = ['--data-dir', dir];
    runJson([
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
    const folder = join(dir, 'outbox-bodies', op.uid);
    const list = readdirSync(folder).find((name) => name.endsWith('.codes.json'));
    rmSync(join(folder, list ?? 'none'));

    const cancel = runBin(['outbox', 'cancel', String(op.id), ...at]);
    expect(cancel.stderr).toBe('');
    expect(cancel.status).toBe(0);
    expect(cancel.stdout).toContain(`Cancelled operation ${op.id}: 5 codes not sent.`);
    const ops = runJson<{ id: number; state: string }[]>(['outbox', 'list', ...at]);
    expect(ops.find((o) => o.id === op.id)?.state).toBe('cancelled');
  });

  it('refuses to retry a request whose codes.json is missing, naming the file, and changes nothing', async () => {
    const sb = await sandbox();
    const d = await desk();
    const batch = await batchOf(d, 'lost-retry', codes('LOSTR', 6));
    const op = await queueImport(d, String(batch), { format: 'json' });
    const folder = join(d.dir, 'outbox-bodies', op.uid);
    const list = join(folder, readdirSync(folder).find((name) => name.endsWith('.codes.json')) ?? 'none');
    rmSync(list);
    await new SyncEngine({ outbox: d.outbox, client: clientFor(sb) }).run();
    expect(d.outbox.operation(op.id).state).toBe('needs_attention');
    await expect(d.outbox.retry(op.id)).rejects.toThrow(`Operation ${op.id} cannot be retried. The saved request file ${list}`);
    expect(d.outbox.operation(op.id).state).toBe('needs_attention');
    await new SyncEngine({ outbox: d.outbox, client: clientFor(sb) }).run();
    // The code list is checked before the request leaves, so a request without one never left.
    expect(sb.requestLog().filter((r) => r.method === 'POST' && r.path === '/v1/vouchers/import')).toHaveLength(0);
  });
});
