import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openCacheDatabase, pullPublications } from '../../electron/cache';
import { createClient } from '../../shared/api';
import { makeTempDir } from '../integration/cache/temp';
import { startSandboxProcess, type SandboxProcess } from './peer/sandbox-process';

// A full pull of a seeded history by the app's own pull, against a sandbox in its own process:
// the time per page must not grow with the history (the service caps a walk at 1,000 pages of 100).
const SIZES = [10_000, 100_000];
const REPS = Number(process.env.BENCH_REPS ?? 1);
// The app stores every page in its cache as it goes; on a busy machine 100,000 take many minutes.
const TIMEOUT_MS = 3_600_000;

let running: SandboxProcess | undefined;
afterAll(() => running?.stop());
const TARGET_RATIO = 1.5;

interface Run {
  size: number;
  seedMs: number;
  pages: number;
  msPerPage: number;
  sandboxCpuMsPerPage: number;
}

async function pullOnce(size: number, dir: string): Promise<Run> {
  const started = performance.now();
  const sandbox = await startSandboxProcess(['--seed-publications', String(size)]);
  running = sandbox;
  const seedMs = performance.now() - started;
  const db = await openCacheDatabase(join(dir, `cache-${size}-${Date.now()}`));
  try {
    const client = createClient({
      target: { sandbox: sandbox.url },
      auth: { type: 'keys', appId: sandbox.appId, appToken: sandbox.appToken },
      timeoutMs: 30_000,
    });
    const cpuBefore = sandbox.cpuMs();
    const start = performance.now();
    // The list walk, measured as before: a history this large would otherwise be read through exports
    // (publications-exports.bench.ts measures that).
    const summary = await pullPublications(db, client, {}, { exportsFrom: Number.POSITIVE_INFINITY });
    const pullMs = performance.now() - start;
    expect(summary).toMatchObject({ items: size, total: size, complete: true });
    const run = { size, seedMs, pages: summary.pages, msPerPage: pullMs / summary.pages, sandboxCpuMsPerPage: (sandbox.cpuMs() - cpuBefore) / summary.pages };
    console.log(`  run: ${JSON.stringify(run)}`);
    return run;
  } finally {
    await db.close();
    await sandbox.stop();
  }
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** The sandbox's list alone: every page of the history by plain HTTP, oldest first, as the pull asks for them. */
async function walkOnce(size: number): Promise<{ msPerPage: number; cpuPerPage: number }> {
  const sandbox = await startSandboxProcess(['--seed-publications', String(size)]);
  running = sandbox;
  try {
    const cpuBefore = sandbox.cpuMs();
    const start = performance.now();
    const pages = size / 100;
    for (let page = 1; page <= pages; page += 1) {
      const body = await sandbox.get<{ publications: unknown[] }>(`/v1/publications?order=created_at&limit=100&page=${page}`, true);
      expect(body.publications).toHaveLength(100);
    }
    return { msPerPage: (performance.now() - start) / pages, cpuPerPage: (sandbox.cpuMs() - cpuBefore) / pages };
  } finally {
    await sandbox.stop();
  }
}

it(
  'walks the list of 10,000 and 100,000 seeded publications by plain HTTP in time per page that does not grow',
  async () => {
    const walks = new Map<number, { msPerPage: number; cpuPerPage: number }[]>(SIZES.map((size) => [size, []]));
    for (let rep = 0; rep < REPS + 1; rep += 1) for (const size of SIZES) walks.get(size)?.push(await walkOnce(size));
    const perPage = SIZES.map((size) => {
      const mine = walks.get(size) ?? [];
      const ms = median(mine.map((w) => w.msPerPage));
      console.log(
        `sandbox list walk of ${size.toLocaleString('en-US')}: ${ms.toFixed(1)} ms a page (runs ${mine.map((w) => w.msPerPage.toFixed(1)).join(', ')}), ` +
          `its own CPU ${median(mine.map((w) => w.cpuPerPage)).toFixed(1)} ms a page`,
      );
      return ms;
    });
    const ratio = (perPage[1] ?? 0) / (perPage[0] ?? 1);
    console.log(
      `sandbox list, time per page at 100,000 / at 10,000: ${ratio.toFixed(2)}x (target <= ${TARGET_RATIO}x)${ratio <= TARGET_RATIO ? '' : ', misses'}`,
    );
  },
  TIMEOUT_MS,
);

it(
  `pulls ${SIZES.map((n) => n.toLocaleString('en-US')).join(' and ')} seeded publications in time linear in the count`,
  async () => {
    const dir = makeTempDir();
    const runs: Run[] = [];
    // Interleaved, so a busy moment on the machine falls on both sizes alike.
    for (let rep = 0; rep < REPS; rep += 1) for (const size of SIZES) runs.push(await pullOnce(size, dir));
    const figures = SIZES.map((size) => {
      const mine = runs.filter((r) => r.size === size);
      const f = {
        size,
        pages: mine[0]?.pages ?? 0,
        msPerPage: median(mine.map((r) => r.msPerPage)),
        cpuPerPage: median(mine.map((r) => r.sandboxCpuMsPerPage)),
        seedMs: median(mine.map((r) => r.seedMs)),
      };
      console.log(
        `pull of ${size.toLocaleString('en-US')} publications (${f.pages} pages of 100, ${mine.length} runs): ` +
          `${f.msPerPage.toFixed(1)} ms a page (runs ${mine.map((r) => r.msPerPage.toFixed(1)).join(', ')}), ` +
          `the sandbox's own CPU ${f.cpuPerPage.toFixed(1)} ms a page; sandbox start with the seed ${(f.seedMs / 1000).toFixed(2)} s`,
      );
      return f;
    });
    const [small, large] = figures as [(typeof figures)[number], (typeof figures)[number]];
    const ratio = large.msPerPage / small.msPerPage;
    console.log(
      `time per page at ${large.size.toLocaleString('en-US')} / at ${small.size.toLocaleString('en-US')}: ${ratio.toFixed(2)}x ` +
        `(target <= ${TARGET_RATIO}x, linear)${ratio <= TARGET_RATIO ? '' : ', misses'}; sandbox CPU per page ${(large.cpuPerPage / small.cpuPerPage).toFixed(2)}x`,
    );
    expect(large.pages).toBe(1_000);
  },
  TIMEOUT_MS,
);
