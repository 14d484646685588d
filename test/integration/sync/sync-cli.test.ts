import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { spawnBin } from '../cli-inspect/spawn-bin';
import { otherImport } from './fault-matrix/world';
import { clientFor, codesOnService, sandbox, tempDir } from './helpers';

const env = { VOUCHER_DESK_KEYCHAIN_SERVICE: `voucher-desk-sync-test-${randomUUID()}`, VOUCHER_DESK_PROJECT: '' };

async function ok(args: readonly string[], input?: string): Promise<string> {
  const result = await spawnBin(args, { env, ...(input !== undefined && { input }) });
  expect(result.status, `${args.join(' ')}: ${result.stderr}`).toBe(0);
  return result.stdout;
}

/** A batch of `count` generated codes with a percent discount, made through the binary. */
async function percentBatch(name: string, percentOff: number, count: number, pattern: string, at: readonly string[]): Promise<void> {
  const defaults = { discount: { type: 'PERCENT', percent_off: percentOff, effect: 'APPLY_TO_ORDER' } };
  await ok(['batch', 'create', name, '--type', 'discount', '--defaults', JSON.stringify(defaults), ...at]);
  await ok(['batch', 'generate', name, '--count', String(count), '--pattern', pattern, ...at]);
}

describe('voucher-desk queue, outbox and sync (the real binary)', () => {
  it('walks from an offline batch to synced codes, refusing edits to the frozen batch meanwhile', async () => {
    if (!process.env.DBUS_SESSION_BUS_ADDRESS)
      throw new Error('No D-Bus session: run this through `npm test -- test/integration/sync`, which starts a private keyring');
    const sb = await sandbox();
    const url = sb.urls[sb.hostCluster];
    const at = ['--data-dir', tempDir()];
    try {
      await ok(['keys', 'set', url, '--app-id', sb.credentials.appId, ...at], sb.credentials.appToken);
      await percentBatch('walk', 15, 25, 'WALK-####', at);
      // JSON bodies, so a code someone else imported is refused, not updated.
      const queued = JSON.parse(await ok(['queue', 'import', 'walk', '--max-codes', '10', '--refuse-existing', '--json', ...at])) as {
        id: number;
        codes: number;
        kind: string;
      };
      expect(queued).toMatchObject({ codes: 25, kind: 'import-json' });

      const refused = await spawnBin(['batch', 'rename', 'walk', 'renamed', ...at], { env });
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain('Batch "walk" is queued for sync: its import (operation 1) is waiting to be sent');
      expect(refused.stderr).toContain('Cancel it: voucher-desk outbox cancel 1');

      const plan = JSON.parse(await ok(['sync', '--dry-run', '--target', url, '--json', ...at])) as {
        requests: number;
        codes: number;
        calls: { total: number };
      };
      expect(plan).toMatchObject({ requests: 3, codes: 25 });
      expect(sb.stats().requests).toBe(0);

      // Someone else (another key of the project) imports one of the batch's codes first.
      const { page } = JSON.parse(await ok(['batch', 'show', 'walk', '--json', ...at])) as { page: { rows: { code: string }[] } };
      const theirs = page.rows[2]?.code as string;
      await otherImport(sb, sb.addKey(), [theirs]);

      expect(await ok(['sync', '--target', url, '--yes', ...at])).toMatch(
        /Sync finished\.\n24 codes done by this sync, 1 already on the service before it, 0 failed, of 25/,
      );
      const ops = JSON.parse(await ok(['outbox', '--json', ...at])) as { id: number; state: string }[];
      expect(ops).toEqual([expect.objectContaining({ id: queued.id, state: 'done' })]);
      const shown = await ok(['outbox', 'show', String(queued.id), ...at]);
      expect(shown).toMatch(/: done; 24 codes created by this sync, 1 already on the service before this sync \(not created by it\), 0 failed\n/);
      expect(shown).toMatch(
        new RegExp(`1 code already on the service before this sync:\\n(.*\\n){2} *3 +${theirs} +Voucher with code ${theirs} already exists`),
      );
      const report = JSON.parse(await ok(['outbox', 'show', String(queued.id), '--json', ...at])) as {
        tally: unknown;
        present: { code: string }[];
        failures: unknown[];
      };
      expect(report).toMatchObject({ tally: { applied: 24, present: 1, failed: 0 }, present: [{ code: theirs, row: 3 }], failures: [] });

      const valued = await spawnBin(['queue', 'add-to-campaign', 'walk', 'camp_summersale01', ...at], { env });
      expect(valued.status).toBe(1);
      expect(valued.stderr).toMatch(/type \(e\.g\. "DISCOUNT_VOUCHER", 25 row\(s\)\), discount \(e\.g\. \{"type":"PERCENT","percent_off":15.*--drop-values/);
      const added = JSON.parse(await ok(['queue', 'add-to-campaign', 'walk', 'camp_summersale01', '--drop-values', '--json', ...at])) as {
        id: number;
        codes: number;
      };
      expect(added.codes).toBe(25);
      await ok(['outbox', 'cancel', String(added.id), ...at]);

      const first = page.rows[0]?.code as string;
      await ok(['queue', 'delete', first, '--force', ...at]);
      expect(await ok(['sync', '--yes', ...at])).toMatch(/Sync finished/);
      const present = await codesOnService(
        clientFor(sb),
        page.rows.map((r) => r.code),
      );
      expect(present).not.toContain(first);
      expect(present.length).toBe(page.rows.length - 1);

      await ok(['queue', 'reward', '--name', 'Walk coins', '--type', 'COIN', '--exchange-ratio', '1', '--points-ratio', '10', ...at]);
      expect(await ok(['sync', '--yes', ...at])).toMatch(/Sync finished\.\n1 of 1 operation done by this sync \(no codes\); \d+ requests/);
      expect((await clientFor(sb).listRewards({ limit: 100 })).items.filter((r) => r.name === 'Walk coins')).toHaveLength(1);
    } finally {
      await spawnBin(['keys', 'delete', url, ...at], { env });
    }
  }, 170_000);

  it('packs a batch whose rows fit as CSV files by default, saying that codes already there are updated', async () => {
    const sb = await sandbox();
    const url = sb.urls[sb.hostCluster];
    const at = ['--data-dir', tempDir()];
    try {
      await ok(['keys', 'set', url, '--app-id', sb.credentials.appId, ...at], sb.credentials.appToken);
      await percentBatch('packed', 20, 30, 'PACK-####', at);
      expect(await ok(['queue', 'import', 'packed', ...at])).toMatch(
        /import of batch \d+ as CSV files: a code already on the service is UPDATED .*--refuse-existing/,
      );
      expect(await ok(['sync', '--target', url, '--yes', ...at])).toMatch(/30 codes done by this sync/);
      expect(
        sb
          .requestLog()
          .filter((r) => r.method === 'POST' && r.path.startsWith('/v1/vouchers/'))
          .map((r) => r.path),
      ).toEqual(['/v1/vouchers/importCSV']);
    } finally {
      await spawnBin(['keys', 'delete', url, ...at], { env });
    }
  }, 170_000);
});
