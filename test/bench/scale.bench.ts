import { randomUUID } from 'node:crypto';
import { createReadStream, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeFixtureCsv } from '../integration/batches/csv-fixture';
import { memoryOf } from './peer/sandbox-memory';
import { startSandboxProcess, type SandboxProcess } from './peer/sandbox-process';
import { GIB, MIB, codes, folderBytes, load1, mib, seconds, sizeTable, slopeTable, times, type Measure } from './peer/scale-report';
import { timedNode } from './peer/timed-run';
import { USAGE_PRELOAD, median, usageOf, type ProcessUsage } from './peer/usage';

// Issue 25: every target for one batch, at each size of BENCH_SCALE_SIZES (default 1,000,000;
// "1000000,3000000,10000000" for the whole slope). A CSV of that many distinct valid codes is
// generated, then each step runs the built CLI in its own process (peak RSS from the kernel, via
// usage-on-exit.cjs): CSV -> batch beside csv-floor.cjs, the commands that read no rows beside
// `node -e ''`, `queue import` and the data folder's growth, `sync` to a fresh sandbox process
// (its request log, its jobs' span, its memory) and `batch export`. A missed target is printed; a
// step that fails, or a sandbox not holding exactly the batch's codes after the sync, fails the run.
const SIZES = (process.env.BENCH_SCALE_SIZES ?? '1000000').split(',').map((text) => {
  const size = Number(text.trim());
  if (!Number.isInteger(size) || size < 1) throw new Error(`BENCH_SCALE_SIZES must list whole numbers of codes, comma-separated; got ${JSON.stringify(text)}`);
  return size;
});
const COMMAND_REPS = 5;
const CODES_PER_IMPORT = 100_000;
const TARGET = {
  importRatio: 1.5,
  bytes: GIB,
  commandRatio: 2,
  commandBytes: 150 * MIB,
  queueMs: 10_000,
  queueGrowth: 0.05,
  spanRatio: 1.1,
  sandboxBytes: 3 * GIB,
  estimate: 0.1,
};
const BIN = join(process.cwd(), 'bin', 'voucher-desk.js');
const FLOOR = join(process.cwd(), 'test', 'bench', 'peer', 'csv-floor.cjs');
const env = { VOUCHER_DESK_KEYCHAIN_SERVICE: `voucher-desk-bench-${randomUUID()}`, VOUCHER_DESK_PROJECT: '' };
const root = mkdtempSync(join(tmpdir(), 'voucher-desk-scale-bench-'));
const results: { size: number; measures: Measure[] }[] = [];
afterAll(() => {
  if (results.length > 0) console.log(slopeTable(results));
  rmSync(root, { recursive: true, force: true });
});

/** Minutes a step may take at `size` codes: generous, so only a hung step is cut short. */
const timeoutFor = (size: number): number => Math.max(300_000, (size / 1_000_000) * 300_000);

/** `node [preload] <args>` in its own process; its wall time and the kernel's CPU and peak RSS. */
async function usage(args: readonly string[], size: number, input?: string): Promise<ProcessUsage & { stdout: string }> {
  const run = await timedNode(['-r', USAGE_PRELOAD, ...args], { env, timeoutMs: timeoutFor(size), ...(input !== undefined && { input }) });
  const what = `${args[0] === BIN ? `voucher-desk ${args.slice(1).join(' ')}` : args.join(' ')} at ${codes(size)} codes`;
  return { ...usageOf(run, what), stdout: run.stdout };
}

const desk = (args: readonly string[], size: number, input?: string) => usage([BIN, ...args], size, input);

/** Runs a step between two readings of the load average, "start-end". */
async function step<T>(fn: () => Promise<T>): Promise<[T, string]> {
  const before = load1();
  const value = await fn();
  return [value, `${before}-${load1()}`];
}

const atMost = (value: number, limit: number): boolean => value <= limit;

interface Job {
  id: string;
  status: string;
  created_at: string;
  updated_at: string;
}

