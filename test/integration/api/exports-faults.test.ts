import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExportFailedError, ExportTokenRejectedError, TruncatedExportError, scopesFor, type ExportObject, type VoucherClient } from '../../../shared/api';
import { csvRows, listAll, waitForExport } from './export-helpers';
import { startHarness, type Harness } from './sandbox-harness';

let h: Harness;
let client: VoucherClient;

beforeAll(async () => {
  h = await startHarness({
    projects: [
      { name: 'shop', appId: 'app-shop', appToken: 'token-shop' },
      { name: 'outlet', appId: 'app-outlet', appToken: 'token-outlet' },
    ],
  });
  client = h.client({ auth: { type: 'keys', appId: 'app-shop', appToken: 'token-shop' } });
});
afterAll(() => h.sandbox.close());

async function admin(path: string, json: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${h.sandbox.urls.api}/__sandbox/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(json),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function finished(): Promise<ExportObject> {
  const created = await client.createExport({ exported_object: 'publication', parameters: { fields: ['voucher_code', 'metadata'] } });
  return waitForExport(client, created.id);
}

describe('export faults, tokens and expiry', () => {
  it('downloads with a bearer token of scope exports', async () => {
    const oauth = h.client({ auth: { type: 'oauth', appId: 'app-shop', appToken: 'token-shop', scopes: scopesFor(['createExport', 'downloadExport']) } });
    const created = await oauth.createExport({ exported_object: 'publication' });
    const rows = csvRows(await oauth.downloadExport(await waitForExport(oauth, created.id)));
    expect(rows.length).toBe(31);
    expect(oauth.tokenStatus()?.scopes).toEqual(['exports']);
  });

  it('refuses a bad download token with 401, which the client reports as its own error', async () => {
    const done = await finished();
    const url = new URL(done.result?.url ?? '');
    url.searchParams.set('token', 'not-the-token');
    const raw = await fetch(url, { headers: { 'X-App-Id': 'app-shop', 'X-App-Token': 'token-shop' } });
    expect(raw.status).toBe(401);
    expect(await raw.json()).toMatchObject({ code: 401, key: 'unauthorized' });
    await expect(client.downloadExport({ ...done, result: { url: url.href } })).rejects.toBeInstanceOf(ExportTokenRejectedError);
    // Without credentials the right token is not enough.
    expect((await fetch(done.result?.url ?? '')).status).toBe(401);
    // Only the hosting cluster's download address serves it.
    const elsewhere = new URL(done.result?.url ?? '');
    elsewhere.port = new URL(h.sandbox.downloadUrls['us1.download']).port;
    const wrong = await fetch(elsewhere, { headers: { 'X-App-Id': 'app-shop', 'X-App-Token': 'token-shop' } });
    expect(await wrong.json()).toMatchObject({ code: 401, key: 'wrong_cluster' });
  });

  it('reports an export that ended in ERROR as ExportFailedError', async () => {
    expect((await admin('faults', { failExportNext: { count: 1 } })).status).toBe(200);
    const failed = await finished();
    expect(failed.status).toBe('ERROR');
    expect(failed.result).toBeNull();
    await expect(client.downloadExport(failed)).rejects.toBeInstanceOf(ExportFailedError);
    expect((await finished()).status).toBe('DONE');
  });

  it('reports a download cut short as TruncatedExportError, never a short file', async () => {
    const done = await finished();
    const whole = await client.downloadExport(done);
    for (const afterBytes of [0, 40, whole.length - 3]) {
      await admin('faults', { cutDownloadNext: { count: 1, afterBytes } });
      const error: unknown = await client.downloadExport(done).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error, `cut after ${afterBytes}`).toBeInstanceOf(TruncatedExportError);
      expect(error).toMatchObject({ expectedBytes: Buffer.byteLength(whole) });
    }
    // The fault is used up: the next download is whole again.
    expect(await client.downloadExport(done)).toBe(whole);
    const log = h.sandbox.requestLog().filter((r) => r.fault === 'cut');
    expect(log).toHaveLength(3);
  });

  it('forgets an export an hour after it was made', async () => {
    const done = await finished();
    h.clock.advance(59 * 60 * 1000);
    expect((await client.getExport(done.id)).status).toBe('DONE');
    h.clock.advance(60 * 1000);
    await expect(client.getExport(done.id)).rejects.toMatchObject({ status: 404, key: 'not_found', resource_type: 'export' });
    await expect(client.downloadExport(done)).rejects.toMatchObject({ status: 404 });
    expect((await client.listExports()).items.map((e) => e.id)).not.toContain(done.id);
  });

  it('appends new publications, newest, to the named project only', async () => {
    const before = await listAll(client);
    const newest = before[0]?.created_at as string;
    h.clock.advance(60_000);
    const added = await admin('publications?project=shop', { count: 1000 });
    expect(added).toEqual({ status: 200, body: { appended: 1000, total: before.length + 1000 } });
    const after = await listAll(client);
    expect(after).toHaveLength(before.length + 1000);
    expect(after.slice(0, 1000).every((p) => (p.created_at as string) > newest)).toBe(true);
    expect(after.slice(1000)).toEqual(before);
    // An export sees them too.
    const rows = csvRows(await client.downloadExport(await finished()));
    expect(rows).toHaveLength(after.length + 1);
    expect(h.sandbox.publicationDocs('outlet')).toHaveLength(30);
    expect((await admin('publications', { count: 0 })).body).toMatchObject({ key: 'invalid_payload' });
    expect((await admin('publications?project=nobody', { count: 1 })).body).toMatchObject({ key: 'invalid_payload' });
  });
});
