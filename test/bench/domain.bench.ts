import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planImportRequests } from '../../shared/domain/request-planner';
import { csvPieces } from '../../shared/domain/csv-writer';
import type { VoucherDraft } from '../../shared/domain/voucher';
import { timedNode } from './peer/timed-run';
import { median, ratioText } from './peer/usage';

const ROWS = 1_000_000;
const REPS = Number(process.env.BENCH_REPS ?? 3);
const BARE = ['test/bench/peer/papaparse-bare.cjs'];
const OURS = ['--import', 'tsx', 'test/bench/peer/read-csv.ts'];
const METADATA_KEYS = ['shop', 'note'];

const KINDS = ['AMOUNT', 'PERCENT', 'FIXED'] as const;

/**
 * A realistic mix: gift cards and every discount kind the CSV carries, dates, limits, metadata and a
 * quoted note in every tenth row. Built plainly so that creating the drafts stays a small part
 * of the time measured for planning.
 */
function* benchDrafts(n: number): Generator<VoucherDraft> {
  for (let i = 0; i < n; i++) {
    const gift = i % 4 === 0;
    const draft: VoucherDraft = {
      code: `BENCH-2025-${i}`,
      type: gift ? 'GIFT_VOUCHER' : 'DISCOUNT_VOUCHER',
      category: i % 3 === 0 ? 'spring' : 'summer',
      start_date: '2025-03-01',
      expiration_date: '2026-03-01T00:00:00Z',
      redemption: { quantity: (i % 5) + 1 },
      active: i % 7 !== 0,
      metadata: { shop: i % 2 === 0 ? 'north' : 'south', note: i % 10 === 0 ? `big, "quoted" note ${i}` : 'plain' },
    };
    const kind = KINDS[i % 3];
    if (gift) draft.gift = { amount: 1000 + (i % 9000) };
    else if (kind === 'AMOUNT') draft.discount = { type: 'AMOUNT', amount_off: 500, effect: 'APPLY_TO_ORDER' };
    else if (kind === 'PERCENT') draft.discount = { type: 'PERCENT', percent_off: 15, effect: 'APPLY_TO_ORDER' };
    else draft.discount = { type: 'FIXED', fixed_amount: 1999, effect: 'APPLY_TO_ORDER' };
    yield draft;
  }
}

interface Timing {
  wallMs: number;
  /** CPU time of this process: steadier than wall time when other work shares the machine. */
  cpuMs: number;
}

// The same measure as in the processes of the parse comparison (measure-parse.cjs).
const { startMeasure } = createRequire(import.meta.url)('./peer/measure-parse.cjs') as {
  startMeasure(): { sample(): void; stop(): Timing & { peakRss: number } };
};

interface ParseRun extends Timing {
  rows: number;
  withErrors: number;
  peakRss: number;
}

/** One parse of the benchmark's file in a process of its own (papaparse-bare.cjs or read-csv.ts). */
async function parseRun(args: readonly string[]): Promise<ParseRun> {
  const run = await timedNode([...args, file], { timeoutMs: 300_000 });
  if (run.status !== 0) throw new Error(`${args.join(' ')} failed (${run.status}): ${run.stderr}`);
  return JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '') as ParseRun;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const perSecond = (rows: number, ms: number) => Math.round(rows / (ms / 1000)).toLocaleString('en-US');
const rate = (rows: number, t: Timing) =>
  `${perSecond(rows, t.wallMs)} rows/s wall (${(t.wallMs / 1000).toFixed(1)} s), ${perSecond(rows, t.cpuMs)} rows/s of CPU time (${(t.cpuMs / 1000).toFixed(1)} s)`;

let dir = '';
let file = '';

describe('domain benchmark', () => {
  beforeAll(async () => {
    const measure = startMeasure();
    dir = await mkdtemp(join(tmpdir(), 'voucher-desk-bench-'));
    file = join(dir, 'vouchers.csv');
    const out = createWriteStream(file, { encoding: 'utf8' });
    let batch: string[] = [];
    for (const piece of csvPieces(benchDrafts(ROWS), METADATA_KEYS)) {
      batch.push(piece);
      if (batch.length === 10_000) {
        if (!out.write(batch.join(''))) await once(out, 'drain');
        batch = [];
      }
    }
    out.end(batch.join(''));
    await once(out, 'finish');
    console.log(`wrote the ${ROWS.toLocaleString('en-US')}-row CSV with csvPieces in ${(measure.stop().wallMs / 1000).toFixed(1)} s`);
  });

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('parses, maps and validates a 1,000,000-row CSV within 3x of a bare papaparse parse, each in its own process', async () => {
    const size = (await stat(file)).size;
    const lines = [`file: ${ROWS.toLocaleString('en-US')} rows, ${mb(size)}; each parse in its own process, interleaved, ${REPS} runs`];
    const pairs: { bare: ParseRun; ours: ParseRun }[] = [];
    for (let rep = 0; rep < REPS; rep++) {
      const load = loadavg()[0]?.toFixed(1);
      const oursFirst = rep % 2 === 1;
      const first = await parseRun(oursFirst ? OURS : BARE);
      const second = await parseRun(oursFirst ? BARE : OURS);
      const pair = oursFirst ? { ours: first, bare: second } : { bare: first, ours: second };
      pairs.push(pair);
      lines.push(
        `  run ${rep + 1} (load ${load}): bare papaparse ${rate(pair.bare.rows, pair.bare)}, peak rss ${mb(pair.bare.peakRss)}`,
        `             parse + map + validate ${rate(pair.ours.rows, pair.ours)}, peak rss ${mb(pair.ours.peakRss)}`,
      );
      expect(pair.bare.rows).toBe(ROWS + 1);
      expect(pair.ours.rows).toBe(ROWS);
      expect(pair.ours.withErrors).toBe(0);
    }
    const cpu = pairs.map((p) => p.ours.cpuMs / p.bare.cpuMs);
    const wall = pairs.map((p) => p.ours.wallMs / p.bare.wallMs);
    lines.push(
      `ratio to bare parse: ${ratioText(cpu)} by CPU time, ${ratioText(wall)} by wall time (target: within 3x) ${median(cpu) <= 3 ? 'met' : 'NOT met'}`,
    );
    console.log(lines.join('\n'));
  });

  it('plans import requests for 1,000,000 drafts', async () => {
    for (const format of [{ format: 'json' as const }, { format: 'csv' as const, metadataKeys: METADATA_KEYS }]) {
      const measure = startMeasure();
      const plans = planImportRequests(benchDrafts(ROWS), format);
      const time = measure.stop();
      const codes = plans.reduce((sum, p) => sum + p.codes, 0);
      const largest = Math.max(...plans.map((p) => p.bytes));
      console.log(
        `plan ${format.format.padEnd(4)}: ${plans.length} requests for ${codes.toLocaleString('en-US')} drafts in ${(time.wallMs / 1000).toFixed(2)} s wall, ${(time.cpuMs / 1000).toFixed(2)} s CPU (largest body ${mb(largest)}), peak rss ${mb(time.peakRss)}`,
      );
      expect(codes).toBe(ROWS);
    }
  });
});
