import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

export interface BinResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

const bin = join(process.cwd(), 'bin', 'voucher-desk.js');

/** Runs the real `voucher-desk` binary with pipes for stdin, stdout and stderr. */
export function runBin(args: readonly string[], options: { input?: string; env?: NodeJS.ProcessEnv } = {}): BinResult {
  const result = spawnSync(process.execPath, [bin, ...args], {
    input: options.input ?? '',
    env: { ...process.env, ...options.env },
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
