import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebApp, type WebApp } from '../../../electron/host/web-cli';
import type { BatchListItem } from '../../../shared/ipc/batches';

type Envelope<T> = { ok: true; value: T } | { ok: false; error: { message: string } };

async function invoke<T>(app: WebApp, channel: string, body: unknown): Promise<Envelope<T>> {
  const answer = await fetch(new URL(`/api/invoke/${channel}`, app.host.origin), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-voucher-desk-token': app.host.token },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  return (await answer.json()) as Envelope<T>;
}

async function value<T>(app: WebApp, channel: string, body: unknown): Promise<T> {
  const envelope = await invoke<T>(app, channel, body);
  if (!envelope.ok) throw new Error(`${channel}: ${envelope.error.message}`);
  return envelope.value;
}

async function upload(app: WebApp, name: string, text: string): Promise<string> {
  const { uploadId } = await value<{ uploadId: string }>(app, 'csv.uploadStart', { name });
  if (text !== '') await value(app, 'csv.uploadChunk', { uploadId, text });
  return uploadId;
}

// The page refuses such files before uploading; main checks again, because the page is not trusted.
describe('an empty or binary upload over the web host', () => {
  let dir: string;
  let app: WebApp;
  let batchId: number;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'voucher-desk-upload-check-'));
    mkdirSync(join(dir, 'renderer'));
    writeFileSync(join(dir, 'renderer', 'index.html'), '<!doctype html><title>t</title>');
    app = await startWebApp({ dataDir: join(dir, 'data'), rendererDir: join(dir, 'renderer'), memoryKeychain: true });
    batchId = (await value<{ id: number }>(app, 'batches.create', { name: 'Target' })).id;
  });

  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const batch = async () => (await value<BatchListItem[]>(app, 'batches.list', { trash: false })).find((b) => b.id === batchId);

  it('refuses an empty file by its name, in the preview and the import, and leaves the batch untouched', async () => {
    const before = await batch();
    const uploadId = await upload(app, 'empty.csv', '');
    const preview = await invoke(app, 'csv.preview', { uploadId });
    expect(preview).toMatchObject({ ok: false, error: { message: expect.stringContaining('The CSV file empty.csv is empty (0 bytes)') } });
    const imported = await invoke(app, 'csv.import', { uploadId, batchId, mode: 'keep-all' });
    expect(imported).toMatchObject({ ok: false, error: { message: expect.stringContaining('empty.csv is empty') } });
    expect(await batch()).toEqual(before);
  });

  it('refuses text holding NUL bytes as not a text CSV, naming the file', async () => {
    const uploadId = await upload(app, 'export.xlsx', 'PK\u0003\u0004\u0014\u0000\u0006\u0000binary');
    const imported = await invoke(app, 'csv.import', { uploadId, batchId, mode: 'keep-all' });
    expect(imported).toMatchObject({ ok: false, error: { message: expect.stringContaining('export.xlsx is not a text CSV') } });
    expect((await batch())?.rows).toBe(0);
  });
});
