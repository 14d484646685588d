import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { TEST_KEYCHAIN } from '../cli/run-bin';

export interface BinResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

const bin = join(process.cwd(), 'bin', 'voucher-desk.js');

/**
 * Runs the real `voucher-desk` binary without blocking this process, so a sandbox served from the
 * test process keeps answering it. Killed after `timeoutMs`.
 */
export function spawnBin(args: readonly string[], options: { input?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {}): Promise<BinResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], { env: { ...process.env, ...TEST_KEYCHAIN, ...options.env }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000);
    child.on('error', reject);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
    child.stdin.end(options.input ?? '');
  });
}

export async function spawnJson<T>(args: readonly string[], options: { env?: NodeJS.ProcessEnv } = {}): Promise<T> {
  const result = await spawnBin([...args, '--json'], options);
  if (result.status !== 0) throw new Error(`voucher-desk ${args.join(' ')} failed (${result.status}): ${result.stderr}`);
  return JSON.parse(result.stdout) as T;
}

/**
 * Adds the sandbox as a project of the data folder `at`, named after its URL as the deprecated
 * `keys set <target>` names it (so `--target <url>` finds it), with its key pair in the keychain;
 * returns how to delete the key again.
 */
export async function keysForSandbox(
  url: string,
  credentials: { appId: string; appToken: string },
  env: NodeJS.ProcessEnv,
  at: readonly string[],
): Promise<() => Promise<BinResult>> {
  const stored = await spawnBin(['keys', 'set', url, '--app-id', credentials.appId, ...at], { input: credentials.appToken, env });
  if (stored.status !== 0) throw new Error(`keys set failed (${stored.status}): ${stored.stderr}`);
  return () => spawnBin(['keys', 'delete', url, ...at], { env });
}
