import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listPulls, openCacheDatabase, pullPublications, queryCachedPublications } from '../../../electron/cache';
import { startSandbox, type RunningSandbox } from '../../../electron/local-service/server';
import type { StoreDatabase } from '../../../electron/store/database';
import type { PublicationPullProgress } from '../../../shared/ipc/publication-history';
import type { ExportObject, FileSink, VoucherClient } from '../../../shared/api';
import { clientOf } from './history';
import { makeTempDir } from './temp';

// A whole history larger than the list walk is meant for, pulled through the Exports API of the
// real sandbox over HTTP: the calls it takes (from the sandbox's request log), what the cache then
// holds beside what the service lists, an incremental pull after new publications, an export in
// ERROR and a download cut short each read again, and an interrupted pull carried on.

const HISTORY = 20_000;
const dir = makeTempDir();
let sb: RunningSandbox;
let client: VoucherClient;

beforeAll(async () => {
  sb = await startSandbox({ seedPublications: HISTORY });
  client = clientOf(sb, { timeoutMs: 60_000 });
}, 120_000);
afterAll(() => sb.close());

/** Requests the sandbox received since `from` (a request-log length), API and download addresses alike. */
const requestsSince = (from: number) => sb.requestLog().slice(from);
const count = (db: StoreDatabase, where = ''): number =>
  db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM publications WHERE target = ? ${where}`, [client.baseUrl])?.n ?? 0;

async function listTotals(): Promise<{ all: number; success: number; failure: number }> {
  const [all, success, failure] = await Promise.all([
    client.listPublications({ limit: 1 }),
    client.listPublications({ limit: 1, result: 'SUCCESS' }),
    client.listPublications({ limit: 1, result: 'FAILURE' }),
  ]);
  return { all: all.total, success: success.total, failure: failure.total };
}

async function expectCacheEqualsList(db: StoreDatabase): Promise<void> {
  const totals = await listTotals();
  expect(count(db)).toBe(totals.all);
  expect(count(db, `AND result = 'SUCCESS'`)).toBe(totals.success);
  expect(count(db, `AND result = 'FAILURE'`)).toBe(totals.failure);
}

async function setFaults(faults: object): Promise<void> {
  const answer = await fetch(`${sb.urls[sb.hostCluster]}/__sandbox/faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(faults),
  });
  expect(answer.status).toBe(200);
}

const exportsMade = (records: ReturnType<typeof requestsSince>): number => records.filter((r) => r.method === 'POST' && r.path === '/v1/exports').length;
const downloads = (records: ReturnType<typeof requestsSince>): number => records.filter((r) => r.method === 'GET' && r.path.startsWith('/v1/exports/')).length;

describe('a whole publication history through exports', () => {
  let db: StoreDatabase;
  beforeAll(async () => {
    db = await openCacheDatabase(join(dir, 'main-cache'));
  });
  afterAll(() => db.close());

  it('pulls 20,000 publications in a few dozen calls; the cache then equals the list in total, successes and failures', async () => {
    const from = sb.requestLog().length;
    const progress: PublicationPullProgress[] = [];
    const summary = await pullPublications(db, client, {}, { onPullProgress: (p) => progress.push(p) });
    const calls = requestsSince(from);
    expect(summary).toMatchObject({ mode: 'full', complete: true, total: HISTORY, items: HISTORY, added: HISTORY, resumed: false });
    // The list would take 200 calls; one export, its looks and its download, and the failed ones listed.
    expect(summary.requests).toBe(calls.length);
    expect(calls.length).toBeLessThanOrEqual(40);
    expect(exportsMade(calls)).toBe(1);
    await expectCacheEqualsList(db);
    expect(new Set(progress.map((p) => p.phase))).toEqual(new Set(['scheduled', 'downloading', 'storing', 'listing']));
    expect(progress.filter((p) => p.phase === 'storing').every((p) => p.part === 'SUCCESS' && (p.rows ?? 0) > 0)).toBe(true);
    expect(listPulls(db, client.baseUrl)[0]).toMatchObject({ status: 'done', items: HISTORY, total: HISTORY });
  }, 120_000);

  it('ends the pull with its journal folded into the file, so the next open replays nothing', () => {
    expect(db.files().journalBytes).toBe(0);
  });

  it('answers offline what exported rows decide, and says which publications they cannot decide', async () => {
    const successes = queryCachedPublications(db, client.baseUrl, { result: 'SUCCESS', limit: 100 });
    expect(successes).toMatchObject({ total: (await listTotals()).success, undetermined: 0 });
    const campaign = successes.items[0]?.voucher?.campaign ?? '';
    // A success's campaign is in its export row; a failure's list item does not show it (as before).
    const byCampaign = queryCachedPublications(db, client.baseUrl, { campaign, result: 'SUCCESS', limit: 100 });
    expect(byCampaign.undetermined).toBe(0);
    expect(byCampaign.total).toBe((await client.listPublications({ campaign, result: 'SUCCESS', limit: 1 })).total);
    // An export row does not say a voucher's type: the answer says how many it could not decide.
    const discounts = queryCachedPublications(db, client.baseUrl, { voucher_type: 'discount', limit: 100 });
    expect(discounts.undetermined).toBeGreaterThan(0);
  });

  it('adds exactly the publications appended since, newest first through the list, in at most 20 calls', async () => {
    const before = count(db);
    const appended = await fetch(`${sb.urls[sb.hostCluster]}/__sandbox/publications`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ count: 1_000 }),
    });
    expect(appended.status).toBe(200);
    const from = sb.requestLog().length;
    const summary = await pullPublications(db, client);
    expect(summary).toMatchObject({ mode: 'incremental', added: 1_000, complete: true });
    expect(requestsSince(from).length).toBe(summary.requests);
    expect(summary.requests).toBeLessThanOrEqual(20);
    expect(count(db)).toBe(before + 1_000);
    await expectCacheEqualsList(db);
    const newest = await client.listPublications({ limit: 100 });
    const held = db.all<{ id: string }>(`SELECT id FROM publications WHERE target = ? AND id IN (${newest.items.map(() => '?').join(', ')})`, [
      client.baseUrl,
      ...newest.items.map((p) => p.id),
    ]);
    expect(held).toHaveLength(100);
  }, 120_000);
  it('exports what is new when more arrived than the list should page through (5,000), adding exactly those in a few calls', async () => {
    const before = count(db);
    const appended = await fetch(`${sb.urls[sb.hostCluster]}/__sandbox/publications`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ count: 5_000 }),
    });
    expect(appended.status).toBe(200);
    const from = sb.requestLog().length;
    const summary = await pullPublications(db, client);
    const calls = requestsSince(from);
    expect(summary).toMatchObject({ mode: 'incremental', added: 5_000, complete: true });
    expect(calls.length).toBe(summary.requests);
    expect(summary.requests).toBeLessThanOrEqual(20);
    expect(exportsMade(calls)).toBe(1);
    expect(count(db)).toBe(before + 5_000);
    await expectCacheEqualsList(db);
    // Nothing new since: one page says so.
    expect(await pullPublications(db, client)).toMatchObject({ mode: 'incremental', added: 0, requests: 1 });
  }, 120_000);
});

