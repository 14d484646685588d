import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createClient, type AsyncAction } from '../../shared/api';
import { openLibraryServices } from '../../electron/batches/library';
import { queueImport } from '../../electron/outbox/queue-batch';
import { startSandbox } from '../../electron/sandbox/server';
import { SyncEngine } from '../../electron/sync/engine';
import { writeFixtureCsv } from '../integration/batches/csv-fixture';

const CODES = 1_000_000;
const TARGET_RATIO = 1.3;
const dir = mkdtempSync(join(tmpdir(), 'voucher-desk-sync-bench-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The time the sandbox spent with at least one import job scheduled and unfinished: its own processing time. */
function busyMs(jobs: readonly AsyncAction[]): number {
  const spans = jobs
    .map((job) => {
      const start = Date.parse(job.created_at ?? '');
      return [start, start + (job.processing_time ?? 0)] as const;
    })
    .sort((a, b) => a[0] - b[0]);
  let total = 0;
  let end = Number.NEGATIVE_INFINITY;
  for (const [from, to] of spans) {
    if (to <= end) continue;
    total += to - Math.max(from, end);
    end = to;
  }
  return total;
}

describe('sync benchmark', () => {
  it('queues 1,000,000 codes and syncs them to the sandbox', async () => {
    const csv = join(dir, 'vouchers.csv');
    await writeFixtureCsv(csv, CODES);
    const library = await openLibraryServices(join(dir, 'data'));
    const batch = await library.batches.create({ name: 'Million' });
    await library.importCsv(batch.id, csv);
    const sb = await startSandbox();
    try {
      const queueStart = performance.now();
      const op = await queueImport({ library: library.db, outbox: library.outbox }, String(batch.id), { format: 'json' });
      const queueMs = performance.now() - queueStart;

      const client = createClient({
        target: { sandbox: sb.urls.api },
        auth: { type: 'oauth', ...sb.credentials, scopes: ['vouchers', 'async-actions'] },
      });
      const syncStart = performance.now();
      const status = await new SyncEngine({ outbox: library.outbox, client }).run();
      const syncMs = performance.now() - syncStart;
      expect(status.state).toBe('finished');
      expect(library.outbox.operation(op.id).state).toBe('done');
      expect(library.outbox.failures(op.id)).toEqual([]);

      const chunks = library.outbox.chunks(op.id);
      const jobs = await Promise.all(chunks.map((c) => client.getAsyncAction(c.asyncActionId as string)));
      expect(jobs.reduce((n, j) => n + Number(j.result?.done_count ?? 0), 0)).toBe(CODES);
      const sandboxMs = busyMs(jobs);
      const ratio = syncMs / sandboxMs;
      const stats = sb.stats();
      console.log(
        [
          `sync benchmark: ${CODES.toLocaleString('en-US')} codes in ${chunks.length} import requests`,
          `  queue (plan, snapshot bodies, one durable outbox write): ${seconds(queueMs)}`,
          `  sync total: ${seconds(syncMs)}; sandbox processing: ${seconds(sandboxMs)}; ratio ${ratio.toFixed(2)}x (target within ${TARGET_RATIO}x)`,
          `  requests made: ${stats.requests} (engine: ${chunks.length} imports, ${chunks.reduce((n, c) => n + c.polls, 0)} polls); tokens minted: ${stats.tokensMinted}`,
        ].join('\n'),
      );
    } finally {
      await sb.close();
      await library.close();
    }
  });
});
