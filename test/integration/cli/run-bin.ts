import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

export interface BinResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

const bin = join(process.cwd(), 'bin', 'voucher-desk.js');

/** Keys of one test process in their own keychain service, so no test sees another's (a test's env may name its own). */
export const TEST_KEYCHAIN = { VOUCHER_DESK_KEYCHAIN_SERVICE: `voucher-desk-test-${process.pid}` };

/** Runs the real `voucher-desk` binary with pipes for stdin, stdout and stderr. */
export function runBin(args: readonly string[], options: { input?: string; env?: NodeJS.ProcessEnv } = {}): BinResult {
  const result = spawnSync(process.execPath, [bin, ...args], {
    input: options.input ?? '',
    env: { ...process.env, ...TEST_KEYCHAIN, ...options.env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

export function runJson<T>(args: readonly string[], options: { input?: string; env?: NodeJS.ProcessEnv } = {}): T {
  const result = runBin([...args, '--json'], options);
  if (result.status !== 0) throw new Error(`voucher-desk ${args.join(' ')} failed (${result.status}): ${result.stderr}`);
  return JSON.parse(result.stdout) as T;
}

export interface ProjectSetup {
  name?: string;
  region?: string;
  sandboxProject?: boolean;
  credentials?: { appId: string; appToken: string };
  env?: NodeJS.ProcessEnv;
}

/** Adds a project to the data folder of `at` (the first one becomes current), with a placeholder key unless one is given. */
export function addProject(at: readonly string[], setup: ProjectSetup = {}): BinResult {
  const credentials = setup.credentials ?? { appId: 'app-placeholder', appToken: 'token-placeholder-0000' };
  const args = ['project', 'add', setup.name ?? 'local', '--region', setup.region ?? 'http://127.0.0.1:9', '--app-id', credentials.appId];
  const result = runBin([...args, ...(setup.sandboxProject ? ['--sandbox-project'] : []), ...at], {
    input: credentials.appToken,
    ...(setup.env && { env: setup.env }),
  });
  if (result.status !== 0) throw new Error(`project add failed (${result.status}): ${result.stderr}`);
  return result;
}
