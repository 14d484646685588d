import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { once } from 'node:events';

/** Linux reports a process's CPU time in clock ticks; 100 a second on every common kernel. */
const TICKS_PER_SECOND = 100;

export interface SandboxProcess {
  url: string;
  appId: string;
  appToken: string;
  /** The server's process id (its memory can be read from /proc). */
  pid: number;
  /** The sandbox's own CPU time so far (user + system), read from /proc: no client work counted. */
  cpuMs(): number;
  get<T>(path: string, auth?: boolean): Promise<T>;
  stop(): Promise<void>;
}

function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces): utime and stime are fields 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/**
 * A fresh in-memory sandbox in its own Node process (the build `npm run bench` makes first, one process, so its pid is the server's);
 * `args` are more sandbox options, e.g. `--seed-publications 100000`.
 */
export async function startSandboxProcess(args: readonly string[] = []): Promise<SandboxProcess> {
  const appId = `bench-${process.pid}-${Date.now()}`;
  const appToken = `token-${Math.random().toString(36).slice(2)}`;
  const child: ChildProcess = spawn(process.execPath, ['dist/cli/sandbox-cli.mjs', '--app-id', appId, '--app-token', appToken, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`sandbox did not start in 30 s: ${out}`)), 30_000);
    child.stdout?.setEncoding('utf8').on('data', (text: string) => {
      out += text;
      const host = /(http:\/\/127\.0\.0\.1:\d+) {3}<- the project lives here/.exec(out);
      if (host && out.includes('Serving until stopped')) {
        clearTimeout(timer);
        resolve(host[1] as string);
      }
    });
    child.on('exit', (code) => reject(new Error(`sandbox exited (${code}) before serving: ${out}`)));
  });
  const pid = child.pid as number;
  return {
    url,
    appId,
    appToken,
    pid,
    cpuMs: () => cpuMsOf(pid),
    async get<T>(path: string, auth = false): Promise<T> {
      const res = await fetch(`${url}${path}`, auth ? { headers: { 'X-App-Id': appId, 'X-App-Token': appToken } } : {});
      if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}
