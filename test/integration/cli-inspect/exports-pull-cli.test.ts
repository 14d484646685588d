import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listPulls, openCacheDatabase } from '../../../electron/cache';
import type { RunningSandbox } from '../../../electron/local-service/server';
import { clientOf, extraPublications } from '../cache/history';
import { makeTempDir } from '../cache/temp';
import { historyProject, killedWhen, type HistoryProject } from './history-project';
import { spawnJson } from './spawn-bin';

// `publications pull` of a history read through exports, killed (SIGKILL) while it stores the
// export's rows, and carried on by the next pull: no publication twice, none missing.

vi.setConfig({ testTimeout: 180_000 });

const env = { VOUCHER_DESK_KEYCHAIN_SERVICE: `voucher-desk-exports-test-${randomUUID()}`, VOUCHER_DESK_PROJECT: '' };
const tmp = makeTempDir();
const dataDir = join(tmp, 'data');
const at = ['--data-dir', dataDir];
const EXTRA = 15_000;

let history: HistoryProject;
let sb: RunningSandbox;
let url: string;
let projectId: string;

beforeAll(async () => {
  history = await historyProject(tmp, extraPublications(EXTRA), env, at);
  ({ sb, url, projectId } = history);
}, 60_000);

afterAll(() => history?.close());

const downloads = (): number => sb.requestLog().filter((r) => r.method === 'GET' && /^\/v1\/exports\/exp_/.test(r.path)).length;

describe('publications pull through exports (the real binary)', () => {
  it('carries on a pull killed while it stored an export, and ends with every publication once', async () => {
    const before = downloads();
    // Killed once the export's file has begun to arrive: its rows are being stored.
    await killedWhen(['publications', 'pull', '--target', url, ...at], env, () => downloads() > before);
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
