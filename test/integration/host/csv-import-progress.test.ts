import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebApp, type WebApp } from '../../../electron/host/web-cli';
import type { CsvImportProgress } from '../../../shared/ipc/events';
import { MAX_CSV_PIECE } from '../../../shared/ipc/batches';
import { writeVoucherCsv } from '../../e2e/fixtures';

const ROWS = 150_000;

async function invoke<T>(app: WebApp, channel: string, body: unknown): Promise<T> {
  const answer = await fetch(new URL(`/api/invoke/${channel}`, app.host.origin), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-voucher-desk-token': app.host.token },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(60_000),
  });
  const envelope = (await answer.json()) as { ok: boolean; value: T; error?: { message: string } };
  if (!envelope.ok) throw new Error(`${channel}: ${envelope.error?.message}`);
  return envelope.value;
}

/** Collects every csv.importProgress frame of the page's event stream until stopped. */
function listen(app: WebApp): Promise<{ events: CsvImportProgress[]; stop(): void }> {
  return new Promise((resolve, reject) => {
    const events: CsvImportProgress[] = [];
    let text = '';
    const req = request(new URL(`/api/events?token=${app.host.token}`, app.host.origin), (res) => {
      res.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
        const frames = text.split('\n\n');
        text = frames.pop() ?? '';
        for (const frame of frames) {
          const match = /^event: csv\.importProgress\ndata: (.*)$/s.exec(frame);
          if (match?.[1]) events.push(JSON.parse(match[1]) as CsvImportProgress);
        }
      });
      res.once('data', () => resolve({ events, stop: () => req.destroy() }));
    });
    req.on('error', (error) => {
      if (!req.destroyed) reject(error);
    });
    req.end();
  });
}

describe('CSV import progress over the web host', () => {
  let dir: string;
  let app: WebApp;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'voucher-desk-import-progress-'));
    mkdirSync(join(dir, 'renderer'));
    writeFileSync(join(dir, 'renderer', 'index.html'), '<!doctype html><title>t</title>');
    app = await startWebApp({ dataDir: join(dir, 'data'), rendererDir: join(dir, 'renderer'), memoryKeychain: true });
  });

  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('streams rows read, bytes read and total bytes of the running import, ending at the whole file', async () => {
    const file = writeVoucherCsv(dir, ROWS);
    const size = statSync(file).size;
    const batch = await invoke<{ id: number }>(app, 'batches.create', { name: 'progress' });
    const { uploadId } = await invoke<{ uploadId: string }>(app, 'csv.uploadStart', { name: 'vouchers.csv' });
    const text = readFileSync(file, 'utf8');
    for (let at = 0; at < text.length; at += MAX_CSV_PIECE) await invoke(app, 'csv.uploadChunk', { uploadId, text: text.slice(at, at + MAX_CSV_PIECE) });

    const stream = await listen(app);
    const report = await invoke<{ rowsRead: number }>(app, 'csv.import', { uploadId, batchId: batch.id, mode: 'keep-all' });
    const deadline = Date.now() + 10_000;
    while (!stream.events.some((e) => e.phase === 'saving') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    stream.stop();

    const { events } = stream;
    expect(report.rowsRead).toBe(ROWS);
    expect(events.length).toBeGreaterThan(1);
    expect(events.every((e) => e.uploadId === uploadId && e.batchId === batch.id && e.totalBytes === size)).toBe(true);
    for (let i = 1; i < events.length; i += 1) {
      expect(events[i]!.bytesRead).toBeGreaterThanOrEqual(events[i - 1]!.bytesRead);
      expect(events[i]!.rowsRead).toBeGreaterThanOrEqual(events[i - 1]!.rowsRead);
    }
    expect(events.some((e) => e.phase === 'reading' && e.bytesRead < size)).toBe(true);
    expect(events.at(-1)).toEqual({ uploadId, batchId: batch.id, phase: 'saving', rowsRead: ROWS, bytesRead: size, totalBytes: size });
  }, 120_000);
});
