// A process killed while queueing a batch leaves the outbox without the operation or with all of it,
// and the library as it was; whatever is queued afterwards puts every code on the service once,
// judged by the sandbox's vouchers and request log.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCsvFile } from '../../../electron/batches/csv-import';
import { readSegments } from '../../../electron/batches/segments';
import { openLibraryServices } from '../../../electron/desk/library';
import { queueImport } from '../../../electron/operations/imports';
import { SyncEngine } from '../../../electron/sync/engine';
import { writeFixtureCsv } from '../batches/csv-fixture';
import { runChild } from '../kill-child';
import { clientFor, sandbox, tempDir } from './helpers';

const ROWS = 150_000;

/** Queues the batch in a child process and SIGKILLs it `afterMs` after it says it is about to queue. */
function queueAndKill(dataDir: string, batch: number, maxCodes: number | undefined, afterMs: number): Promise<string[]> {
  const args = [dataDir, String(batch), maxCodes ? String(maxCodes) : ''];
  return runChild(
    join(import.meta.dirname, 'queue-child.ts'),
    args,
    (line, child) => {
      if (line === 'ready') setTimeout(() => child.kill('SIGKILL'), afterMs);
    },
    60_000,
  );
}

describe('a process killed while queueing a batch', () => {
  it('leaves no part of the operation, and what is queued after puts every code on the service once', async () => {
    const dir = tempDir();
    const csv = join(tempDir(), 'codes.csv');
    await writeFixtureCsv(csv, ROWS);
    const first = await openLibraryServices(dir);
    const batch = (await first.batches.create({ name: 'Queued', defaults: {} })).id;
    await importCsvFile(first.db, () => undefined, batch, csv);
    const segments = readSegments(first.db, batch);
    await first.close();

    // From the segments (no row read) and row by row (7 codes a request): killed at once, and later.
    const trials: [number | undefined, number][] = [
      [undefined, 0],
      [undefined, 150],
      [7, 0],
      [7, 300],
      [7, 1000],
    ];
    let killedWhileQueueing = 0;
    for (const [maxCodes, afterMs] of trials) {
      const lines = await queueAndKill(dir, batch, maxCodes, afterMs);
      expect(lines.at(-1)).toBe('exit SIGKILL');
      if (!lines.some((line) => line.startsWith('queued'))) killedWhileQueueing += 1;
      const after = await openLibraryServices(dir);
      try {
        expect(after.batches.get(batch).rows).toBe(ROWS);
        expect(readSegments(after.db, batch)).toEqual(segments);
        for (const op of after.outbox.operations({ open: true })) {
          // Whole or absent: every row of the batch in its requests, in order, each with its checksum.
          const requests = after.outbox.requests(op.id);
          expect(requests.reduce((sum, r) => sum + r.codes, 0)).toBe(ROWS);
          expect(requests.every((r) => r.sourceHash !== null && r.rowsFrom !== null && r.rowsTo !== null)).toBe(true);
          expect(requests.map((r) => r.rowsFrom)).toEqual([1, ...requests.slice(0, -1).map((r) => (r.rowsTo as number) + 1)]);
          expect(requests.at(-1)?.rowsTo).toBe(ROWS);
          await after.outbox.cancel(op.id);
        }
      } finally {
        await after.close();
      }
    }
    expect(killedWhileQueueing).toBeGreaterThan(0);

    const last = await openLibraryServices(dir);
    try {
      const op = await queueImport({ library: last.db, outbox: last.outbox }, String(batch), { format: 'csv-when-fits' });
      const sb = await sandbox();
      const before = sb.stats().vouchers;
      expect((await new SyncEngine({ outbox: last.outbox, client: clientFor(sb) }).run()).state).toBe('finished');
      expect(sb.stats().vouchers - before).toBe(ROWS);
      expect(sb.requestLog().filter((r) => r.method === 'POST' && r.path.startsWith('/v1/vouchers/import'))).toHaveLength(2);
      expect(last.outbox.tally(op.id)).toEqual({ applied: ROWS, present: 0, failed: 0 });
    } finally {
      await last.close();
    }
  }, 240_000);
});
