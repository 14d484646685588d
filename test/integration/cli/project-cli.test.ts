import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { KeytarSecretStore } from '../../../electron/secrets/keytar-store';
import { useTempDirs } from '../store/temp-dir';
import { runBin, runJson } from './run-bin';

const tempDir = useTempDirs();
// Its own keychain service, so the test never meets keys the app stored.
const service = `voucher-desk-project-test-${randomUUID()}`;
const env = { VOUCHER_DESK_KEYCHAIN_SERVICE: service, VOUCHER_DESK_PROJECT: '' };
const TOKEN = 'tok-abcdefghijklmnop-9876';

interface Listed {
  id: string;
  name: string;
  kind: string;
  location: string;
  appId: string;
  maskedToken: string | null;
  current: boolean;
}

describe('voucher-desk project (the real binary, real Secret Service)', { timeout: 240_000 }, () => {
  beforeAll(() => {
    if (!process.env.DBUS_SESSION_BUS_ADDRESS) {
      throw new Error('No D-Bus session: run through `npm test -- test/integration/cli`, which starts a private one with gnome-keyring');
    }
  });

  it('adds projects with the token from stdin into the keychain under the project, lists them masked, and never prints the token', async () => {
    const at = ['--data-dir', tempDir()];
    const add = runBin(['project', 'add', 'shop', '--region', 'EU', '--app-id', 'app-123', ...at], { input: `${TOKEN}\n`, env });
    expect(add.status, add.stderr).toBe(0);
    expect(add.stdout).toBe(
      'Added project shop (production, Europe (https://api.voucherify.io)) with app id app-123; its token is in the OS keychain. It is the current project.\n',
    );
    const trial = runBin(['project', 'add', 'shop trial', '--region', 'eu', '--app-id', 'app-456', '--sandbox-project', ...at], {
      input: 'tok-sandbox-project-1111',
      env,
    });
    expect(trial.stdout).toContain('Work in it with `voucher-desk project use shop trial` or --project.');

    const listed = runJson<Listed[]>(['project', 'list', ...at], { env });
    expect(listed.map(({ name, kind, location, appId, maskedToken, current }) => ({ name, kind, location, appId, maskedToken, current }))).toEqual([
      { name: 'shop', kind: 'production', location: 'eu', appId: 'app-123', maskedToken: '********9876', current: true },
      { name: 'shop trial', kind: 'sandbox-project', location: 'eu', appId: 'app-456', maskedToken: '********1111', current: false },
    ]);
    const text = runBin(['project', 'list', ...at], { env }).stdout;
    expect(text).toMatch(/\*\s+shop\s+PRODUCTION\s+eu\s+app-123\s+\*{8}9876\n/);
    for (const output of [add.stdout, add.stderr, text, JSON.stringify(listed)]) expect(output).not.toContain('abcdefghijklmnop');
    // The pair sits in the keychain under the project's id, readable by the app (another process).
    const keychain = new KeytarSecretStore(service);
    expect(await keychain.get(`project:${listed[0]?.id}`)).toEqual({ appId: 'app-123', appToken: TOKEN });

    expect(runBin(['project', 'use', 'shop trial', ...at], { env }).stdout).toBe(
      'Now working in shop trial (sandbox project, Europe (https://api.voucherify.io)).\n',
    );
    expect(runBin(['project', 'rename', 'shop trial', 'trial', ...at], { env }).status).toBe(0);
    const after = runJson<Listed[]>(['project', 'list', ...at], { env });
    expect(after.find((p) => p.current)).toMatchObject({ name: 'trial', id: listed[1]?.id });
    const clash = runBin(['project', 'add', 'trial', '--region', 'us', '--app-id', 'x', ...at], { input: 'tok-x-000000000000', env });
    expect(clash.status).toBe(1);
    expect(clash.stderr).toContain('A project named "trial" exists already');
    const unknown = runBin(['project', 'use', 'prod', ...at], { env });
    expect(unknown.stderr).toBe('voucher-desk: There is no project "prod": the projects are "shop", "trial". Add one with `voucher-desk project add`.\n');

    expect(runBin(['project', 'remove', 'trial', ...at], { env }).stdout).toBe('Removed project "trial" and its key.\n');
    expect(await keychain.get(`project:${listed[1]?.id}`)).toBeUndefined();
    for (const { account } of await keychain.list()) await keychain.delete(account);
  });

  it('never takes the token from the arguments, and needs --app-id and --region', () => {
    const at = ['--data-dir', tempDir()];
    const result = runBin(['project', 'add', 'p', '--region', 'us', TOKEN, '--app-id', 'a', ...at], { env });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('the token is not taken from arguments');
    expect(runBin(['project', 'add', 'p', '--region', 'us', ...at], { input: TOKEN, env }).stderr).toContain('--app-id is required');
    const noRegion = runBin(['project', 'add', 'p', '--app-id', 'a', ...at], { input: TOKEN, env });
    expect([noRegion.status, noRegion.stderr]).toEqual([2, expect.stringContaining('--region is required')]);
    const badRegion = runBin(['project', 'add', 'p', '--region', 'mars', '--app-id', 'a', ...at], { input: TOKEN, env });
    expect(badRegion.stderr).toContain('Region "mars" is not valid: use eu, us, as, or a base URL');
    expect(runJson(['project', 'list', ...at], { env })).toEqual([]);
  });

  it('exits 2 naming project add and project use when a command needs a project and none is chosen', () => {
    const at = ['--data-dir', tempDir()];
    for (const args of [
      ['queue', 'reward', '--name', 'Coins', '--type', 'COIN', '--exchange-ratio', '1', '--points-ratio', '1'],
      ['sync', '--dry-run'],
      ['publications', 'list'],
    ]) {
      const result = runBin([...args, ...at], { env });
      expect(result.status, args.join(' ')).toBe(2);
      expect(result.stderr).toContain('No project is chosen. There are no projects yet: add one with `voucher-desk project add <name>');
      expect(result.stderr).toContain('`voucher-desk project use <name>`');
    }
    expect(runBin(['outbox', ...at], { env }).stdout).not.toContain('Queued');
  });

  it('works for --project, else $VOUCHER_DESK_PROJECT, else the current project', () => {
    const at = ['--data-dir', tempDir()];
    for (const name of ['alpha', 'beta']) {
      expect(
        runBin(['project', 'add', name, '--region', 'http://127.0.0.1:9', '--app-id', `app-${name}`, '--sandbox-project', ...at], { input: TOKEN, env }).status,
      ).toBe(0);
    }
    const reward = ['queue', 'reward', '--name', 'Coins', '--type', 'COIN', '--exchange-ratio', '1', '--points-ratio', '1', ...at];
    expect(runBin(reward, { env }).stdout).toContain('Queued operation 1 for alpha (sandbox project');
    expect(runBin([...reward, '--project', 'beta'], { env }).stdout).toContain('Queued operation 2 for beta (sandbox project');
    expect(runBin(reward, { env: { ...env, VOUCHER_DESK_PROJECT: 'beta' } }).stdout).toContain('Queued operation 3 for beta');
    const plan = runJson<{ operations: { id: number }[]; target: string }>(['sync', '--dry-run', '--project', 'beta', ...at], { env });
    expect(plan.operations.map((op) => op.id)).toEqual([2, 3]);
    expect(plan.target).toContain('beta (sandbox project, local sandbox http://127.0.0.1:9)');
    const outbox = runBin(['outbox', ...at], { env }).stdout;
    expect(outbox).toMatch(/1\s+alpha\s+reward/);
    expect(outbox).toMatch(/3\s+beta\s+reward/);
    // With the current project removed, projects remain but none is chosen: the way out is `project use`.
    expect(runBin(['project', 'remove', 'alpha', '--yes', ...at], { env }).status).toBe(0);
    const unchosen = runBin(['sync', '--dry-run', ...at], { env });
    expect(unchosen.status).toBe(2);
    expect(unchosen.stderr).toContain('No project is chosen. Choose one of "beta" with `voucher-desk project use <name>`');
  });

  it('asks before removing a project that holds queued operations, and cancels them when told to', () => {
    const at = ['--data-dir', tempDir()];
    expect(runBin(['project', 'add', 'client-a', '--region', 'us', '--app-id', 'a', ...at], { input: TOKEN, env }).status).toBe(0);
    expect(runBin(['queue', 'delete', 'OLD-1', 'OLD-2', ...at], { env }).status).toBe(0);
    const refused = runBin(['project', 'remove', 'client-a', ...at], { env });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('Project "client-a" holds 1 open operation(s) in the outbox, which will be cancelled');
    expect(refused.stderr).toContain('Nothing was removed: pass --yes');
    expect(runJson<Listed[]>(['project', 'list', ...at], { env })).toHaveLength(1);
    expect(runBin(['project', 'remove', 'client-a', '--yes', ...at], { env }).status).toBe(0);
    expect(runJson<{ state: string }[]>(['outbox', ...at], { env }).map((op) => op.state)).toEqual(['cancelled']);
  });

  it('keeps `keys` as a deprecated alias that names a project after its target', () => {
    const at = ['--data-dir', tempDir()];
    const set = runBin(['keys', 'set', 'EU', '--app-id', 'app-123', ...at], { input: `${TOKEN}\n`, env });
    expect(set.status, set.stderr).toBe(0);
    expect(set.stdout).toContain('Stored the key of eu (production, Europe (https://api.voucherify.io)) (app id app-123) in the OS keychain.');
    expect(runJson<Listed[]>(['keys', 'show', ...at], { env })).toEqual([expect.objectContaining({ name: 'eu', maskedToken: '********9876', current: true })]);
    expect(runBin(['keys', 'delete', 'eu', ...at], { env }).status).toBe(0);
    expect(runJson<Listed[]>(['project', 'list', ...at], { env })).toEqual([expect.objectContaining({ name: 'eu', maskedToken: null })]);
  });

  it('refuses a damaged projects.json, naming it, never reading it as "no projects"', () => {
    const dir = tempDir();
    const at = ['--data-dir', dir];
    expect(runBin(['project', 'add', 'shop', '--region', 'eu', '--app-id', 'a', ...at], { input: TOKEN, env }).status).toBe(0);
    const file = join(dir, 'projects.json');
    writeFileSync(file, readFileSync(file, 'utf8').slice(0, 40));
    for (const args of [
      ['project', 'list'],
      ['queue', 'delete', 'X-1'],
      ['project', 'add', 'other', '--region', 'us', '--app-id', 'b'],
    ]) {
      const result = runBin([...args, ...at], { input: TOKEN, env });
      expect(result.status, args.join(' ')).toBe(1);
      expect(result.stderr).toContain(`${file} is not readable JSON`);
      expect(result.stderr).toContain('it was left as it is');
    }
    const check = runBin(['library', 'check', ...at], { env });
    expect(check.status).toBe(1);
    expect(check.stdout).toContain('The projects file is not readable JSON');
    expect(readFileSync(file, 'utf8')).toHaveLength(40);
  });

  it('says what is missing when no Secret Service answers', () => {
    const result = runBin(['project', 'list', '--data-dir', tempDir()], {
      env: { ...env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus', DISPLAY: '' },
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/OS keychain is not available.*gnome-keyring/);
  });
});
