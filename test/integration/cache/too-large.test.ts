import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listPulls, openCacheDatabase, pullPublications } from '../../../electron/cache';
import { HistoryTooLargeError } from '../../../shared/api';
import { clientOf, extraPublications, putPublications, sandboxOn } from './history';
import { makeTempDir } from './temp';

const dir = makeTempDir();

describe('a history larger than the service lists', () => {
  it('is pulled whole through exports; a source that only lists still stops before storing anything and says how to narrow it', async () => {
    const dataFile = join(dir, 'sandbox.sqlite');
    await (await sandboxOn(dataFile)).close();
    await putPublications(dataFile, extraPublications(100_001));
    const sb = await sandboxOn(dataFile);
    try {
      const client = clientOf(sb, { timeoutMs: 60_000 });
      // Listing only (no Exports API), the walk cannot reach past 100,000 and refuses.
      const listing = { baseUrl: client.baseUrl, listPublications: client.listPublications };
      const listDb = await openCacheDatabase(join(dir, 'list-cache'));
      try {
        const error = await pullPublications(listDb, listing).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(HistoryTooLargeError);
        expect((error as HistoryTooLargeError).total).toBe(100_031);
        expect((error as Error).message).toMatch(/100031 publications.*at most 100000.*Narrow it: .*campaign/);
        expect(listPulls(listDb, client.baseUrl)[0]).toMatchObject({ status: 'too_large', total: 100_031, items: 0 });
        expect(listDb.get<{ n: number }>('SELECT COUNT(*) AS n FROM publications')?.n).toBe(0);
        const narrow = await pullPublications(listDb, listing, { customer: 'cust_alice0001' });
        expect(narrow).toMatchObject({ complete: true, items: (await client.listPublications({ customer: 'cust_alice0001', limit: 1 })).total });
        expect(narrow.items).toBeGreaterThan(0);
      } finally {
        await listDb.close();
      }

      const db = await openCacheDatabase(join(dir, 'cache'));
      try {
        const whole = await pullPublications(db, client);
        expect(whole).toMatchObject({ mode: 'full', complete: true, total: 100_031, items: 100_031 });
        expect(whole.requests).toBeLessThanOrEqual(40);
        expect(listPulls(db, client.baseUrl)[0]).toMatchObject({ status: 'done', total: 100_031 });
        expect(db.get<{ n: number }>('SELECT COUNT(*) AS n FROM publications')?.n).toBe(100_031);
        const failed = (await client.listPublications({ result: 'FAILURE', limit: 1 })).total;
        expect(db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM publications WHERE result = 'FAILURE'`)?.n).toBe(failed);
      } finally {
        await db.close();
      }
    } finally {
      await sb.close();
    }
  }, 300_000);
});
