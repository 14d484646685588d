import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openLibraryDatabase } from '../../../electron/batches/open';
import { readSegments } from '../../../electron/batches/segments';
import { Outbox } from '../../../electron/outbox/outbox';
import { readProjectsFile, writeProjectsFile } from '../../../electron/projects/project-file';
import { createClient } from '../../../shared/api';
import { spawnBin, spawnJson } from '../cli-inspect/spawn-bin';
import { codesOnService, sandbox, tempDir } from '../sync/helpers';

// A data folder written by the release before segments (library schema 2, outbox schema 5), made by
// that release's own command line (by-reference-folder.tar.gz; how, below). Opened by this release,
// every batch and row is there, the imports it queued by reference are sent as queued (checked by
// their bodies' checksums, kept then), a batch it stored is queued from its rows, and the service
// ends with every code exactly once.
//
// Made with the built CLI of commit c4b3b21 and a projects.json naming project "ref" (production, at
// http://127.0.0.1:47998, app id app_ref_0001; nothing listening): batch "bulk" imported from a CSV
// of 25 codes REF-0001... with a "lot" column (A or B) and three percents, batch "later" (10 codes
// LATER-01...) imported, batch "generated" of 12 codes GEN-#### with AMOUNT defaults; then
// `queue import bulk --max-codes 10` (CSV, 3 requests) and `queue import generated --refuse-existing`
// (JSON, 1 request), not synced. The library's last commits are still in its journal.

const KEY = { appId: 'app_ref_0001', appToken: 'tok_ref_secret_0001' };
const env = { VOUCHER_DESK_KEYCHAIN_SERVICE: `voucher-desk-by-reference-${randomUUID()}`, VOUCHER_DESK_PROJECT: '' };

function oldFolder(): string {
  const dir = tempDir();
  execFileSync('tar', ['xzf', join(process.cwd(), 'test', 'integration', 'projects', 'by-reference-folder.tar.gz'), '-C', dir]);
  return join(dir, 'data');
}

describe('a data folder from before segments', () => {
  it('keeps every batch, sends what it queued by reference as queued, and queues its batches from their rows', async () => {
    const dir = oldFolder();
    const at = ['--data-dir', dir];
    const batches = await spawnJson<{ name: string; rows: number; validRows: number }[]>(['batch', 'list', ...at], { env });
    expect(batches.map((b) => [b.name, b.rows, b.validRows])).toEqual([
      ['bulk', 25, 25],
      ['later', 10, 10],
      ['generated', 12, 12],
    ]);
    const library = await openLibraryDatabase(dir);
    try {
      expect([1, 2, 3].map((id) => readSegments(library, id))).toEqual([undefined, undefined, undefined]);
    } finally {
      await library.close();
    }
    const outbox = await Outbox.open(dir);
    try {
      expect(outbox.requests(1).map((r) => [r.rowsFrom, r.rowsTo, r.codes, r.bodyHash !== null, r.sourceHash])).toEqual([
        [1, 10, 10, true, null],
        [11, 20, 10, true, null],
        [21, 25, 5, true, null],
      ]);
    } finally {
      await outbox.close();
    }

    const sb = await sandbox({ appId: KEY.appId, appToken: KEY.appToken });
    const url = sb.urls[sb.hostCluster];
    const projects = readProjectsFile(dir);
    if (projects === undefined) throw new Error('The fixture has no projects file');
    writeProjectsFile(dir, { ...projects, projects: projects.projects.map((p) => ({ ...p, location: url })) });
    const keyed = await spawnBin(['project', 'key', 'ref', '--app-id', KEY.appId, ...at], { input: KEY.appToken, env });
    expect(keyed.status, keyed.stderr).toBe(0);
    try {
      const queued = await spawnBin(['queue', 'import', 'later', '--project', 'ref', ...at], { env });
      expect(queued.status, queued.stderr).toBe(0);
      const synced = await spawnBin(['sync', '--project', 'ref', '--yes', ...at], { env });
      expect(synced.status, synced.stderr).toBe(0);

      const writes = sb.requestLog().filter((r) => r.method === 'POST' && !r.path.startsWith('/v1/oauth'));
      expect(writes.map((r) => r.path)).toEqual([...Array(3).fill('/v1/vouchers/importCSV'), '/v1/vouchers/import', '/v1/vouchers/importCSV']);
      const client = createClient({ target: { sandbox: url }, auth: { type: 'keys', ...KEY } });
      const bulk = Array.from({ length: 25 }, (_, i) => `REF-${String(i + 1).padStart(4, '0')}`);
      const later = Array.from({ length: 10 }, (_, i) => `LATER-${String(i + 1).padStart(2, '0')}`);
      const generated = (await spawnJson<{ page: { rows: { code: string }[] } }>(['batch', 'show', 'generated', ...at], { env })).page.rows.map((r) => r.code);
      expect(generated).toHaveLength(12);
      expect(await codesOnService(client, [...bulk, ...later, ...generated])).toEqual([...bulk, ...later, ...generated]);
      expect(sb.stats().vouchers).toBe(47 + (await baseline()));
      const ref12 = await client.getVoucher('REF-0012');
      expect([ref12.metadata, ref12.discount?.percent_off]).toEqual([{ lot: 'A' }, 10]);
      expect((await client.getVoucher(generated[0] as string)).discount).toEqual(expect.objectContaining({ type: 'AMOUNT', amount_off: 500 }));

      const ops = await spawnJson<{ id: number; kind: string; state: string }[]>(['outbox', ...at], { env });
      expect(ops.map(({ id, kind, state }) => [id, kind, state])).toEqual([
        [1, 'import-csv', 'done'],
        [2, 'import-json', 'done'],
        [3, 'import-csv', 'done'],
      ]);
    } finally {
      await spawnBin(['project', 'remove', 'ref', '--yes', ...at], { env });
    }
  });
});

/** The vouchers a fresh sandbox holds before anything is imported. */
async function baseline(): Promise<number> {
  const fresh = await sandbox();
  return fresh.stats().vouchers;
}
