import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cachedPublicationStats, exportCachedPublications, openCacheDatabase, pullPublications } from '../../electron/cache';
import type { PublicationDoc } from '../../electron/local-service/publication-doc';
import type { ListEnvelope, Publication, PublicationsQuery } from '../../shared/api';
import { publicationComparator } from '../../shared/domain/publication-order';
import { clientOf, extraPublications, putPublications, sandboxOn, sandboxPublications } from '../integration/cache/history';
import { makeTempDir } from '../integration/cache/temp';

// Target (issue 15): an incremental pull of 100 new publications over a 100,000 cache in at most
// 3 requests, counted in the sandbox's own request log. The cache is filled from the same documents
// the sandbox serves (its list cannot page past 100,000 and takes minutes to); the pull measured
// goes to the real sandbox over HTTP. The dashboard's numbers over that cache are timed too.

const CACHED = 100_000;
const SEEDED = 30;
const NEW = 100;
const REQUEST_TARGET = 3;

/** The documents' list answers, oldest first, as the sandbox orders them: for filling the cache only. */
function listedFrom(docs: readonly PublicationDoc[], baseUrl: string) {
  const sorted = [...docs].sort(
    publicationComparator<PublicationDoc>(
      'created_at',
      (d) => d.item.created_at,
      (d) => d.item.id,
    ),
  );
  return {
    baseUrl,
    listPublications(query: PublicationsQuery): Promise<ListEnvelope<Publication>> {
      const [page, limit] = [query.page ?? 1, query.limit ?? 10];
      return Promise.resolve({
        object: 'list',
        data_ref: 'publications',
        items: sorted.slice((page - 1) * limit, page * limit).map((d) => structuredClone(d.item) as unknown as Publication),
        total: sorted.length,
      } as ListEnvelope<Publication>);
    },
  };
}

async function timed<T>(fn: () => T | Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - start };
}

describe('incremental publication pull', () => {
  it(`reads ${NEW} new publications over ${CACHED.toLocaleString('en-US')} cached in at most ${REQUEST_TARGET} requests`, async () => {
    const dir = makeTempDir();
    const dataFile = join(dir, 'sandbox.sqlite');
    await (await sandboxOn(dataFile)).close();
    await putPublications(dataFile, extraPublications(CACHED - SEEDED, 0, Date.UTC(2025, 0, 1)));
    let sb = await sandboxOn(dataFile);
    const port = Number(new URL(sb.urls[sb.hostCluster]).port);
    const db = await openCacheDatabase(join(dir, 'cache'));
    try {
      const seeded = await clientOf(sb).listPublications({ limit: 100, order: 'created_at' });
      expect(seeded.total).toBe(CACHED);
      await sb.close();
      const served = await sandboxPublications(dataFile);
      const fill = await timed(() => pullPublications(db, listedFrom(served, clientOf(sb).baseUrl), {}, { mode: 'full' }));
      expect(fill.value.items).toBe(CACHED);

      await putPublications(dataFile, extraPublications(NEW, CACHED, Date.UTC(2026, 0, 1)));
      sb = await sandboxOn(dataFile, port);
      // A generous timeout: on a busy machine a slow answer must not be retried and counted as a second request.
      const client = clientOf(sb, { timeoutMs: 120_000 });
      const before = sb.requestLog().length;
      const pull = await timed(() => pullPublications(db, client));
      const log = sb.requestLog().slice(before);
      const requests = log.length;
      console.log(
        `incremental pull: ${pull.value.added} new over ${CACHED.toLocaleString('en-US')} cached in ${requests} requests ` +
          `(target <= ${REQUEST_TARGET}: ${requests <= REQUEST_TARGET ? 'met' : 'MISSED'}; ${log.map((r) => `${r.method} ${r.path} ${r.status}`).join(', ')}), ${pull.ms.toFixed(0)} ms; ` +
          `cache filled in ${(fill.ms / 1000).toFixed(1)} s (${(fill.ms / fill.value.pages).toFixed(1)} ms a page stored, no HTTP)`,
      );
      expect(pull.value).toMatchObject({ mode: 'incremental', added: NEW, complete: true });
      expect(requests).toBe(pull.value.requests);
      expect(requests).toBeLessThanOrEqual(REQUEST_TARGET);

      const page = await timed(() => client.listPublications({ limit: 100 }));
      console.log(`of which the sandbox answers one page of its ${page.value.total.toLocaleString('en-US')} in ${page.ms.toFixed(0)} ms`);
      const target = client.baseUrl;
      for (const by of ['day', 'week', 'month'] as const) {
        const stats = await timed(() => cachedPublicationStats(db, target, { selection: {}, by, timeZone: 'Europe/Warsaw' }));
        expect(stats.value.total).toBe(CACHED + NEW);
        console.log(`stats by ${by} over ${stats.value.total.toLocaleString('en-US')}: ${stats.ms.toFixed(0)} ms, ${stats.value.buckets.length} buckets`);
      }
      const narrowed = await timed(() =>
        cachedPublicationStats(db, target, { selection: { result: 'FAILURE' }, narrowing: { channel: 'Email' }, by: 'week', timeZone: 'Europe/Warsaw' }),
      );
      console.log(`stats of failures by Email, by week: ${narrowed.ms.toFixed(0)} ms (${narrowed.value.total} found)`);
      const exported = await timed(() => exportCachedPublications(db, target, { selection: {}, timeZone: 'Europe/Warsaw' }));
      console.log(
        `export of ${exported.value.rows.toLocaleString('en-US')} to CSV: ${exported.ms.toFixed(0)} ms, ${(exported.value.csv.length / 1e6).toFixed(1)} MB`,
      );
      await sb.close();
    } finally {
      await db.close();
    }
  });
});
