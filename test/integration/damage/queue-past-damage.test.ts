import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { queueImport } from '../../../electron/operations/imports';
import { queueDelete } from '../../../electron/operations/delete';
import { keysForSandbox, spawnBin, spawnJson } from '../cli-inspect/spawn-bin';
import { batchOf, clientFor, codes, codesOnService, desk, sandbox, tempDir } from '../sync/helpers';
import { loseRows, loseRowsIn } from './lost-rows';

// One queued import whose batch rows are gone (a library put back from an older copy) must not stop anything else: queueing another
// batch reads every open operation's codes (to order operations on the same codes), and a sync runs
// every operation free to go. The damaged one is named and waits for attention; the rest goes out.

const env = { VOUCHER_DESK_KEYCHAIN_SERVICE: `voucher-desk-damage-test-${randomUUID()}`, VOUCHER_DESK_PROJECT: '' };

async function ok(args: readonly string[]): Promise<string> {
  const result = await spawnBin(args, { env });
  expect(result.status, `${args.join(' ')}: ${result.stderr}`).toBe(0);
  return result.stdout;
}

/** A batch of `count` generated codes with a percent discount, made through the binary. */
async function percentBatch(name: string, pattern: string, count: number, at: readonly string[]): Promise<void> {
  const defaults = { discount: { type: 'PERCENT', percent_off: 10, effect: 'APPLY_TO_ORDER' } };
  await ok(['batch', 'create', name, '--type', 'discount', '--defaults', JSON.stringify(defaults), ...at]);
  await ok(['batch', 'generate', name, '--count', String(count), '--pattern', pattern, ...at]);
}

async function batchCodes(name: string, at: readonly string[]): Promise<string[]> {
  const shown = await spawnJson<{ page: { rows: { code: string }[] } }>(['batch', 'show', name, ...at], { env });
  return shown.page.rows.map((row) => row.code);
}

interface RequestShown {
  state: string;
  lastError: { name: string; message: string } | null;
}

describe('a queued import whose batch rows are missing', () => {
  it('is set aside for attention while another batch is queued and synced', async () => {
    if (!process.env.DBUS_SESSION_BUS_ADDRESS)
      throw new Error('No D-Bus session: run this through `npm test -- test/integration/damage`, which starts a private keyring');
    const sb = await sandbox();
    const url = sb.urls[sb.hostCluster];
    const dir = tempDir();
    const at = ['--data-dir', dir];
    const forgetKeys = await keysForSandbox(url, sb.credentials, env, at);
    try {
      await percentBatch('damaged', 'DMG-####', 5, at);
      await percentBatch('healthy', 'OK-####', 6, at);
      const first = await spawnJson<{ id: number; uid: string }>(['queue', 'import', 'damaged', ...at], { env });
      const damaged = await batchCodes('damaged', at);
      expect(damaged).toHaveLength(5);
      await loseRowsIn(dir, 1, 1, 5);
      const lost = `The rows 1 to 5 of batch 1 that request 1 sends (operation ${first.id}) hold 0 of the 5 codes queued; it is not sent`;

      const second = await spawnBin(['queue', 'import', 'healthy', ...at], { env });
      expect(second.stderr).toBe('');
      expect(second.status).toBe(0);
      expect(second.stdout).toContain(`Queued operation 2 for ${url} (production, local sandbox ${url}): import of batch 2`);
      expect(second.stdout).toContain(`Operation ${first.id} needs attention: ${lost}`);
      const ops = await spawnJson<{ id: number; state: string; dependsOn: number[] }[]>(['outbox', ...at], { env });
      expect(ops.map(({ id, state, dependsOn }) => ({ id, state, dependsOn }))).toEqual([
        { id: first.id, state: 'needs_attention', dependsOn: [] },
        { id: 2, state: 'queued', dependsOn: [] },
      ]);

      const synced = await ok(['sync', '--target', url, '--yes', ...at]);
      expect(synced).toMatch(/Sync finished\./);
      expect(synced).toMatch(new RegExp(`\\n *${first.id} +import-\\w+ +needs_attention\\n`));

      // The sandbox's own record: one import request went out, with the healthy batch's codes only.
      const imports = sb.requestLog().filter((r) => r.method === 'POST' && r.path.startsWith('/v1/vouchers/import'));
      expect(imports).toHaveLength(1);
      const client = clientFor(sb);
      const healthy = await batchCodes('healthy', at);
      expect(await codesOnService(client, healthy)).toEqual(healthy);
      expect(await codesOnService(client, damaged)).toEqual([]);

      const report = await spawnJson<{ operation: { state: string }; requests: RequestShown[] }>(['outbox', 'show', String(first.id), ...at], { env });
      expect(report.operation.state).toBe('needs_attention');
      expect(report.requests).toEqual([
        expect.objectContaining({ state: 'needs_attention', lastError: expect.objectContaining({ name: 'BodyChangedError' }) }),
      ]);
      expect(report.requests[0]?.lastError?.message).toContain(lost);
    } finally {
      await forgetKeys();
    }
  }, 120_000);

  it('orders later operations by the code lists that can be read; the unreadable request holds nothing back', async () => {
    const d = await desk();
    const list = codes('SPLIT', 4);
    const batch = await batchOf(d, 'split', list);
    const op = await queueImport(d, String(batch), { format: 'json', limits: { maxCodes: 2 } });
    await loseRows(d.library, batch, 1, 1);
    const lost = `the library (rows 1 to 2 of batch ${batch})`;

    // SPLIT-00003 is in request 1, whose list is intact: deleting it must wait for the import.
    const afterImport = await queueDelete(d.outbox, [list[2] as string], true);
    expect(afterImport.op.dependsOn).toEqual([op.id]);
    expect(afterImport.needsAttention).toEqual([
      {
        operation: op.id,
        request: 0,
        file: lost,
        message: expect.stringContaining(`rows 1 to 2 of batch ${batch} that request 1 sends (operation ${op.id}) hold 1 of the 2`),
      },
    ]);
    // SPLIT-00001 was only in request 0, which cannot be read and is never sent as it is.
    const unknown = await queueDelete(d.outbox, [list[0] as string], true);
    expect(unknown.op.dependsOn).toEqual([]);
    expect(d.outbox.requests(op.id).map((c) => [c.state, c.attempts, c.lastError?.name])).toEqual([
      ['needs_attention', 0, 'BodyChangedError'],
      ['pending', 0, undefined],
    ]);
  });
});
