import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planImportChunks } from '../../shared/domain/chunk-planner';
import { createCsvReader } from '../../shared/domain/csv-reader';
import { csvPieces } from '../../shared/domain/csv-writer';
import type { VoucherDraft } from '../../shared/domain/voucher';

const ROWS = 1_000_000;
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

function startTiming(): () => Timing {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  return () => {
    const used = process.cpuUsage(cpu);
    return { wallMs: performance.now() - wall, cpuMs: (used.user + used.system) / 1000 };
  };
}

interface Peak {
  rss: number;
  heapUsed: number;
}

/** Samples memory on a timer and on demand while `run` works; returns its peak. */
async function withPeakMemory<T>(run: (sample: () => void) => Promise<T>): Promise<{ result: T; peak: Peak }> {
  const peak: Peak = { rss: 0, heapUsed: 0 };
  const sample = () => {
    const m = process.memoryUsage();
    peak.rss = Math.max(peak.rss, m.rss);
    peak.heapUsed = Math.max(peak.heapUsed, m.heapUsed);
  };
  const timer = setInterval(sample, 50);
  try {
    const result = await run(sample);
    sample();
    return { result, peak };
  } finally {
    clearInterval(timer);
  }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const perSecond = (rows: number, ms: number) => Math.round(rows / (ms / 1000)).toLocaleString('en-US');
const rate = (rows: number, t: Timing) =>
  `${perSecond(rows, t.wallMs)} rows/s wall (${(t.wallMs / 1000).toFixed(1)} s), ${perSecond(rows, t.cpuMs)} rows/s of CPU time (${(t.cpuMs / 1000).toFixed(1)} s)`;

describe('domain benchmark', () => {
  let dir = '';
  let file = '';

  beforeAll(async () => {
    const stop = startTiming();
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
    console.log(`wrote the ${ROWS.toLocaleString('en-US')}-row CSV with csvPieces in ${(stop().wallMs / 1000).toFixed(1)} s`);
  });

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('parses, maps and validates a 1,000,000-row CSV within 3x of a bare papaparse parse', async () => {
    const size = (await stat(file)).size;
    console.log(`file: ${ROWS.toLocaleString('en-US')} rows, ${mb(size)}`);

    const bare = await withPeakMemory(async (sample) => {
      const stop = startTiming();
      let rows = 0;
      await new Promise<void>((resolve, reject) => {
        Papa.parse(createReadStream(file, { encoding: 'utf8' }) as unknown as File, {
          chunk: (results: Papa.ParseResult<unknown>) => {
            rows += results.data.length;
            sample();
          },
          complete: () => resolve(),
          error: (error: Error) => reject(error),
        });
      });
      return { rows, time: stop() };
    });

    const ours = await withPeakMemory(async (sample) => {
      const stop = startTiming();
      let rows = 0;
      let withErrors = 0;
      const reader = createCsvReader({
        onRow: (row) => {
          rows += 1;
          if (row.problems.some((p) => p.severity === 'error')) withErrors += 1;
        },
      });
      for await (const chunk of createReadStream(file, { encoding: 'utf8' })) {
        reader.write(chunk as string);
        sample();
      }
      reader.end();
      return { rows, withErrors, time: stop() };
    });

    const cpuRatio = ours.result.time.cpuMs / bare.result.time.cpuMs;
    const wallRatio = ours.result.time.wallMs / bare.result.time.wallMs;
    console.log(`bare papaparse parse:   ${rate(bare.result.rows, bare.result.time)}; peak rss ${mb(bare.peak.rss)}, heap ${mb(bare.peak.heapUsed)}`);
    console.log(`parse + map + validate: ${rate(ours.result.rows, ours.result.time)}; peak rss ${mb(ours.peak.rss)}, heap ${mb(ours.peak.heapUsed)}`);
    console.log(`ratio to bare parse:    ${cpuRatio.toFixed(2)}x by CPU time, ${wallRatio.toFixed(2)}x by wall time (target: within 3x) ${cpuRatio <= 3 ? 'met' : 'NOT met'}`);
    expect(bare.result.rows).toBe(ROWS + 1);
    expect(ours.result.rows).toBe(ROWS);
    expect(ours.result.withErrors).toBe(0);
  });

  it('plans import chunks for 1,000,000 drafts', async () => {
    for (const format of [{ format: 'json' as const }, { format: 'csv' as const, metadataKeys: METADATA_KEYS }]) {
      const { result, peak } = await withPeakMemory(async () => {
        const stop = startTiming();
        const plans = planImportChunks(benchDrafts(ROWS), format);
        return { plans, time: stop() };
      });
      const { plans, time } = result;
      const codes = plans.reduce((sum, p) => sum + p.codes, 0);
      const largest = Math.max(...plans.map((p) => p.bytes));
      console.log(
        `plan ${format.format.padEnd(4)} chunks: ${plans.length} requests for ${codes.toLocaleString('en-US')} drafts in ${(time.wallMs / 1000).toFixed(2)} s wall, ${(time.cpuMs / 1000).toFixed(2)} s CPU (largest body ${mb(largest)}), peak rss ${mb(peak.rss)}`,
      );
      expect(codes).toBe(ROWS);
    }
  });
});
