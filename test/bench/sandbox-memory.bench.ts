import { loadavg } from 'node:os';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CODES_PER_IMPORT, importCodes, memoryOf } from './peer/sandbox-memory';
import { startSandboxProcess, type SandboxProcess } from './peer/sandbox-process';

// Issue 25: the sandbox is the model of the service and must not be what runs out of memory when a
// batch of ten million codes is synced. One in-memory sandbox in its own process takes imports of
// 100,000 codes (the app's unit) in the service's CSV format, codes generated here, and its resident
// memory is read at each size, so the slope shows. BENCH_MEMORY_SIZES=1000000 for a short run.
const SIZES = (process.env.BENCH_MEMORY_SIZES ?? '1000000,3000000,10000000').split(',').map(Number);
const TARGET_CODES = 10_000_000;
const TARGET_BYTES = 3 * 2 ** 30;

let sb: SandboxProcess;
beforeAll(async () => {
  sb = await startSandboxProcess();
});
afterAll(() => sb.stop());

const mib = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(0)} MiB`;

it('holds 10,000,000 imported codes in at most 3 GiB', async () => {
  const load = loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
  console.log(`sandbox memory: imports of ${CODES_PER_IMPORT.toLocaleString('en-US')} codes (CSV) into one sandbox process; load at start ${load}`);
  const start = memoryOf(sb.pid);
  console.log(`  ${'0'.padStart(10)} codes: RSS ${mib(start.rss)}`);
  const points: { codes: number; rss: number }[] = [{ codes: 0, rss: start.rss }];
  let held = 0;
  const started = Date.now();
  for (const size of SIZES) {
    while (held < size) {
      const count = Math.min(CODES_PER_IMPORT, size - held);
      await importCodes(sb, held, count);
      held += count;
    }
    const { rss, peak } = memoryOf(sb.pid);
    const last = points[points.length - 1] as { codes: number; rss: number };
    const slope = last.codes > 0 ? ` (+${((rss - last.rss) / (size - last.codes)).toFixed(0)} bytes a code since ${last.codes.toLocaleString('en-US')})` : '';
    points.push({ codes: size, rss });
    console.log(
      `  ${size.toLocaleString('en-US').padStart(10)} codes: RSS ${mib(rss)}, peak ${mib(peak)}, ${(rss / size).toFixed(0)} bytes a code${slope}; ` +
        `${((Date.now() - started) / 1000).toFixed(0)} s so far`,
    );
  }
  const stats = await sb.get<{ vouchers: number }>('/__sandbox/stats');
  expect(stats.vouchers).toBeGreaterThanOrEqual(held);
  // At 10M the figure is measured; a shorter run projects it along the slope of its last two sizes.
  const at = points.find((p) => p.codes === TARGET_CODES);
  const [a, b] = points.slice(-2) as [{ codes: number; rss: number }, { codes: number; rss: number }];
  const projected = at?.rss ?? b.rss + ((b.rss - a.rss) / (b.codes - a.codes)) * (TARGET_CODES - b.codes);
  console.log(
    `  at 10,000,000 codes: ${at ? 'RSS' : 'projected RSS'} ${mib(projected)}; target <= ${mib(TARGET_BYTES)}, ratio ${(projected / TARGET_BYTES).toFixed(2)} of target`,
  );
  expect(projected).toBeLessThanOrEqual(TARGET_BYTES);
});
