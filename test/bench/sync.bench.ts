import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeFixtureCsv } from '../integration/batches/csv-fixture';
import { startSandboxProcess, type SandboxProcess } from './peer/sandbox-process';
import { timedNode, type TimedRun } from './peer/timed-run';

// Voucher Desk's `sync` against the script a developer would write on the official SDK, each
// against a fresh sandbox in its own process, interleaved. BENCH_CODES=1000000 for the big run,
// BENCH_REPS=1 for a single pair when time is short.
const CODES = Number(process.env.BENCH_CODES ?? 100_000);
const REPS = Number(process.env.BENCH_REPS ?? 3);
// At most max(1.25x, +2) the fewest calls: the imports (100,000 codes each), a token and one look.
const FEWEST_CALLS = Math.ceil(CODES / 100_000) + 2;
const TARGETS = { ratio: 0.8, calls: Math.floor(Math.max(1.25 * FEWEST_CALLS, FEWEST_CALLS + 2)) };
const DONE_TO_EXIT_MS = 1000;
const TIMEOUT_MS = 900_000;
const BIN = join(process.cwd(), 'bin', 'voucher-desk.js');
const SDK_SCRIPT = join(process.cwd(), 'test', 'bench', 'peer', 'sdk-script.cjs');
const env = { VOUCHER_DESK_KEYCHAIN_SERVICE: `voucher-desk-bench-${randomUUID()}`, VOUCHER_DESK_PROJECT: '' };

