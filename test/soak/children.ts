import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const SOURCE = fileURLToPath(new URL('./child.ts', import.meta.url));
const ESBUILD = fileURLToPath(new URL('../../node_modules/.bin/esbuild', import.meta.url));
// Under node_modules so the bundle finds the sql.js package beside it; named per process because
// node_modules may be shared between checkouts.
const FOLDER = fileURLToPath(new URL('../../node_modules/.cache/vd-soak/', import.meta.url));

export interface KillPlan {
  /** SIGKILL `delayMs` after the child starts its `at`-th write (POST, DELETE) or read (GET)... */
  on: 'write' | 'read';
  at: number;
  delayMs: number;
  /** ...or after its `maxWrites`-th write, whatever it was aimed at... */
  maxWrites: number;
  /** ...or this long after it is ready, whichever comes first. */
  capMs: number;
}

export interface ChildPlan {
  /** Undefined lets the child run to the end. */
  kill?: KillPlan;
  /** Called once the child is ready: the moment faults are armed. */
  onReady?: () => void;
  /** The child is killed and the run fails after this long. */
  deadlineMs: number;
}

export interface ChildRun {
  killed: boolean;
  /** The engine's last state as the child printed it ("finished", "paused: ..."), or "" when killed first. */
  state: string;
  writes: number;
  reads: number;
  /** The request the kill was aimed at ("POST /v1/rewards"), or "time" when the cap came first. */
  killedAt: string;
  ms: number;
}

/** Sync children, each one the real engine in its own process, from a bundle built once. */
export class SyncChildren {
  private readonly live = new Set<ChildProcess>();

  private constructor(private readonly bundle: string) {}

  static build(): SyncChildren {
    mkdirSync(FOLDER, { recursive: true });
    const bundle = `${FOLDER}child-${process.pid}.mjs`;
    const built = spawnSync(ESBUILD, [
      SOURCE,
      '--bundle',
      '--platform=node',
      '--format=esm',
      '--external:sql.js',
      `--outfile=${bundle}`,
      '--log-level=warning',
    ]);
    if (built.status !== 0) throw new Error(`could not bundle the sync child: ${built.stderr.toString()}`);
    return new SyncChildren(bundle);
  }

  /** Kills any child still running and removes the bundle. */
  dispose(): void {
    for (const child of this.live) child.kill('SIGKILL');
    rmSync(this.bundle, { force: true });
  }

  run(args: readonly string[], plan: ChildPlan): Promise<ChildRun> {
    const started = Date.now();
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [this.bundle, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
      this.live.add(child);
      const timers: NodeJS.Timeout[] = [];
      const out: ChildRun = { killed: false, state: '', writes: 0, reads: 0, killedAt: '', ms: 0 };
      let pending = '';
      let errors = '';
      let timedOut = false;
      const killAfter = (ms: number, at: string): void => {
        if (out.killedAt !== '') return;
        out.killedAt = at;
        timers.push(setTimeout(() => child.kill('SIGKILL'), ms));
      };
      const line = (text: string): void => {
        if (text === 'ready') {
          plan.onReady?.();
          if (plan.kill) timers.push(setTimeout(() => killAfter(0, 'time'), plan.kill.capMs));
        } else if (text.startsWith('> ')) {
          const on = text.startsWith('> GET ') ? 'read' : 'write';
          const n = on === 'read' ? ++out.reads : ++out.writes;
          const aimed = plan.kill?.on === on && n === plan.kill.at;
          if (plan.kill && (aimed || (on === 'write' && n === plan.kill.maxWrites))) killAfter(plan.kill.delayMs, text.slice(2));
        } else {
          out.state = text;
        }
      };
      timers.push(
        setTimeout(() => {
          timedOut = true;
          child.kill('SIGKILL');
        }, plan.deadlineMs),
      );
      child.stdout.on('data', (data: Buffer) => {
        const lines = (pending + data.toString()).split('\n');
        pending = lines.pop() ?? '';
        for (const text of lines) line(text);
      });
      child.stderr.on('data', (data: Buffer) => {
        errors += data.toString();
      });
      child.on('error', reject);
      child.on('exit', (code, signal) => {
        this.live.delete(child);
        for (const timer of timers) clearTimeout(timer);
        out.ms = Date.now() - started;
        if (timedOut)
          return reject(
            new Error(
              `a sync child ran past its ${plan.deadlineMs} ms deadline (${out.writes} writes, ${out.reads} reads, last state "${out.state}") ${errors.trim()}`,
            ),
          );
        if (signal === 'SIGKILL' && out.killedAt !== '') return resolve({ ...out, killed: out.state === '' });
        if (code !== 0) return reject(new Error(`a sync child exited with ${signal ?? code}: ${errors.trim() || out.state}`));
        resolve(out);
      });
    });
  }
}
