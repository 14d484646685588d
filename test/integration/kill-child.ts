import { type ChildProcess, spawn } from 'node:child_process';

/**
 * Runs a TypeScript script in its own node process (tsx as a loader, so a SIGKILL hits the process
 * doing the work), calling `onLine` with each line it prints; resolves with every line and a last
 * `exit <signal>`. Killed after `timeoutMs` whatever happens.
 */
export function runChild(script: string, args: readonly string[], onLine: (line: string, child: ChildProcess) => void, timeoutMs = 120_000): Promise<string[]> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', script, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines: string[] = [];
  const deadline = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  let buffered = '';
  child.stdout?.on('data', (data: Buffer) => {
    buffered += data.toString();
    let end: number;
    while ((end = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 1);
      lines.push(line);
      onLine(line, child);
    }
  });
  return new Promise((resolve) => {
    child.on('exit', (_code, signal) => {
      clearTimeout(deadline);
      lines.push(`exit ${signal ?? ''}`);
      resolve(lines);
    });
  });
}
