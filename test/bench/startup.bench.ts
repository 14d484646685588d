import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startSandboxProcess } from './peer/sandbox-process';
import { timedNode } from './peer/timed-run';

// Start-up of the command line as it ships (the build `npm run bench` makes first), each run in
// its own process, interleaved with its baseline and repeated; median and range are printed with
// the machine's load. Targets (#13): `batch list` <= 2x `node -e ''`; `sync` sends its first
// request within 0.5 s of its process starting, keychain read included. BENCH_REPS sets the repeats.
// `batch list` normally answers from the library's listing (written at each close); the same list
// with the listing removed first, which opens and checks the whole library, is printed beside it.
// Issue 25: the other commands that read no batch rows (`outbox list`, `project list`,
// `sync --dry-run`, `publications list`) <= 2x `node -e ''` too, against a folder holding one queued
// operation and a small cached history; the outbox and cache answer from their listings.
const REPS = Number(process.env.BENCH_REPS ?? 11);
const LIST_RATIO = 2;
const FIRST_REQUEST_MS = 500;
const BATCHES = 3;
const ROWS_PER_BATCH = 10_000;
const DISCOUNT = '{"discount":{"type":"PERCENT","percent_off":15,"effect":"APPLY_TO_ORDER"}}';
const BIN = join(process.cwd(), 'bin', 'voucher-desk.js');
const env = { VOUCHER_DESK_KEYCHAIN_SERVICE: `voucher-desk-bench-${randomUUID()}`, VOUCHER_DESK_PROJECT: '' };
const dir = mkdtempSync(join(tmpdir(), 'voucher-desk-startup-bench-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function cli(args: readonly string[], input?: string): Promise<{ stdout: string; startedAt: number }> {
  const run = await timedNode([BIN, ...args], { env, timeoutMs: 120_000, ...(input !== undefined && { input }) });
  if (run.status !== 0) throw new Error(`voucher-desk ${args.join(' ')} failed (${run.status}): ${run.stderr}`);
  return run;
}

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const range = (xs: readonly number[], digits: number) => `${Math.min(...xs).toFixed(digits)}-${Math.max(...xs).toFixed(digits)}`;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const verdict = (pass: boolean) => (pass ? 'within target' : 'MISSES target');

describe('start-up benchmark: the command line from its build', () => {
  it(`batch list against node -e '', interleaved, ${REPS} times`, async () => {
    const at = ['--data-dir', join(dir, 'list')];
    for (let b = 1; b <= BATCHES; b++) {
      await cli(['batch', 'create', `Batch ${b}`, ...at]);
      await cli(['batch', 'generate', String(b), '--count', String(ROWS_PER_BATCH), '--prefix', `B${b}-`, ...at]);
    }
    const lines = [`batch list: ${BATCHES} batches of ${ROWS_PER_BATCH.toLocaleString('en-US')} rows; load at start ${load()}`];
    const times = { node: [] as number[], list: [] as number[], full: [] as number[] };
    const order = ['node', 'list', 'full'] as const;
    for (let rep = 0; rep < REPS; rep++) {
      // Rotate who goes first, so none always runs on a machine another just warmed.
      for (const who of [...order.slice(rep % 3), ...order.slice(0, rep % 3)]) {
        if (who === 'full') rmSync(join(dir, 'list', 'library.listing.json'));
        const run = await timedNode(who === 'node' ? ['-e', ''] : [BIN, 'batch', 'list', ...at], { env, timeoutMs: 60_000 });
        expect(run.status).toBe(0);
        if (who !== 'node') expect(run.stdout).toMatch(/Batch 3\s+10000|Batch 3\s+10,000/);
        times[who].push(run.exitedAt - run.startedAt);
      }
    }
    const ratios = (ms: readonly number[]) => ms.map((t, i) => t / (times.node[i] as number));
    const [list, full] = [ratios(times.list), ratios(times.full)];
    lines.push(
      `  node -e '': ${median(times.node)} ms (${range(times.node, 0)}); voucher-desk batch list: ${median(times.list)} ms (${range(times.list, 0)})`,
      `  batch list / node -e '': ${median(list).toFixed(2)}x (${range(list, 2)}); target <= ${LIST_RATIO}x: ${verdict(median(list) <= LIST_RATIO)}`,
      `  batch list with the listing removed (full open): ${median(times.full)} ms (${range(times.full, 0)}), ${median(full).toFixed(2)}x (${range(full, 2)})`,
      `load at end ${load()}`,
    );
    console.log(lines.join('\n'));
  });

  it(`outbox list, project list, sync --dry-run and publications list against node -e '', interleaved, ${REPS} times`, async () => {
    const sb = await startSandboxProcess();
    const at = ['--data-dir', join(dir, 'reads')];
    const target = ['--target', sb.url];
    try {
      await cli(['batch', 'create', 'reads', '--type', 'discount', '--defaults', DISCOUNT, ...at]);
      await cli(['batch', 'generate', 'reads', '--count', '1000', '--prefix', 'R-', ...at]);
      await cli(['keys', 'set', sb.url, '--app-id', sb.appId, ...at], sb.appToken);
      await cli(['queue', 'import', 'reads', ...at]);
      await cli(['publications', 'pull', ...target, ...at]);
      const commands: Record<string, { args: string[]; shows: RegExp }> = {
        'outbox list': { args: ['outbox', 'list', ...at], shows: /import-csv\s+queued/ },
        'project list': { args: ['project', 'list', ...at], shows: /\*\s+http/ },
        'sync --dry-run': { args: ['sync', '--dry-run', ...target, ...at], shows: /1 request, 1,000 codes/ },
        'publications list': { args: ['publications', 'list', ...target, ...at], shows: /Showing 1-10 of/ },
      };
      const order = ['node', ...Object.keys(commands)];
      const times = new Map<string, number[]>(order.map((who) => [who, []]));
      const lines = [`reading commands: 1 queued operation of 1,000 codes, ${order.length - 1} commands; load at start ${load()}`];
      for (let rep = 0; rep < REPS; rep++) {
        for (const who of [...order.slice(rep % order.length), ...order.slice(0, rep % order.length)]) {
          const command = commands[who];
          const run = await timedNode(command ? [BIN, ...command.args] : ['-e', ''], { env, timeoutMs: 60_000 });
          expect(run.status, run.stderr).toBe(0);
          if (command) expect(run.stdout).toMatch(command.shows);
          times.get(who)?.push(run.exitedAt - run.startedAt);
        }
      }
      const node = times.get('node') ?? [];
      lines.push(`  node -e '': ${median(node)} ms (${range(node, 0)})`);
      for (const who of Object.keys(commands)) {
        const ms = times.get(who) ?? [];
        const ratio = ms.map((t, i) => t / (node[i] as number));
        lines.push(
          `  ${who}: ${median(ms)} ms (${range(ms, 0)}), ${median(ratio).toFixed(2)}x (${range(ratio, 2)}); target <= ${LIST_RATIO}x: ${verdict(median(ratio) <= LIST_RATIO)}`,
        );
      }
      lines.push(`load at end ${load()}`);
      console.log(lines.join('\n'));
    } finally {
      await cli(['keys', 'delete', sb.url, ...at]).catch(() => undefined);
      await sb.stop();
    }
  });

  it(`sync's first request after its start, against a sandbox in its own process, ${REPS} times`, async () => {
    const sb = await startSandboxProcess();
    try {
      const lines = [`sync start: keychain read, outbox open, first request to a sandbox process; load at start ${load()}`];
      const firsts: number[] = [];
      for (let rep = 0; rep < REPS; rep++) {
        const at = ['--data-dir', join(dir, `sync-${rep}`)];
        await cli(['batch', 'create', 'start', '--type', 'discount', '--defaults', DISCOUNT, ...at]);
        await cli(['batch', 'generate', 'start', '--count', '1000', '--prefix', `S${rep}-`, ...at]);
        await cli(['keys', 'set', sb.url, '--app-id', sb.appId, ...at], sb.appToken);
        await cli(['queue', 'import', 'start', ...at]);
        const run = await cli(['sync', '--target', sb.url, '--yes', ...at]);
        const { requests } = await sb.get<{ requests: { receivedAtMs: number }[] }>('/__sandbox/requests');
        const first = Math.min(...requests.map((r) => r.receivedAtMs).filter((ms) => ms >= run.startedAt));
        firsts.push(first - run.startedAt);
      }
      lines.push(
        `  process start -> first request: ${median(firsts)} ms (${range(firsts, 0)}); target <= ${FIRST_REQUEST_MS} ms: ${verdict(median(firsts) <= FIRST_REQUEST_MS)}`,
        `load at end ${load()}`,
      );
      console.log(lines.join('\n'));
    } finally {
      for (let rep = 0; rep < REPS; rep++) await cli(['keys', 'delete', sb.url, '--data-dir', join(dir, `sync-${rep}`)]).catch(() => undefined);
      await sb.stop();
    }
  });
});
