import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLibraryServices } from '../../electron/desk/library';
import { fixtureCode, writeFixtureCsv } from '../integration/batches/csv-fixture';
import { timedNode } from './peer/timed-run';
import { USAGE_PRELOAD, median, ratioText, usageOf, type ProcessUsage } from './peer/usage';

// `voucher-desk batch import-csv` of a 1,000,000-row CSV against the floor a developer would write
// (test/bench/peer/csv-floor.cjs), each in its own process, interleaved, BENCH_REPS times (3).
const ROWS = 1_000_000;
const REPS = Number(process.env.BENCH_REPS ?? 3);
const TARGET_RATIO = 1.5;
const TIMEOUT_MS = 300_000;
const BIN = join(process.cwd(), 'bin', 'voucher-desk.js');
const FLOOR = join(process.cwd(), 'test', 'bench', 'peer', 'csv-floor.cjs');
const dir = mkdtempSync(join(tmpdir(), 'voucher-desk-bench-'));
const csv = join(dir, 'vouchers.csv');
afterAll(() => rmSync(dir, { recursive: true, force: true }));
beforeAll(() => writeFixtureCsv(csv, ROWS));

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const load = () => loadavg()[0]?.toFixed(1) ?? '?';

async function desk(data: string): Promise<ProcessUsage> {
  const create = await timedNode([BIN, 'batch', 'create', 'Million', '--data-dir', data], { timeoutMs: TIMEOUT_MS });
  if (create.status !== 0) throw new Error(`batch create failed: ${create.stderr}`);
  const run = await timedNode(['-r', USAGE_PRELOAD, BIN, 'batch', 'import-csv', '1', csv, '--data-dir', data], { timeoutMs: TIMEOUT_MS });
  return usageOf(run, 'voucher-desk batch import-csv');
}

async function floor(out: string): Promise<ProcessUsage> {
  return usageOf(await timedNode(['-r', USAGE_PRELOAD, FLOOR, csv, out], { timeoutMs: TIMEOUT_MS }), 'csv-floor.cjs');
}

function verdict(ratio: number): string {
  return `target <= ${TARGET_RATIO}x, ${ratio <= TARGET_RATIO ? 'met' : 'NOT met'}`;
}

describe('library benchmark', () => {
  let lastData = '';

  it('imports a 1,000,000-row CSV into a durable batch, side by side with the floor script', async () => {
    const pairs: { desk: ProcessUsage; floor: ProcessUsage; load: string }[] = [];
    for (let rep = 0; rep < REPS; rep++) {
      const data = join(dir, `data-${rep}`);
      const out = join(dir, `floor-${rep}.sqlite`);
      const before = load();
      // Alternate who goes first, so neither always runs on a machine the other just warmed.
      const deskFirst = rep % 2 === 1;
      const first = deskFirst ? await desk(data) : await floor(out);
      const second = deskFirst ? await floor(out) : await desk(data);
      pairs.push({ desk: deskFirst ? first : second, floor: deskFirst ? second : first, load: `${before}-${load()}` });
      expect(statSync(out).size).toBeGreaterThan(0);
      lastData = data;
    }
    const lines = [`library benchmark: ${ROWS.toLocaleString('en-US')}-row CSV (${mib(statSync(csv).size)}) -> durable batch, each side its own process`];
    pairs.forEach((p, i) =>
      lines.push(
        `  run ${i + 1} (load ${p.load}): voucher-desk ${s(p.desk.wallMs)} wall, ${s(p.desk.cpuMs)} CPU, peak ${mib(p.desk.maxRssBytes)}; floor ${s(p.floor.wallMs)} wall, ${s(p.floor.cpuMs)} CPU, peak ${mib(p.floor.maxRssBytes)}`,
      ),
    );
    const wall = pairs.map((p) => p.desk.wallMs / p.floor.wallMs);
    const cpu = pairs.map((p) => p.desk.cpuMs / p.floor.cpuMs);
    const memory = pairs.map((p) => p.desk.maxRssBytes / p.floor.maxRssBytes);
    lines.push(
      `  wall, voucher-desk / floor: ${ratioText(wall)}; ${verdict(median(wall))}`,
      `  CPU, voucher-desk / floor: ${ratioText(cpu)} (both threads of the import)`,
      `  peak memory, voucher-desk / floor: ${ratioText(memory)}; ${verdict(median(memory))}`,
      `  medians: voucher-desk ${s(median(pairs.map((p) => p.desk.wallMs)))}, ${mib(median(pairs.map((p) => p.desk.maxRssBytes)))}; floor ${s(median(pairs.map((p) => p.floor.wallMs)))}, ${mib(median(pairs.map((p) => p.floor.maxRssBytes)))}`,
    );
    console.log(lines.join('\n'));
  });

  it('times one small durable write, pages, compaction and reopening on the imported library', async () => {
    const library = await openLibraryServices(lastData);
    const files = library.db.files();
    const timed = async (fn: () => unknown) => {
      const start = performance.now();
      await fn();
      return performance.now() - start;
    };
    const smallWriteMs = await timed(() => library.drafts.edit(1, 500_000, { set: { category: 'edited' } }));
    const firstPageMs = await timed(() => library.drafts.page(1, { offset: 0, limit: 100 }));
    const pageMs = await timed(() => expect(library.drafts.page(1, { offset: 900_000, limit: 100 }).rows[0]?.code).toBe(fixtureCode(900_001)));
    const codePageMs = await timed(() => library.drafts.page(1, { offset: 900_000, limit: 100, sort: 'code' }));
    const codePageAgainMs = await timed(() => library.drafts.page(1, { offset: 900_100, limit: 100, sort: 'code' }));
    const compactMs = await timed(() => library.db.compact());
    await library.close();
    let again: Awaited<ReturnType<typeof openLibraryServices>> | undefined;
    const reopenMs = await timed(async () => (again = await openLibraryServices(lastData)));
    expect(again?.drafts.row(1, 500_000)).toMatchObject({ code: fixtureCode(500_000), fields: { category: 'edited' } });
    await again?.close();
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    console.log(
      [
        `library after the import: file ${mib(files.fileBytes)} (${(files.fileBytes / ROWS).toFixed(0)} bytes/row), load ${load()}`,
        `  one small durable write (edit one row, journal + fsync): ${ms(smallWriteMs)}`,
        `  one page of 100 rows at offset 0 (right after the edit, so it counts the rows again): ${ms(firstPageMs)}; at offset 900,000: ${ms(pageMs)}`,
        `  by code at offset 900,000: ${ms(codePageMs)} (finds the seek points once per commit), the next page ${ms(codePageAgainMs)}`,
        `  full snapshot of the library (compaction): ${ms(compactMs)}`,
        `  reopen (load file + replay journal): ${ms(reopenMs)}`,
      ].join('\n'),
    );
  });
});
