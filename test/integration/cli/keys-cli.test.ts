import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTempDirs } from '../store/temp-dir';
import { runBin, runJson } from './run-bin';

const tempDir = useTempDirs();
// Its own keychain service, so the test never meets keys the app stored.
const env = { VOUCHER_DESK_KEYCHAIN_SERVICE: `voucher-desk-cli-test-${randomUUID()}` };
const TOKEN = 'tok-abcdefghijklmnop-9876';

describe('voucher-desk keys (the real binary, real Secret Service)', { timeout: 240_000 }, () => {
  beforeAll(() => {
    if (!process.env.DBUS_SESSION_BUS_ADDRESS) {
      throw new Error('No D-Bus session: run through `npm test -- test/integration/cli`, which starts a private one with gnome-keyring');
    }
  });

  it('stores a key with the token from stdin, shows it masked, and deletes it', () => {
    const at = ['--data-dir', tempDir()];
    const set = runBin(['keys', 'set', 'EU', '--app-id', 'app-123', ...at], { input: `${TOKEN}\n`, env });
    expect(set.status).toBe(0);
    expect(set.stdout).toBe('Stored the key of eu (app id app-123, token ********9876) in the OS keychain.\n');

    const listed = runBin(['keys', 'show', ...at], { env });
    expect(listed.stdout).toMatch(/TARGET\s+APP ID\s+TOKEN\n-+\s+-+\s+-+\neu\s+app-123\s+\*{8}9876\n/);
    expect(runJson(['keys', 'show', 'eu', ...at], { env })).toEqual({ target: 'eu', appId: 'app-123', maskedToken: '********9876' });
    for (const output of [set.stdout, set.stderr, listed.stdout]) expect(output).not.toContain('abcdefghijklmnop');

    expect(runBin(['keys', 'delete', 'eu', ...at], { env }).status).toBe(0);
    const gone = runBin(['keys', 'show', 'eu', ...at], { env });
    expect(gone.status).toBe(1);
    expect(gone.stderr).toBe('voucher-desk: No key is stored for eu\n');
  });

  it('never takes the token from the arguments', () => {
    const result = runBin(['keys', 'set', 'us', TOKEN, '--app-id', 'a'], { env });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('the token is not taken from arguments');
    expect(runBin(['keys', 'set', 'us'], { input: TOKEN, env }).stderr).toContain('--app-id is required');
    expect(runJson(['keys', 'show'], { env })).toEqual([]);
  });

  it('says what is missing when no Secret Service answers', () => {
    const result = runBin(['keys', 'show'], { env: { ...env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus', DISPLAY: '' } });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/OS keychain is not available.*gnome-keyring/);
  });
});
