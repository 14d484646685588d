import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeytarSecretStore } from '../../../electron/secrets/keytar-store';

const child = join(import.meta.dirname, 'keychain-child.ts');
// A service name of its own, so a run can never touch keys the app stored.
const service = `voucher-desk-test-${randomUUID()}`;
const store = new KeytarSecretStore(service);

function readInChild(target: string, env: NodeJS.ProcessEnv = process.env): { pair?: unknown; error?: string } {
  return JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', child, service, target], { env, encoding: 'utf8', timeout: 30_000 }));
}

describe('keys in the OS keychain (real Secret Service)', () => {
  beforeAll(async () => {
    if (!process.env.DBUS_SESSION_BUS_ADDRESS) {
      throw new Error('No D-Bus session: run the keychain tests through `npm test -- test/integration/secrets`, which starts a private one with gnome-keyring');
    }
  });

  afterAll(async () => {
    for (const { account } of await store.list()) await store.delete(account);
  });

  it('stores a pair that another process reads back from the keychain', async () => {
    await store.set('eu', { appId: 'app-eu-1', appToken: 'token-eu-secret-0001' });
    expect(await store.get('eu')).toEqual({ appId: 'app-eu-1', appToken: 'token-eu-secret-0001' });
    expect(readInChild('eu')).toEqual({ pair: { appId: 'app-eu-1', appToken: 'token-eu-secret-0001' } });
  });

  it('lists accounts with the app id and a masked token only', async () => {
    await store.set('project:prj_sbx', { appId: 'app-sbx', appToken: 'abcdefghijklmnop-WXYZ' });
    await store.set('us', { appId: 'app-us', appToken: 'short' });
    const listed = await store.list();
    expect(listed).toEqual(
      expect.arrayContaining([
        { account: 'project:prj_sbx', appId: 'app-sbx', maskedToken: '********WXYZ' },
        { account: 'us', appId: 'app-us', maskedToken: '********' },
      ]),
    );
    expect(JSON.stringify(listed)).not.toContain('abcdefghijklmnop');
  });

  it('replaces a pair and deletes it from the keychain', async () => {
    await store.set('as', { appId: 'old', appToken: 'old-token-000000' });
    await store.set('as', { appId: 'new', appToken: 'new-token-000000' });
    expect(readInChild('as').pair).toEqual({ appId: 'new', appToken: 'new-token-000000' });
    expect(await store.delete('as')).toBe(true);
    expect(await store.delete('as')).toBe(false);
    expect(await store.get('as')).toBeUndefined();
    expect(readInChild('as')).toEqual({ pair: null });
  });

  it('rejects an empty token or an app id with spaces before touching the keychain', async () => {
    await expect(store.set('project:prj_x', { appId: 'a b', appToken: 'b' })).rejects.toThrow(/app id must not contain spaces/);
    await expect(store.set('eu', { appId: 'a', appToken: ' ' })).rejects.toThrow(/app token is empty/);
    expect(await store.get('project:prj_x')).toBeUndefined();
  });

  it('says what is missing when no Secret Service is reachable, without falling back', () => {
    const env: NodeJS.ProcessEnv = { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/voucher-desk-bus' };
    delete env.DISPLAY;
    const { error, pair } = readInChild('eu', env);
    expect(pair).toBeUndefined();
    expect(error).toMatch(/OS keychain is not available/);
    expect(error).toMatch(/gnome-keyring/);
  });
});
