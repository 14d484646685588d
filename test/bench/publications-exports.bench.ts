import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { keysForSandbox } from '../integration/cli-inspect/spawn-bin';
import { makeTempDir } from '../integration/cache/temp';
import { startSandboxProcess, type SandboxProcess } from './peer/sandbox-process';
import { timedNode } from './peer/timed-run';
import { USAGE_PRELOAD, usageOf } from './peer/usage';

// Targets (issue 26): a first full pull of 1,000,000 seeded publications in <= 200 API calls with
// the pulling process's peak RSS <= 1 GiB; then 1,000 new ones in <= 20 calls. The pull runs in
// its own process, the real `voucher-desk publications pull`, against a sandbox in another; calls
// are counted in the sandbox's request log (exports and their downloads included). BENCH_SIZES
// (comma-separated) runs other sizes, e.g. 100000,300000,1000000 for the slope.

const SIZES = (process.env.BENCH_SIZES ?? '1000000').split(',').map(Number);
const NEW = 1_000;
const CALLS_TARGET = 200;
const NEW_CALLS_TARGET = 20;
const RSS_TARGET = 1024 ** 3;
const TIMEOUT_MS = 3_600_000;

let running: SandboxProcess | undefined;
afterAll(() => running?.stop());

const env = { VOUCHER_DESK_KEYCHAIN_SERVICE: `voucher-desk-exports-bench-${randomUUID()}`, VOUCHER_DESK_PROJECT: '' };

interface Figures {
  size: number;
  seedS: number;
  calls: number;
  wallS: number;
  peakRssMiB: number;
  newCalls: number;
  newWallS: number;
}

async function requestCount(sandbox: SandboxProcess): Promise<number> {
  return (await sandbox.get<{ requests: unknown[] }>('/__sandbox/requests')).requests.length;
}

async function benchOnce(size: number): Promise<Figures> {
  const dir = makeTempDir();
  const at = ['--data-dir', join(dir, 'data')];
  const started = performance.now();
  const sandbox = await startSandboxProcess(['--seed-publications', String(size)]);
  running = sandbox;
  const seedS = (performance.now() - started) / 1000;
  const deleteKeys = await keysForSandbox(sandbox.url, { appId: sandbox.appId, appToken: sandbox.appToken }, env, at);
  try {
    const pull = async () => {
      const before = await requestCount(sandbox);
      const run = await timedNode(
        ['-r', USAGE_PRELOAD, join(process.cwd(), 'bin', 'voucher-desk.js'), 'publications', 'pull', '--json', '--target', sandbox.url, ...at],
        {
          env,
          timeoutMs: TIMEOUT_MS,
        },
      );
      const usage = usageOf(run, 'publications pull');
      const summary = JSON.parse(run.stdout) as { items: number; total: number; added: number; requests: number; complete: boolean };
      // The request log counts the pull's own calls; the count above is one more call of ours.
      const calls = (await requestCount(sandbox)) - before - 1;
      return { usage, summary, calls };
    };
    const first = await pull();
    expect(first.summary).toMatchObject({ total: size, added: size, complete: true });
    const appended = await fetch(`${sandbox.url}/__sandbox/publications`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ count: NEW }),
    });
    expect(appended.status).toBe(200);
    const next = await pull();
    expect(next.summary).toMatchObject({ added: NEW, complete: true });
    const figures: Figures = {
      size,
      seedS,
      calls: first.calls,
      wallS: first.usage.wallMs / 1000,
      peakRssMiB: first.usage.maxRssBytes / 1024 ** 2,
      newCalls: next.calls,
      newWallS: next.usage.wallMs / 1000,
    };
    console.log(
      `full pull of ${size.toLocaleString('en-US')} publications: ${figures.calls} calls (target <= ${CALLS_TARGET}), ` +
        `${figures.wallS.toFixed(1)} s, peak RSS ${figures.peakRssMiB.toFixed(0)} MiB (target <= 1024); ` +
        `then ${NEW} new: ${figures.newCalls} calls (target <= ${NEW_CALLS_TARGET}), ${figures.newWallS.toFixed(1)} s; sandbox seeded in ${seedS.toFixed(1)} s`,
    );
    return figures;
  } finally {
    await deleteKeys();
    await sandbox.stop();
  }
}

it(
  `pulls ${SIZES.map((n) => n.toLocaleString('en-US')).join(', ')} seeded publications through exports within the calls and memory targets`,
  async () => {
    const all: Figures[] = [];
    for (const size of SIZES) all.push(await benchOnce(size));
    if (all.length > 1) {
      const [a, b] = [all[0] as Figures, all.at(-1) as Figures];
      console.log(
        `slope ${a.size.toLocaleString('en-US')} -> ${b.size.toLocaleString('en-US')}: wall ${(b.wallS / a.wallS).toFixed(2)}x for ${(b.size / a.size).toFixed(1)}x the publications`,
      );
    }
    for (const f of all) {
      expect(f.calls).toBeLessThanOrEqual(CALLS_TARGET);
      expect(f.newCalls).toBeLessThanOrEqual(NEW_CALLS_TARGET);
      expect(f.peakRssMiB * 1024 ** 2).toBeLessThanOrEqual(RSS_TARGET);
    }
  },
  TIMEOUT_MS,
);
