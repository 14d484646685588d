import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { legacySources } from '../../../electron/desk/legacy-targets';
import { Outbox } from '../../../electron/outbox/outbox';
import { Projects } from '../../../electron/projects/projects';
import { KeytarSecretStore } from '../../../electron/secrets/keytar-store';
import { openCacheDatabase } from '../../../electron/cache';
import { spawnBin, spawnJson } from '../cli-inspect/spawn-bin';
import { codesOnService, sandbox, tempDir } from '../sync/helpers';
import { createClient } from '../../../shared/api';

// A data folder written by the release before projects, made by that release's own command line
// (pre-projects-folder.tar.gz; how, below) and its keys as that release kept them in the keychain:
// one entry per target. Opened by this release, every batch, row, queued operation and cached
// publication is still there, bound to a project named after its old target, and the key moved.
//
// Made with the built CLI of commit 694bd6e, against `sandbox --port 47999 --app-id app_fixture_0001
// --app-token tok_fixture_secret_0001 --seed-publications 120`: keys set <sandbox> and eu; batch
// "spring" (12 codes) queued and synced to the sandbox; batch "autumn" (8 codes) and a COIN reward
// "Fixture coins" queued, not synced; publications pulled (120); the app's settings.json names eu.

const OLD_URL = 'http://127.0.0.1:47999';
const SANDBOX_KEY = { appId: 'app_fixture_0001', appToken: 'tok_fixture_secret_0001' };
const EU_KEY = { appId: 'app_eu_0001', appToken: 'tok_eu_secret_0000001' };
const service = `voucher-desk-migration-test-${randomUUID()}`;
const env = { VOUCHER_DESK_KEYCHAIN_SERVICE: service, VOUCHER_DESK_PROJECT: '' };

interface Listed {
  id: string;
  name: string;
  location: string;
  kind: string;
  appId: string;
  maskedToken: string | null;
  current: boolean;
}

function oldFolder(): string {
  const dir = tempDir();
  execFileSync('tar', ['xzf', join(process.cwd(), 'test', 'integration', 'projects', 'pre-projects-folder.tar.gz'), '-C', dir]);
  return dir;
}

async function oldKeys(keychain: KeytarSecretStore): Promise<void> {
  await keychain.set(OLD_URL, SANDBOX_KEY);
  await keychain.set('eu', EU_KEY);
}

describe('a data folder from before projects', () => {
  beforeAll(() => {
    if (!process.env.DBUS_SESSION_BUS_ADDRESS) throw new Error('No D-Bus session: run through `npm test`, which starts a private keyring');
  });

  it('opens as one project per old target, with keys moved and nothing lost', async () => {
    const keychain = new KeytarSecretStore(service);
    await oldKeys(keychain);
    const dir = oldFolder();
    const at = ['--data-dir', dir];

    const projects = await spawnJson<Listed[]>(['project', 'list', ...at], { env });
    expect(projects.map(({ id, name, location, kind, appId, maskedToken, current }) => ({ id, name, location, kind, appId, maskedToken, current }))).toEqual([
      { id: 'https://api.voucherify.io', name: 'eu', location: 'eu', kind: 'production', appId: EU_KEY.appId, maskedToken: '********0001', current: true },
      { id: OLD_URL, name: OLD_URL, location: OLD_URL, kind: 'production', appId: SANDBOX_KEY.appId, maskedToken: '********0001', current: false },
    ]);
    // Moved, not copied: the old entries are gone, each pair sits under its project.
    expect((await keychain.list()).map((k) => k.account).sort()).toEqual([`project:${OLD_URL}`, 'project:https://api.voucherify.io']);
    expect(await keychain.get(`project:${OLD_URL}`)).toEqual(SANDBOX_KEY);

    const batches = await spawnJson<{ name: string; rows: number; validRows: number }[]>(['batch', 'list', ...at], { env });
    expect(batches.map((b) => [b.name, b.rows])).toEqual([
      ['spring', 12],
      ['autumn', 8],
    ]);
    // Queued operations are bound to the project the old `sync` went to.
    const ops = await spawnJson<{ id: number; kind: string; state: string; project: string }[]>(['outbox', ...at], { env });
    expect(ops.map(({ id, kind, state, project }) => ({ id, kind, state, project }))).toEqual([
      { id: 1, kind: 'import-csv', state: 'done', project: OLD_URL },
      { id: 2, kind: 'import-csv', state: 'queued', project: OLD_URL },
      { id: 3, kind: 'reward', state: 'queued', project: OLD_URL },
    ]);
    // The cached history is the project's own.
    const cached = await spawnJson<{ total: number }>(['publications', 'list', '--project', OLD_URL, ...at], { env });
    expect(cached.total).toBe(120);
    const other = await spawnJson<{ total: number }>(['publications', 'list', '--project', 'eu', ...at], { env });
    expect(other.total).toBe(0);
    // Said once: a second open reads the projects file and changes nothing.
    expect(await spawnJson<Listed[]>(['project', 'list', ...at], { env })).toEqual(projects);
    for (const { account } of await keychain.list()) await keychain.delete(account);
  });

  it('sends what was queued before projects to the project it was meant for, and only that', async () => {
    const keychain = new KeytarSecretStore(service);
    await oldKeys(keychain);
    const dir = oldFolder();
    const at = ['--data-dir', dir];
    // The old sandbox's port is gone; the same service (same key pair) answers on a new one.
    const sb = await sandbox({ appId: SANDBOX_KEY.appId, appToken: SANDBOX_KEY.appToken });
    const url = sb.urls[sb.hostCluster];
    const legacy = legacySources({
      dataDir: dir,
      withOutbox: async (fn) => {
        const outbox = await Outbox.open(dir);
        try {
          return await fn(outbox);
        } finally {
          await outbox.close();
        }
      },
      withCache: async (fn) => {
        const db = await openCacheDatabase(dir);
        try {
          return await fn(db);
        } finally {
          await db.close();
        }
      },
    });
    await new Projects(dir, keychain, legacy).relocateSandbox(OLD_URL, url);

    const plan = await spawnJson<{ operations: { id: number }[] }>(['sync', '--dry-run', '--project', OLD_URL, ...at], { env });
    expect(plan.operations.map((op) => op.id)).toEqual([2, 3]);
    const synced = await spawnBin(['sync', '--project', OLD_URL, '--yes', ...at], { env });
    expect(synced.status, synced.stderr).toBe(0);
    const client = createClient({ target: { sandbox: url }, auth: { type: 'keys', ...SANDBOX_KEY } });
    const autumn = (await spawnJson<{ page: { rows: { code: string }[] } }>(['batch', 'show', 'autumn', ...at], { env })).page.rows.map((r) => r.code);
    expect(await codesOnService(client, autumn)).toEqual(autumn);
    const writes = sb.requestLog().filter((r) => r.method === 'POST' && !r.path.startsWith('/v1/oauth'));
    expect(writes.map((r) => r.path)).toEqual(['/v1/vouchers/importCSV', '/v1/rewards']);
    expect((await client.listRewards({ limit: 100 })).items.filter((r) => r.name === 'Fixture coins')).toHaveLength(1);
    for (const { account } of await keychain.list()) await keychain.delete(account);
  });
});
