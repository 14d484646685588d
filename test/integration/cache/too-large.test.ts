import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listPulls, openCacheDatabase, pullPublications } from '../../../electron/cache';
import { HistoryTooLargeError } from '../../../shared/api';
import { clientOf, extraPublications, putPublications, sandboxOn } from './history';
import { makeTempDir } from './temp';

const dir = makeTempDir();

describe('a history larger than the service lists', () => {
  it('stops before storing anything, says how many cannot be reached and how to narrow it; a narrower pull works', async () => {
    const dataFile = join(dir, 'sandbox.sqlite');
    await (await sandboxOn(dataFile)).close();
    await putPublications(dataFile, extraPublications(100_001));
    const sb = await sandboxOn(dataFile);
    const db = await openCacheDatabase(join(dir, 'cache'));
    try {
      const client = clientOf(sb, { timeoutMs: 60_000 });
      const error = await pullPublications(db, client).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HistoryTooLargeError);
      expect((error as HistoryTooLargeError).total).toBe(100_031);
      expect((error as Error).message).toMatch(/100031 publications.*at most 100000.*Narrow it: .*campaign/);
      expect(listPulls(db, client.baseUrl)[0]).toMatchObject({ status: 'too_large', total: 100_031, items: 0 });
      expect(listPulls(db, client.baseUrl)[0]?.notice).toBe((error as Error).message);
      expect(db.get<{ n: number }>('SELECT COUNT(*) AS n FROM publications')?.n).toBe(0);

      const narrow = await pullPublications(db, client, { customer: 'cust_alice0001' });
      expect(narrow).toMatchObject({ complete: true, items: (await client.listPublications({ customer: 'cust_alice0001', limit: 1 })).total });
      expect(narrow.items).toBeGreaterThan(0);
    } finally {
      await db.close();
      await sb.close();
    }
  }, 300_000);
});