describe('exports that fail', () => {
  it('makes an export that ended in ERROR again and downloads a file cut short again, storing each publication once', async () => {
    const db = await openCacheDatabase(join(dir, 'faults-cache'));
    try {
      await setFaults({ failExportNext: { count: 1 }, cutDownloadNext: { count: 1, afterBytes: 300_000 } });
      const from = sb.requestLog().length;
      // Failures exported too, so both parts meet the faults' exports.
      const summary = await pullPublications(db, client, {}, { mode: 'full', failuresListedMax: 0 });
      const calls = requestsSince(from);
      expect(summary).toMatchObject({ complete: true, resumed: false });
      // SUCCESS: one export in ERROR, one made again; its file cut once, downloaded again; FAILURE: one export, one download.
      expect(exportsMade(calls)).toBe(3);
      expect(downloads(calls.filter((r) => !r.path.endsWith('/v1/exports')))).toBeGreaterThanOrEqual(3);
      await expectCacheEqualsList(db);
      // Export rows of failed publications say their result, not their code.
      expect(
        queryCachedPublications(db, client.baseUrl, { filters: { failure_code: { conditions: { $is: 'campaign_inactive' } } }, limit: 1 }).undetermined,
      ).toBeGreaterThan(0);

      // A list pull of the same publications replaces each exported row (found by instant, customer and code): none twice.
      const listed = await pullPublications(db, client, {}, { mode: 'full', exportsFrom: Number.POSITIVE_INFINITY });
      expect(listed).toMatchObject({ complete: true, added: 0 });
      await expectCacheEqualsList(db);
      expect(count(db, `AND id LIKE 'x\\_%' ESCAPE '\\'`)).toBe(0);
    } finally {
      await setFaults({});
      await db.close();
    }
  }, 120_000);

  it('carries on an interrupted pull with the part it had not finished, without reading the finished one again', async () => {
    const db = await openCacheDatabase(join(dir, 'resume-cache'));
    try {
      // The connection drops while the failed ones' file arrives (after the successes are stored).
      let streams = 0;
      const dropping: VoucherClient = {
        ...client,
        streamExport: async (exported: ExportObject, sink: FileSink) => {
          streams += 1;
          if (streams === 2) throw new Error('connection dropped');
          return client.streamExport(exported, sink);
        },
      };
      await expect(pullPublications(db, dropping, {}, { failuresListedMax: 0 })).rejects.toThrow('connection dropped');
      expect(listPulls(db, client.baseUrl)[0]).toMatchObject({ status: 'failed' });
      const successesStored = count(db);
      expect(successesStored).toBeGreaterThan(0);

      const from = sb.requestLog().length;
      const resumed = await pullPublications(db, client, {}, { failuresListedMax: 0 });
      const calls = requestsSince(from);
      expect(resumed).toMatchObject({ resumed: true, complete: true, mode: 'full' });
      expect(exportsMade(calls)).toBe(1);
      await expectCacheEqualsList(db);
    } finally {
      await db.close();
    }
  }, 120_000);
});
