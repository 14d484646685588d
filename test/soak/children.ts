import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const SOURCE = fileURLToPath(new URL('./child.ts', import.meta.url));
const ESBUILD = fileURLToPath(new URL('../../node_modules/.bin/esbuild', import.meta.url));
// Under node_modules so the bundle finds the sql.js package beside it; named per process because
// node_modules may be shared between checkouts.
const FOLDER = fileURLToPath(new URL('../../node_modules/.cache/vd-soak/', import.meta.url));

export interface ChildPlan {
  /** SIGKILL this long after the child is ready; undefined lets it run to the end. */
  killAfterMs?: number;
  /** Called this long after the child is ready (while it still runs): the moment faults are armed. */
  armAfterMs?: number;
  arm?: () => void;
  /** The child is killed and the run fails after this long. */
  deadlineMs: number;
}

export interface ChildRun {
  killed: boolean;
  /** The engine's last state as the child printed it ("finished", "paused: ..."), or "" when killed first. */
  state: string;
  ms: number;
}

/** Sync children, each one the real engine in its own process, from a bundle built once. */
export class SyncChildren {
  private readonly live = new Set<ChildProcess>();

  private constructor(private readonly bundle: string) {}

  static build(): SyncChildren {
    mkdirSync(FOLDER, { recursive: true });
    const bundle = `${FOLDER}child-${process.pid}.mjs`;
    const built = spawnSync(ESBUILD, [SOURCE, '--bundle', '--platform=node', '--format=esm', '--external:sql.js', `--outfile=${bundle}`, '--log-level=warning']);
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
      let output = '';
      let errors = '';
      let ready = false;
      let timedOut = false;
      let killedByPlan = false;
      timers.push(
        setTimeout(() => {
          timedOut = true;
          child.kill('SIGKILL');
        }, plan.deadlineMs),
      );
      child.stdout.on('data', (data: Buffer) => {
        output += data.toString();
        if (ready || !output.startsWith('ready\n')) return;
        ready = true;
        if (plan.arm) timers.push(setTimeout(plan.arm, plan.armAfterMs ?? 0));
        if (plan.killAfterMs !== undefined) {
          timers.push(
            setTimeout(() => {
              killedByPlan = true;
              child.kill('SIGKILL');
            }, plan.killAfterMs),
          );
        }
      });
      child.stderr.on('data', (data: Buffer) => {
        errors += data.toString();
      });
      child.on('error', reject);
      child.on('exit', (code, signal) => {
        this.live.delete(child);
        for (const timer of timers) clearTimeout(timer);
        const state = output.split('\n').slice(1).join('\n').trim();
        const ms = Date.now() - started;
        if (timedOut) return reject(new Error(`a sync child ran past its ${plan.deadlineMs} ms deadline; its output: ${output.trim()} ${errors.trim()}`));
        if (signal === 'SIGKILL' && killedByPlan) return resolve({ killed: state === '', state, ms });
        if (code !== 0) return reject(new Error(`a sync child exited with ${signal ?? code}: ${errors.trim() || output.trim()}`));
        resolve({ killed: false, state, ms });
      });
    });
  }
}
