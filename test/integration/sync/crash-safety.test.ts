import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { Outbox } from '../../../electron/outbox/outbox';
import { queueImport } from '../../../electron/operations/imports';
import { openLibraryServices } from '../../../electron/desk/library';
import type { RunningSandbox } from '../../../electron/local-service/server';
import { PERCENT_DEFAULTS, clientFor, codes, sandbox, tempDir } from './helpers';

const CHILD_SOURCE = fileURLToPath(new URL('./crash-child.ts', import.meta.url));
// Bundled once to plain JavaScript so each of the many child starts is as short as it can be; it
// sits under node_modules so the bundle still finds the sql.js package next to it.
const CHILD = fileURLToPath(new URL('../../../node_modules/.cache/vd-tests/crash-child.mjs', import.meta.url));
const KILLS_WANTED = 30;
const KILLS_PER_ROUND = 12;
const CODES_PER_BATCH = 60;
// A round ends at the first sync that finishes before its kill, which comes sooner on a busy
// machine (seen: 22 kills in 8 rounds); rounds past the third run only until the kills are had.
const MAX_ROUNDS = 16;

beforeAll(() => {
  const esbuild = fileURLToPath(new URL('../../../node_modules/.bin/esbuild', import.meta.url));
  const built = spawnSync(esbuild, [
    CHILD_SOURCE,
    '--bundle',
    '--platform=node',
    '--format=esm',
    '--external:sql.js',
    `--outfile=${CHILD}`,
    '--log-level=warning',
  ]);
  if (built.status !== 0) throw new Error(`could not bundle the sync child: ${built.stderr.toString()}`);
});

interface Run {
  /** Killed while the sync was still going. */
  killed: boolean;
  output: string;
}

/** Starts a sync in a child process; kills it with SIGKILL `killAfterMs` after it is ready (or lets it finish). */
function runChild(dir: string, sb: RunningSandbox, killAfterMs: number | undefined): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CHILD, dir, sb.urls.api, sb.credentials.appId, sb.credentials.appToken], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let killed = false;
    let errors = '';
    const deadline = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.stdout.on('data', (data: Buffer) => {
      output += data.toString();
      if (killAfterMs !== undefined && output.startsWith('ready') && !killed) {
        killed = true;
        setTimeout(() => child.kill('SIGKILL'), killAfterMs);
      }
    });
    child.stderr.on('data', (data: Buffer) => {
      errors += data.toString();
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(deadline);
      if (signal === 'SIGKILL') return resolve({ killed: !output.includes('finished'), output });
      if (code !== 0) return reject(new Error(`sync child exited with ${code}: ${errors}`));
      resolve({ killed: false, output });
    });
  });
}

describe('crash safety', () => {
  it('completes every sync after SIGKILLs at random points, with every code on the service exactly once', async () => {
    const sb = await sandbox({ faults: { latencyMs: 3 }, jobPortionSize: 4 });
    const dir = tempDir();
    const client = clientFor(sb);
    let kills = 0;
    let expected = 0;
    const seededVouchers = sb.stats().vouchers;
    const started = Date.now();
    for (let round = 0; kills < KILLS_WANTED && round < MAX_ROUNDS; round += 1) {
      const list = codes(`CRASH${round}`, CODES_PER_BATCH);
      // Closed before the sync children run: each opens the library to make its requests from the rows.
      const library = await openLibraryServices(dir);
      const batch = await library.batches.create({ name: `crash ${round}`, defaults: { ...PERCENT_DEFAULTS } });
      await library.drafts.add(
        batch.id,
        list.map((code) => ({ code })),
      );
      const op = await queueImport({ library: library.db, outbox: library.outbox }, String(batch.id), { format: 'json', limits: { maxCodes: 5 } });
      await library.close();
      expected += CODES_PER_BATCH;

      for (let attempt = 0; attempt < KILLS_PER_ROUND; attempt += 1) {
        const run = await runChild(dir, sb, Math.floor(Math.random() * 300));
        if (run.killed) kills += 1;
        else break;
      }
      const last = await runChild(dir, sb, undefined);
      expect(last.output).toContain('finished');

      const check = await Outbox.open(dir);
      try {
        expect(check.operation(op.id).state).toBe('done');
        expect(check.failures(op.id)).toEqual([]);
        const requests = check.requests(op.id);
        expect(requests.every((c) => c.state === 'done' && c.asyncActionId !== null)).toBe(true);
        expect(new Set(requests.map((c) => c.asyncActionId)).size).toBe(requests.length);
        expect(requests.reduce((n, c) => n + Number(c.result?.done_count ?? 0), 0)).toBe(CODES_PER_BATCH);
      } finally {
        await check.close();
      }
    }
    expect(kills).toBeGreaterThanOrEqual(KILLS_WANTED);
    expect(sb.stats().vouchers).toBe(seededVouchers + expected);
    const recent = (await client.listAsyncActions({ limit: 100 })).items.filter((j) => j.type === 'VOUCHERS.IMPORT');
    expect(recent.every((j) => j.result?.failed_count === 0)).toBe(true);
    console.log(`crash safety: ${kills} kills, ${expected} codes, ${Math.round((Date.now() - started) / 1000)} s`);
  }, 300_000);
});
