import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnswerMemo, openCacheDatabase, queryCachedPublications, type CachedPublicationsQuery } from '../../../electron/cache';
import type { StoreDatabase } from '../../../electron/store/database';
import type { Reader } from '../../../electron/store/statements';
import { fillCache } from './fill';
import { extraPublications } from './history';
import { makeTempDir } from './temp';

// Paging through one offline answer counts it once: the memo keeps what was counted until the
// cache's next commit, and every page equals the page answered without it.

const TARGET = 'proj_memo';
let db: StoreDatabase;
let counts = 0;
/** The cache, counting the statements that count rows. */
let reader: Reader;

beforeAll(async () => {
  db = await openCacheDatabase(join(makeTempDir(), 'cache'));
  await fillCache(db, TARGET, extraPublications(400));
  reader = {
    all: (sql, params) => db.all(sql, params),
    get: (sql, params) => {
      if (/COUNT\(|SUM\(/.test(sql)) counts += 1;
      return db.get(sql, params);
    },
  };
});

afterAll(async () => {
  await db?.close();
});

const FILTERED: CachedPublicationsQuery = {
  filters: { junction: 'and', customer_id: { conditions: { $in: ['cust_extra1', 'cust_extra2'] } } },
  order: '-customer_id',
};

describe('an answer memo', () => {
  it('counts an answer once while its pages are read, each page equal to one answered alone', () => {
    const memo = new AnswerMemo(db);
    counts = 0;
    const first = queryCachedPublications(reader, TARGET, { ...FILTERED, limit: 10 }, memo);
    const counted = counts;
    expect(counted).toBeGreaterThan(0);
    for (const offset of [10, 40, first.total - 10]) {
      const page = queryCachedPublications(reader, TARGET, { ...FILTERED, offset, limit: 10 }, memo);
      expect(page).toEqual(queryCachedPublications(db, TARGET, { ...FILTERED, offset, limit: 10 }));
    }
    expect(counts).toBe(counted);
    // Without the memo each page counts again.
    queryCachedPublications(reader, TARGET, { ...FILTERED, offset: 10, limit: 10 });
    expect(counts).toBe(2 * counted);
  });

  it('counts again after a commit, and keeps each selection and order apart', async () => {
    const memo = new AnswerMemo(db);
    const before = queryCachedPublications(reader, TARGET, { ...FILTERED, limit: 10 }, memo);
    const other = queryCachedPublications(reader, TARGET, { ...FILTERED, order: 'created_at', limit: 10 }, memo);
    expect(other.items).not.toEqual(before.items);
    const customerOne = extraPublications(9, 1000).filter((d) => d.item.customer_id === 'cust_extra1');
    expect(customerOne).toHaveLength(1);
    await fillCache(db, TARGET, customerOne);
    const after = queryCachedPublications(reader, TARGET, { ...FILTERED, limit: 10 }, memo);
    expect(after.total).toBe(before.total + 1);
    expect(after).toEqual(queryCachedPublications(db, TARGET, { ...FILTERED, limit: 10 }));
  });
});
