import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listPulls, openCacheDatabase } from '../../../electron/cache';
import type { RunningSandbox } from '../../../electron/local-service/server';
import { clientOf, extraPublications, putPublications, sandboxOn } from '../cache/history';
import { makeTempDir } from '../cache/temp';
import { keysForSandbox, spawnJson } from './spawn-bin';

// `publications pull` of a history read through exports, killed (SIGKILL) while it stores the
// export's rows, and carried on by the next pull: no publication twice, none missing.

vi.setConfig({ testTimeout: 180_000 });

const env = { VOUCHER_DESK_KEYCHAIN_SERVICE: `voucher-desk-exports-test-${randomUUID()}`, VOUCHER_DESK_TARGET: '' };
const tmp = makeTempDir();
const dataDir = join(tmp, 'data');
const at = ['--data-dir', dataDir];
const EXTRA = 15_000;

let sb: RunningSandbox;
let url: string;
let deleteKeys: (() => Promise<unknown>) | undefined;
let projectId: string;

beforeAll(async () => {
  if (!process.env.DBUS_SESSION_BUS_ADDRESS) {
    throw new Error('No D-Bus session: run these through `npm test -- test/integration/cli-inspect`, which starts a private keyring');
  }
  const dataFile = join(tmp, 'sandbox.sqlite');
  await (await sandboxOn(dataFile)).close();
  await putPublications(dataFile, extraPublications(EXTRA));
  sb = await sandboxOn(dataFile);
  url = sb.urls[sb.hostCluster];
  deleteKeys = await keysForSandbox(url, sb.credentials, env, at);
  projectId = (await spawnJson<{ id: string }[]>(['project', 'list', ...at], { env }))[0]?.id as string;
}, 60_000);

afterAll(async () => {
  await sb?.close();
  await deleteKeys?.();
});

const downloads = (): number => sb.requestLog().filter((r) => r.method === 'GET' && /^\/v1\/exports\/exp_/.test(r.path)).length;

describe('publications pull through exports (the real binary)', () => {
  it('carries on a pull killed while it stored an export, and ends with every publication once', async () => {
    const before = downloads();
    const child = spawn(process.execPath, [join(process.cwd(), 'bin', 'voucher-desk.js'), 'publications', 'pull', '--target', url, ...at], {
      env: { ...process.env, ...env },
      stdio: 'ignore',
    });
    const closed = new Promise((resolve) => child.on('close', resolve));
    const deadline = Date.now() + 60_000;
    // Killed once the export's file has begun to arrive: its rows are being stored.
    while (downloads() === before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    child.kill('SIGKILL');
    await closed;
    let db = await openCacheDatabase(dataDir);
    const [killed] = listPulls(db, projectId);
    await db.close();
    expect(killed?.status).toBe('running');

    const pulled = await spawnJson<{ pullId: number; resumed: boolean; complete: boolean; mode: string; total: number }>(
      ['publications', 'pull', '--target', url, ...at],
      { env },
    );
    expect(pulled).toMatchObject({ pullId: killed?.id, resumed: true, complete: true, mode: 'full', total: EXTRA + 30 });
    db = await openCacheDatabase(dataDir);
    try {
      const client = clientOf(sb);
      const failures = (await client.listPublications({ result: 'FAILURE', limit: 1 })).total;
      expect(db.get<{ n: number }>('SELECT COUNT(*) AS n FROM publications WHERE target = ?', [projectId])?.n).toBe(EXTRA + 30);
      expect(db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM publications WHERE target = ? AND result = 'FAILURE'`, [projectId])?.n).toBe(failures);
      expect(listPulls(db, projectId)[0]).toMatchObject({ id: killed?.id, status: 'done' });
    } finally {
      await db.close();
    }
  });
});
