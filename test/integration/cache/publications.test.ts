import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCacheDatabase, pullPublications, queryCachedPublications, listPulls, type PullProgress } from '../../../electron/cache';
import type { RunningSandbox } from '../../../electron/local-service/server';
import type { StoreDatabase } from '../../../electron/store/database';
import { fieldsRead, type PublicationSelection } from '../../../shared/domain/publication-query';
import { InvalidRequestError, NetworkError, type VoucherClient } from '../../../shared/api';
import { clientOf, extraPublications, putPublications, sandboxOn } from './history';
import { QUERIES, SHOWN_FIELDS } from './queries';
import { makeTempDir } from './temp';

const EXTRA = 220;
const PAGE = 7;

/** Every id the sandbox answers for the query, in its order, read 100 at a time. */
async function sandboxIds(client: VoucherClient, q: PublicationSelection): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page += 1) {
    const list = await client.listPublications({ ...q, page, limit: 100 });
    ids.push(...list.items.map((p) => p.id));
    if (ids.length >= list.total || list.items.length === 0) return ids;
  }
}

function cachedIds(db: StoreDatabase, target: string, q: PublicationSelection) {
  const page = queryCachedPublications(db, target, { ...q, offset: 0, limit: 1000 });
  return { ...page, ids: page.items.map((p) => p.id) };
}

let dir: string;
let sb: RunningSandbox;
let target: string;
let wholeCache: StoreDatabase;
let learnedCache: StoreDatabase;
const reference = new Map<string, string[]>();
const pagedReference = new Map<string, string[][]>();
const progress: PullProgress[] = [];
let everyId: string[];

beforeAll(async () => {
  dir = makeTempDir();
  const dataFile = join(dir, 'sandbox.sqlite');
  await (await sandboxOn(dataFile)).close();
  await putPublications(dataFile, extraPublications(EXTRA));
  sb = await sandboxOn(dataFile);
  const client = clientOf(sb);
  target = client.baseUrl;
  for (const [name, q] of QUERIES) reference.set(name, await sandboxIds(client, q));
  for (const [name, q] of QUERIES.slice(0, 16)) {
    const pages: string[][] = [];
    for (let page = 1; page <= 4; page += 1) pages.push((await client.listPublications({ ...q, page, limit: PAGE })).items.map((p) => p.id));
    pagedReference.set(name, pages);
  }
  everyId = reference.get('everything in the default order') ?? [];
  wholeCache = await openCacheDatabase(join(dir, 'whole'));
  await pullPublications(wholeCache, client, {}, { onProgress: (p) => progress.push(p) });
  learnedCache = await openCacheDatabase(join(dir, 'learned'));
  await pullPublications(learnedCache, client);
  for (const [, q] of QUERIES) await pullPublications(learnedCache, client, q);
  await sb.close();
}, 120_000);

afterAll(async () => {
  await wholeCache?.close();
  await learnedCache?.close();
});

describe('pulling the publication history', () => {
  it('reads every page within the limits, reports progress and records the pull', () => {
    expect(everyId.length).toBe(30 + EXTRA);
    expect(progress.map((p) => p.page)).toEqual([1, 2, 3]);
    expect(progress.at(-1)).toEqual({ page: 3, items: everyId.length, total: everyId.length });
    const [pull] = listPulls(wholeCache, target, { kind: 'publications' });
    expect(pull).toMatchObject({ status: 'done', pages: 3, items: everyId.length, total: everyId.length, query: {} });
    expect(Date.parse(pull?.finishedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(pull?.startedAt ?? ''));
    expect(listPulls(learnedCache, target, { limit: 100 }).length).toBe(QUERIES.length + 1);
  });

  it('the sandbox is closed for the offline queries', async () => {
    await expect(clientOf(sb, { retry: { maxAttempts: 1 } }).listPublications()).rejects.toBeInstanceOf(NetworkError);
  });
});

describe('offline queries answer as the sandbox does', () => {
  it.each(QUERIES)('after one pull of everything: %s', (name, q) => {
    const expected = reference.get(name) ?? [];
    const answer = cachedIds(wholeCache, target, q);
    // What the cache decides is exactly the sandbox's answer without the publications it cannot decide.
    const decided = new Set(answer.ids);
    expect(answer.ids).toEqual(expected.filter((id) => decided.has(id)));
    expect(answer.total).toBe(answer.ids.length);
    expect(expected.length - answer.total).toBeLessThanOrEqual(answer.undetermined);
    if (fieldsRead(q).every((f) => SHOWN_FIELDS.includes(f))) {
      expect(answer.undetermined).toBe(0);
      expect(answer.ids).toEqual(expected);
    } else if (answer.undetermined > 0) {
      expect(answer.unknownFields.length).toBeGreaterThan(0);
      for (const field of answer.unknownFields) {
        expect(fieldsRead(q)).toContain(field);
        expect(SHOWN_FIELDS).not.toContain(field);
      }
    } else {
      expect(answer.unknownFields).toEqual([]);
    }
  });

  it.each(QUERIES)('after a pull of the same query too: %s', (name, q) => {
    const expected = reference.get(name) ?? [];
    const answer = cachedIds(learnedCache, target, q);
    expect(answer.undetermined).toBe(0);
    expect(answer.ids).toEqual(expected);
    expect(answer.total).toBe(expected.length);
  });

  it('most queries select some but not all of the history', () => {
    const selective = QUERIES.filter(([name]) => {
      const n = reference.get(name)?.length ?? 0;
      return n > 0 && n < everyId.length;
    });
    expect(selective.length).toBeGreaterThanOrEqual(QUERIES.length - 13);
  });

  it.each(QUERIES.slice(0, 16))('pages by offset and limit like the service pages: %s', (name, q) => {
    const pages = pagedReference.get(name) ?? [];
    pages.forEach((ids, index) => {
      const answer = queryCachedPublications(learnedCache, target, { ...q, offset: index * PAGE, limit: PAGE });
      expect(answer.items.map((p) => p.id)).toEqual(ids);
      expect(answer.offset).toBe(index * PAGE);
    });
  });

  it('returns each publication as the service listed it', () => {
    const answer = queryCachedPublications(wholeCache, target, { voucher: 'EX10-B', limit: 1 });
    expect(answer.items[0]).toMatchObject({ id: 'pub_extra00010', vouchers: ['EX10-A', 'EX10-B', 'EX10-C'], object: 'publication' });
  });

  it('says which facts it lacks when it cannot decide', () => {
    const answer = queryCachedPublications(wholeCache, target, { filters: { parent_object_id: { conditions: { $is: 'camp_pointsplus01' } } } });
    expect(answer.undetermined).toBe(everyId.length);
    expect(answer.unknownFields).toEqual(['parent_object_id']);
    expect(answer.total).toBe(0);
  });

  it('rejects a bad query naming the field, and bad paging', () => {
    const bad = (q: object) => () => queryCachedPublications(wholeCache, target, q);
    expect(bad({ filters: { campaign_name: { conditions: { $like: 'x' } } } })).toThrow(/filters\.campaign_name\.conditions\.\$like/);
    expect(bad({ order: 'newest' })).toThrow(InvalidRequestError);
    expect(bad({ order: 'newest' })).toThrow(/order/);
    expect(bad({ colour: 'red' })).toThrow(/query\.colour/);
    expect(bad({ limit: 0 })).toThrow(/limit/);
    expect(bad({ offset: -1 })).toThrow(/offset/);
  });
});