/** Targets whose keys this run stored in the keychain, deleted at the end. */
const keyTargets: [string, string[]][] = [];
const dir = mkdtempSync(join(tmpdir(), 'voucher-desk-sync-bench-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Side {
  wallMs: number;
  calls: number;
  /** Calls by kind: `POST /v1/vouchers/import` and so on. */
  kinds: Record<string, number>;
  sandboxCpuMs: number;
  doneToExitMs: number;
  estimate?: number;
}

interface Stats {
  requests: number;
  vouchers: number;
}

async function cli(args: readonly string[], input?: string): Promise<string> {
  const run = await timedNode([BIN, ...args], { env, timeoutMs: TIMEOUT_MS, ...(input !== undefined && { input }) });
  if (run.status !== 0) throw new Error(`voucher-desk ${args.join(' ')} failed (${run.status}): ${run.stderr}`);
  return run.stdout;
}

/** Times `run` against a fresh sandbox process; what the sandbox saw and spent is read from it alone. */
async function measure(run: (sb: SandboxProcess) => Promise<TimedRun>): Promise<Side> {
  const sb = await startSandboxProcess();
  try {
    const seeded = (await sb.get<Stats>('/__sandbox/stats')).vouchers;
    const cpuBefore = sb.cpuMs();
    const result = await run(sb);
    const sandboxCpuMs = sb.cpuMs() - cpuBefore;
    if (result.status !== 0) throw new Error(`run failed (${result.status}): ${result.stderr}`);
    const stats = await sb.get<Stats>('/__sandbox/stats');
    expect(stats.vouchers - seeded).toBe(CODES);
    const { requests } = await sb.get<{ requests: { method: string; path: string }[] }>('/__sandbox/requests');
    const kinds: Record<string, number> = {};
    for (const r of requests) {
      const kind = `${r.method} ${r.path.replace(/\/aa_[^/]+$/, '/:id')}`;
      kinds[kind] = (kinds[kind] ?? 0) + 1;
    }
    const { async_actions: jobs } = await sb.get<{ async_actions: { updated_at: string }[] }>('/v1/async-actions?limit=100', true);
    const lastDone = Math.max(...jobs.map((j) => Date.parse(j.updated_at)));
    return { wallMs: result.exitedAt - result.startedAt, calls: stats.requests, kinds, sandboxCpuMs, doneToExitMs: result.exitedAt - lastDone };
  } finally {
    await sb.stop();
  }
}

async function voucherDesk(csv: string, rep: number): Promise<Side> {
  let estimate = 0;
  const side = await measure(async (sb) => {
    const at = ['--data-dir', join(dir, `desk-${rep}`)];
    keyTargets.push([sb.url, at]);
    await cli(['keys', 'set', sb.url, '--app-id', sb.appId, ...at], sb.appToken);
    await cli(['batch', 'create', 'bench', ...at]);
    await cli(['batch', 'import-csv', 'bench', csv, ...at]);
    await cli(['queue', 'import', 'bench', ...at]);
    estimate = (JSON.parse(await cli(['sync', '--dry-run', '--target', sb.url, '--json', ...at])) as { calls: { total: number } }).calls.total;
    return timedNode([BIN, 'sync', '--target', sb.url, '--yes', ...at], { env, timeoutMs: TIMEOUT_MS });
  });
  return { ...side, estimate };
}

function sdkScript(csv: string): Promise<Side> {
  return measure((sb) => timedNode([SDK_SCRIPT, csv, sb.url, sb.appId, sb.appToken], { timeoutMs: TIMEOUT_MS }));
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

function line(name: string, side: Side): string {
  const kinds = Object.entries(side.kinds)
    .map(([k, n]) => `${n} ${k}`)
    .join(', ');
  const estimate = side.estimate === undefined ? '' : `; dry run said ${side.estimate}`;
  return `  ${name.padEnd(13)} wall ${s(side.wallMs)}; ${side.calls} API calls (${kinds})${estimate}; sandbox CPU ${s(side.sandboxCpuMs)}; last DONE -> exit ${s(side.doneToExitMs)}`;
}

describe('sync benchmark: voucher-desk sync against the SDK script', () => {
  it(`syncs ${CODES.toLocaleString('en-US')} codes, interleaved with the SDK script, ${REPS} times`, async () => {
    const csv = join(dir, 'vouchers.csv');
    await writeFixtureCsv(csv, CODES);
    const desk: Side[] = [];
    const sdk: Side[] = [];
    const lines = [`sync benchmark: ${CODES.toLocaleString('en-US')} codes, fresh sandbox per run in its own process; load at start ${load()}`];
    try {
      for (let rep = 0; rep < REPS; rep++) {
        // Alternate who goes first, so neither side always runs on a machine the other just warmed.
        const order = rep % 2 === 0 ? (['desk', 'sdk'] as const) : (['sdk', 'desk'] as const);
        for (const who of order) {
          if (who === 'desk') desk.push(await voucherDesk(csv, rep));
          else sdk.push(await sdkScript(csv));
        }
        lines.push(`rep ${rep + 1} (load ${load()}):`, line('voucher-desk', desk[rep] as Side), line('SDK script', sdk[rep] as Side));
      }
    } finally {
      for (const [target, at] of keyTargets) await cli(['keys', 'delete', target, ...at]);
    }
    const ratios = desk.map((d, i) => d.wallMs / (sdk[i] as Side).wallMs);
    const calls = desk.map((d) => d.calls);
    const estimateErrors = desk.map((d) => Math.abs((d.estimate as number) - d.calls) / d.calls);
    const doneToExit = desk.map((d) => d.doneToExitMs);
    const ok = (pass: boolean) => (pass ? 'within target' : 'MISSES target');
    lines.push(
      'voucher-desk against the SDK script (median of the reps, range in brackets):',
      `  wall: ${median(ratios).toFixed(2)}x (${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)}); target <= ${TARGETS.ratio}x: ${ok(median(ratios) <= TARGETS.ratio)}`,
      `  API calls: ${median(calls)} (${Math.min(...calls)}-${Math.max(...calls)}) against the script's ${median(sdk.map((x) => x.calls))}; target <= ${TARGETS.calls}: ${ok(Math.max(...calls) <= TARGETS.calls)}`,
      `  sandbox CPU: ${s(median(desk.map((d) => d.sandboxCpuMs)))} against the script's ${s(median(sdk.map((x) => x.sandboxCpuMs)))}`,
      `  last job DONE -> sync exit: ${s(median(doneToExit))} (max ${s(Math.max(...doneToExit))}); target <= ${s(DONE_TO_EXIT_MS)}: ${ok(Math.max(...doneToExit) <= DONE_TO_EXIT_MS)}`,
      `  dry-run estimate off by ${(Math.max(...estimateErrors) * 100).toFixed(0)}% at most; target within 10%: ${ok(Math.max(...estimateErrors) <= 0.1)}`,
      `load at end ${load()}`,
    );
    console.log(lines.join('\n'));
  });
});
