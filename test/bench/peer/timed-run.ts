import { spawn } from 'node:child_process';

export interface TimedRun {
  status: number | null;
  stdout: string;
  stderr: string;
  startedAt: number;
  exitedAt: number;
}

/** Runs `node <args>` in its own process, timing it from spawn to exit (wall clock, epoch ms). */
export function timedNode(args: readonly string[], options: { env?: NodeJS.ProcessEnv; input?: string; timeoutMs: number }): Promise<TimedRun> {
  return new Promise((resolve, reject) => {
    const startedAt = Date.now();
    const child = spawn(process.execPath, args, { env: { ...process.env, ...options.env }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs);
    child.on('error', reject);
    child.on('exit', (status) => {
      const exitedAt = Date.now();
      clearTimeout(timer);
      child.on('close', () => resolve({ status, stdout, stderr, startedAt, exitedAt }));
    });
    child.stdin.end(options.input ?? '');
  });
}
