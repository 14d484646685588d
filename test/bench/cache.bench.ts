import { statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openCacheDatabase, pullPublications, queryCachedPublications } from '../../electron/cache';
import type { PublicationSelection } from '../../shared/domain/publication-query';
import { clientOf, extraPublications, putPublications, sandboxOn } from '../integration/cache/history';
import { makeTempDir } from '../integration/cache/temp';

const EXTRA = 10_000;
const ROUNDS = 5;

const QUERIES: [string, PublicationSelection][] = [
  ['everything, newest first', {}],
  ['one customer', { customer: 'cust_extra4' }],
  ['campaign (learned facts)', { campaign: 'Spring Promo' }],
  [
    'junction or, order -channel',
    {
      filters: { junction: 'or', failure_code: { conditions: { $is: 'quota_exceeded_7' } }, source_id: { conditions: { $starts_with: 'src-1' } } },
      order: '-channel',
    },
  ],
  ['$not_in and $contains', { filters: { customer_id: { conditions: { $not_in: ['cust_extra1'] } }, related_object_id: { conditions: { $contains: '12' } } } }],
];

async function median(fn: () => unknown | Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i += 1) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(ROUNDS / 2)] ?? 0;
}

describe('publication cache', () => {
  it(`pulls ${EXTRA.toLocaleString('en-US')} publications and answers queries offline`, async () => {
    const dir = makeTempDir();
    const dataFile = join(dir, 'sandbox.sqlite');
    await (await sandboxOn(dataFile)).close();
    await putPublications(dataFile, extraPublications(EXTRA));
    const sb = await sandboxOn(dataFile);
    const db = await openCacheDatabase(join(dir, 'cache'));
    try {
      const client = clientOf(sb);
      let start = performance.now();
      const summary = await pullPublications(db, client);
      const pullMs = performance.now() - start;
      expect(summary.items).toBe(EXTRA + 30);
      start = performance.now();
      await pullPublications(db, client, { campaign: 'Spring Promo' });
      const learnMs = performance.now() - start;
      const files = db.files();
      console.log(
        `pull: ${summary.items} publications in ${summary.pages} pages, ${(pullMs / 1000).toFixed(1)} s ` +
          `(${Math.round(summary.items / (pullMs / 1000))} publications/s, ${(pullMs / summary.pages).toFixed(0)} ms a page); ` +
          `learning pull by campaign ${(learnMs / 1000).toFixed(1)} s; cache file ${(files.fileBytes / 1e6).toFixed(1)} MB + journal ${(files.journalBytes / 1e6).toFixed(1)} MB`,
      );
      for (const [name, q] of QUERIES) {
        const offline = await median(() => queryCachedPublications(db, client.baseUrl, { ...q, limit: 100 }));
        const online = await median(() => client.listPublications({ ...q, limit: 100 }));
        const answer = queryCachedPublications(db, client.baseUrl, { ...q, limit: 100 });
        const served = await client.listPublications({ ...q, limit: 100 });
        expect(answer.items.map((p) => p.id)).toEqual(served.items.map((p) => p.id));
        console.log(
          `query "${name}": ${answer.total} found; offline ${offline.toFixed(1)} ms, sandbox over HTTP ${online.toFixed(1)} ms, ratio ${(offline / online).toFixed(2)}`,
        );
      }
    } finally {
      await db.close();
      await sb.close();
    }
    expect(statSync(dataFile).size).toBeGreaterThan(0);
  });
});
