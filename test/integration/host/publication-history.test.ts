import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices, type Services } from '../../../electron/host/services';
import type { RunningSandbox } from '../../../electron/local-service/server';
import { MemorySecretStore } from '../../../electron/secrets/memory-store';
import { inspectContract } from '../../../shared/ipc/inspect';
import { publicationPullProgressSchema, type PublicationPullProgress } from '../../../shared/ipc/publication-history';
import { extraPublications, putPublications, sandboxOn } from '../cache/history';
import { makeTempDir } from '../cache/temp';
import { addSandboxProject } from './add-project';

const EXTRA = 450;
const dir = makeTempDir();
let sb: RunningSandbox;
let services: Services;
const progress: PublicationPullProgress[] = [];

beforeAll(async () => {
  const dataFile = join(dir, 'sandbox.sqlite');
  await (await sandboxOn(dataFile)).close();
  await putPublications(dataFile, extraPublications(EXTRA, 0, Date.UTC(2026, 2, 27)));
  sb = await sandboxOn(dataFile);
  services = createServices({
    dataDir: join(dir, 'app'),
    appInfo: { name: 'Voucher Desk', version: 'test' },
    send: (event, payload) => {
      if (event === 'publications.pullProgress') progress.push(publicationPullProgressSchema.parse(payload));
    },
    secrets: { store: new MemorySecretStore(), label: 'memory' },
  });
  await addSandboxProject(services.handlers, sb);
});

afterAll(async () => {
  await services?.lifecycle.shutdown({ stopMs: 10_000, flushMs: 10_000 });
  await sb?.close();
});

function handler<C extends 'publications.pull' | 'publications.stats' | 'publications.export'>(channel: C) {
  const h = services.handlers[channel];
  if (!h) throw new Error(`${channel} has no handler`);
  return h;
}

const listRequests = (): number => sb.requestLog().filter((r) => r.path === '/v1/publications').length;

describe('the publication history over the bridge', () => {
  it('pulls with progress events, then only what is new, answering added and requests as the sandbox counted them', async () => {
    const total = EXTRA + 30;
    let before = listRequests();
    const first = inspectContract['publications.pull'].response.parse(await handler('publications.pull')({ selection: {} }));
    expect(first).toEqual({ items: total, total, complete: true, added: total, requests: 5 });
    expect(listRequests() - before).toBe(5);
    expect(progress.map((p) => p.pages)).toEqual([1, 2, 3, 4, 5]);
    expect(progress.at(-1)).toEqual({ mode: 'full', pages: 5, items: total, total, added: total });

    progress.length = 0;
    before = listRequests();
    const again = await handler('publications.pull')({ selection: {}, mode: 'incremental' });
    expect(again).toMatchObject({ added: 0, requests: 1 });
    expect(listRequests() - before).toBe(1);
    expect(progress).toEqual([{ mode: 'incremental', pages: 1, items: 100, total, added: 0 }]);
  });

  it('answers the dashboard numbers and the CSV export from the cache, in the contract shapes', async () => {
    const narrowing = { from: '2026-03-28T00:00:00+01:00', channel: 'SMS' };
    const stats = inspectContract['publications.stats'].response.parse(
      await handler('publications.stats')({ selection: { result: 'SUCCESS' }, narrowing, by: 'day', timeZone: 'Europe/Warsaw' }),
    );
    const expected = extraPublications(EXTRA, 0, Date.UTC(2026, 2, 27)).filter(
      (d) => d.facts.result === 'SUCCESS' && d.item.channel === 'SMS' && Date.parse(d.item.created_at) >= Date.parse(narrowing.from),
    );
    expect(stats.total).toBe(expected.length);
    expect(stats.buckets.map((b) => b.start)).toEqual(['2026-03-28T00:00:00+01:00']);
    expect(stats.buckets.reduce((n, b) => n + (b.byChannel['SMS'] ?? 0), 0)).toBe(expected.length);

    const exported = inspectContract['publications.export'].response.parse(
      await handler('publications.export')({ selection: { result: 'SUCCESS' }, narrowing, timeZone: 'Europe/Warsaw' }),
    );
    expect(exported.rows).toBe(expected.length);
    expect(exported.filename).toMatch(/^publications-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(exported.csv.trimEnd().split('\r\n')).toHaveLength(expected.length + 1);
  });

  it('refuses an unknown time zone by name', async () => {
    const answer = Promise.resolve().then(() => handler('publications.stats')({ selection: {}, by: 'week', timeZone: 'Nowhere/Else' }));
    await expect(answer).rejects.toThrow(/Unknown time zone "Nowhere\/Else"/);
  });
});