/** Every async action of the sandbox (the list answers 100 at most: walk back by end_date). */
async function allJobs(sb: SandboxProcess): Promise<Job[]> {
  const seen = new Map<string, Job>();
  let end = '';
  for (;;) {
    const page = await sb.get<{ async_actions: Job[] }>(`/v1/async-actions?limit=100${end ? `&end_date=${encodeURIComponent(end)}` : ''}`, true);
    const fresh = page.async_actions.filter((j) => !seen.has(j.id));
    for (const job of fresh) seen.set(job.id, job);
    if (page.async_actions.length < 100 || fresh.length === 0) return [...seen.values()];
    // One millisecond past the oldest: jobs created in the same millisecond are not skipped.
    end = new Date(Math.min(...page.async_actions.map((j) => Date.parse(j.created_at))) + 1).toISOString();
  }
}

/** Lines in a file, counted streaming (the export of 10M rows is not read whole). */
async function lineCount(file: string): Promise<number> {
  let lines = 0;
  for await (const chunk of createReadStream(file)) for (const byte of chunk as Buffer) if (byte === 10) lines++;
  return lines;
}

async function runSize(size: number, index: number): Promise<Measure[]> {
  const dir = join(root, `codes-${size}`);
  mkdirSync(dir);
  const [csv, data, floorOut, exported] = ['codes.csv', 'data', 'floor.sqlite', 'export.csv'].map((f) => join(dir, f)) as [string, string, string, string];
  const at = ['--data-dir', data];
  const measures: Measure[] = [];
  await writeFixtureCsv(csv, size);

  // 1. CSV -> batch beside the floor, same file, each its own process; who goes first alternates by size.
  const [imported, importLoad] = await step(async () => {
    const floor = () => usage([FLOOR, csv, floorOut], size);
    const ours = async () => {
      const create = await desk(['batch', 'create', 'scale', ...at], size);
      const fill = await desk(['batch', 'import-csv', 'scale', csv, ...at], size);
      return { wallMs: create.wallMs + fill.wallMs, maxRssBytes: Math.max(create.maxRssBytes, fill.maxRssBytes) };
    };
    if (index % 2 === 0) {
      const f = await floor();
      return { f, d: await ours() };
    }
    const d = await ours();
    return { f: await floor(), d };
  });
  const { f, d } = imported;
  measures.push(
    {
      name: 'CSV -> batch, wall',
      ours: seconds(d.wallMs),
      baseline: `csv-floor ${seconds(f.wallMs)}`,
      ratio: times(d.wallMs / f.wallMs),
      target: `<= ${TARGET.importRatio}x`,
      met: atMost(d.wallMs / f.wallMs, TARGET.importRatio),
      load: importLoad,
    },
    {
      name: 'CSV -> batch, peak RSS',
      ours: mib(d.maxRssBytes),
      baseline: `csv-floor ${mib(f.maxRssBytes)}`,
      ratio: times(d.maxRssBytes / f.maxRssBytes),
      target: '<= 1024 MiB',
      met: atMost(d.maxRssBytes, TARGET.bytes),
      load: importLoad,
    },
  );
  rmSync(floorOut, { force: true });
  const libraryBytes = folderBytes(data);

  const sb = await startSandboxProcess();
  try {
    await desk(['keys', 'set', sb.url, '--app-id', sb.appId, ...at], size, sb.appToken);
    const target = ['--target', sb.url];

    // 3. `queue import` for the project the key names (before the commands, so `outbox` and `sync --dry-run` show the operation).
    const beforeQueue = folderBytes(data);
    const [queued, queueLoad] = await step(() => desk(['queue', 'import', 'scale', ...at], size));
    const grown = folderBytes(data) - beforeQueue;
    const share = grown / libraryBytes;
    const queueMeasures: Measure[] = [
      {
        name: 'queue import, wall',
        ours: seconds(queued.wallMs),
        baseline: '-',
        ratio: '-',
        target: '<= 10 s',
        met: atMost(queued.wallMs, TARGET.queueMs),
        load: queueLoad,
      },
      {
        name: 'queue import, peak RSS',
        ours: mib(queued.maxRssBytes),
        baseline: '-',
        ratio: '-',
        target: '<= 1024 MiB',
        met: atMost(queued.maxRssBytes, TARGET.bytes),
        load: queueLoad,
      },
      {
        name: 'queue import, data folder growth',
        ours: mib(grown),
        baseline: `library ${mib(libraryBytes)}`,
        ratio: `${(share * 100).toFixed(1)}%`,
        target: '<= 5%',
        met: atMost(share, TARGET.queueGrowth),
        load: queueLoad,
      },
    ];

    // 2. Commands that read no rows, start to exit, beside `node -e ''`, interleaved with the order rotated.
    const commands: [string, string[]][] = [
      ['batch list', ['batch', 'list', ...at]],
      ['outbox list', ['outbox', 'list', ...at]],
      ['project list', ['project', 'list', ...at]],
      ['sync --dry-run', ['sync', '--dry-run', ...target, ...at]],
      ['publications list', ['publications', 'list', ...target, ...at]],
    ];
    const runs = new Map<string, ProcessUsage[]>([['node', []], ...commands.map(([name]) => [name, []] as [string, ProcessUsage[]])]);
    const [, commandLoad] = await step(async () => {
      const order = ['node', ...commands.map(([name]) => name)];
      for (let rep = 0; rep < COMMAND_REPS; rep++) {
        for (const who of [...order.slice(rep % order.length), ...order.slice(0, rep % order.length)]) {
          const args = who === 'node' ? ['-e', ''] : [BIN, ...(commands.find(([name]) => name === who)?.[1] ?? [])];
          runs.get(who)?.push(await usage(args, size));
        }
      }
    });
    const node = runs.get('node') ?? [];
    for (const [name] of commands) {
      const ours = runs.get(name) ?? [];
      const wallRatio = median(ours.map((r, i) => r.wallMs / (node[i]?.wallMs ?? NaN)));
      const rss = median(ours.map((r) => r.maxRssBytes));
      measures.push(
        {
          name: `${name}, start to exit`,
          ours: `${median(ours.map((r) => r.wallMs))} ms`,
          baseline: `node -e '' ${median(node.map((r) => r.wallMs))} ms`,
          ratio: times(wallRatio),
          target: `<= ${TARGET.commandRatio}x`,
          met: atMost(wallRatio, TARGET.commandRatio),
          load: commandLoad,
        },
        {
          name: `${name}, peak RSS`,
          ours: mib(rss),
          baseline: `node -e '' ${mib(median(node.map((r) => r.maxRssBytes)))}`,
          ratio: '-',
          target: '<= 150 MiB',
          met: atMost(rss, TARGET.commandBytes),
          load: commandLoad,
        },
      );
    }
    measures.push(...queueMeasures);

    // 4. `sync` to the fresh sandbox: calls from its request log, its jobs' span, its memory; the SDK peer is sync.bench.ts.
    const estimate = (JSON.parse((await desk(['sync', '--dry-run', ...target, '--json', ...at], size)).stdout) as { calls: { total: number } }).calls.total;
    const before = await sb.get<{ requests: number; vouchers: number }>('/__sandbox/stats');
    const [synced, syncLoad] = await step(async () => {
      const startedAt = Date.now();
      return { run: await desk(['sync', '--yes', ...target, ...at], size), startedAt };
    });
    const after = await sb.get<{ requests: number; vouchers: number }>('/__sandbox/stats');
    expect(after.vouchers - before.vouchers, `the sandbox holds the batch's ${codes(size)} codes after the sync`).toBe(size);
    const calls = after.requests - before.requests;
    const { requests } = await sb.get<{ requests: { method: string; path: string; receivedAtMs: number }[] }>('/__sandbox/requests');
    const kinds: Record<string, number> = {};
    for (const r of requests.filter((x) => x.receivedAtMs >= synced.startedAt)) {
      const kind = `${r.method} ${r.path.replace(/^\/v1\//, '').replace(/\/aa_[^/]+$/, '/:id')}`;
      kinds[kind] = (kinds[kind] ?? 0) + 1;
    }
    const jobs = (await allJobs(sb)).filter((j) => Date.parse(j.created_at) >= synced.startedAt);
    if (jobs.length === 0 || jobs.some((j) => j.status !== 'DONE'))
      throw new Error(`sync at ${codes(size)} codes: jobs not all DONE: ${JSON.stringify(jobs.map((j) => j.status))}`);
    const spanMs = Math.max(...jobs.map((j) => Date.parse(j.updated_at))) - Math.min(...jobs.map((j) => Date.parse(j.created_at)));
    const sandbox = memoryOf(sb.pid);
    const fewest = Math.ceil(size / CODES_PER_IMPORT) + 2;
    const callLimit = Math.floor(Math.max(1.25 * fewest, fewest + 2));
    const off = Math.abs(estimate - calls) / calls;
    const wall = synced.run.wallMs;
    const kindText = Object.entries(kinds)
      .map(([k, n]) => `${n} ${k}`)
      .join(', ');
    measures.push(
      {
        name: 'sync, API calls',
        ours: `${calls}`,
        baseline: `fewest ${fewest}`,
        ratio: times(calls / fewest),
        target: `<= ${callLimit}`,
        met: atMost(calls, callLimit),
        load: syncLoad,
      },
      { name: 'sync, calls by kind', ours: kindText, baseline: '-', ratio: '-', target: '-', load: syncLoad },
      {
        name: 'sync, dry run estimate',
        ours: `${estimate}`,
        baseline: `made ${calls}`,
        ratio: `${(off * 100).toFixed(0)}% off`,
        target: 'within 10%',
        met: atMost(off, TARGET.estimate),
        load: syncLoad,
      },
      {
        name: 'sync, client peak RSS',
        ours: mib(synced.run.maxRssBytes),
        baseline: '-',
        ratio: '-',
        target: '<= 1024 MiB',
        met: atMost(synced.run.maxRssBytes, TARGET.bytes),
        load: syncLoad,
      },
      {
        name: 'sync, wall',
        ours: seconds(wall),
        baseline: `sandbox jobs' span ${seconds(spanMs)} (${jobs.length} jobs)`,
        ratio: times(wall / spanMs),
        target: `<= ${TARGET.spanRatio}x span`,
        met: atMost(wall / spanMs, TARGET.spanRatio),
        load: syncLoad,
      },
      {
        name: 'sandbox RSS after the sync',
        ours: mib(sandbox.rss),
        baseline: `peak ${mib(sandbox.peak)}`,
        ratio: '-',
        target: '<= 3072 MiB',
        met: atMost(sandbox.rss, TARGET.sandboxBytes),
        load: syncLoad,
      },
    );
  } finally {
    await desk(['keys', 'delete', sb.url, ...at], size).catch(() => undefined);
    await sb.stop();
  }

  // 5. `batch export` of the batch to a CSV file.
  const [exportRun, exportLoad] = await step(() => desk(['batch', 'export', 'scale', '--out', exported, ...at], size));
  const rows = (await lineCount(exported)) - 1;
  measures.push(
    {
      name: 'batch export, wall',
      ours: seconds(exportRun.wallMs),
      baseline: `${codes(rows)} rows, ${mib(statSync(exported).size)}`,
      ratio: '-',
      target: '-',
      load: exportLoad,
    },
    {
      name: 'batch export, peak RSS',
      ours: mib(exportRun.maxRssBytes),
      baseline: '-',
      ratio: '-',
      target: '<= 1024 MiB',
      met: atMost(exportRun.maxRssBytes, TARGET.bytes),
      load: exportLoad,
    },
  );
  rmSync(dir, { recursive: true, force: true });
  return measures;
}

describe('scale benchmark (issue 25): one batch through every step, at each size', () => {
  SIZES.forEach((size, index) => {
    it(`${codes(size)} codes`, { timeout: 8 * timeoutFor(size) + 600_000 }, async () => {
      const measures = await runSize(size, index);
      results.push({ size, measures });
      console.log(`${sizeTable(size, measures)}\n  (the SDK-script peer of sync runs in sync.bench.ts, BENCH_CODES=${size})`);
    });
  });
});
