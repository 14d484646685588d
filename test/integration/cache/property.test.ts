import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCacheDatabase, pullPublications, queryCachedPublications } from '../../../electron/cache';
import { FACTS_SELECT, factsOfRow } from '../../../electron/cache/publication-rows';
import { latestCompletePull } from '../../../electron/cache/pulls';
import type { RunningSandbox } from '../../../electron/local-service/server';
import type { StoreDatabase } from '../../../electron/store/database';
import type { Publication, VoucherClient } from '../../../shared/api';
import type { PublicationFacts } from '../../../shared/domain/publication-facts';
import { fieldsRead, selectionKey, selectionTest, type PublicationSelection } from '../../../shared/domain/publication-query';
import type { HistoryNarrowing } from '../../../shared/ipc/publication-history';
import { clientOf, extraPublications, putPublications, sandboxOn } from './history';
import { SHOWN_FIELDS } from './queries';
import { CaseMaker, prng, valuePool, withOddSourceIds } from './random-queries';
import { makeTempDir } from './temp';

const HISTORY = 300;
const CASES = 300;
/** Every so many cases the cache first pulls the same selection, whose members then decide every row. */
const LEARN_EVERY = 6;
const SEED = 15_2026;

/** Every publication the sandbox answers for the query, in its order, read 100 at a time. */
async function sandboxItems(client: VoucherClient, q: PublicationSelection): Promise<Publication[]> {
  const items: Publication[] = [];
  for (let page = 1; ; page += 1) {
    const list = await client.listPublications({ ...q, page, limit: 100 });
    items.push(...list.items);
    if (items.length >= list.total || list.items.length === 0) return items;
  }
}

function inNarrowing(n: HistoryNarrowing, createdAt: string | null | undefined, channel: string | null | undefined): boolean {
  const time = createdAt ? Date.parse(createdAt) : NaN;
  if (n.from !== undefined && !(time >= Date.parse(n.from))) return false;
  if (n.to !== undefined && !(time < Date.parse(n.to))) return false;
  return n.channel === undefined || channel === n.channel;
}

/**
 * How many cached rows the shared domain rules (selectionTest, then the newest complete pull of the
 * same selection) leave undecided: what the SQL must report as undetermined.
 */
function undecidedByTheRules(db: StoreDatabase, target: string, q: PublicationSelection, n: HistoryNarrowing): number {
  const pull = latestCompletePull(db, target, 'publications', selectionKey(q));
  const members = new Set(pull ? db.all<{ id: string }>('SELECT id FROM pull_members WHERE pull_id = ?', [pull.id]).map((r) => r.id) : []);
  const test = selectionTest(q);
  const rows = db.all<{ facts: string }>(`SELECT ${FACTS_SELECT} FROM publications WHERE target = ?`, [target]).map((r) => factsOfRow(r.facts));
  const decidedByPull = (f: PublicationFacts) =>
    pull && (members.has(f.id ?? '') || (f.created_at !== null && Date.parse(f.created_at) <= Date.parse(pull.startedAt)));
  return rows.filter((f) => inNarrowing(n, f.created_at, f.channel) && test(f) === undefined && !decidedByPull(f)).length;
}

let sb: RunningSandbox;
let client: VoucherClient;
let db: StoreDatabase;
let maker: CaseMaker;
let times: string[];
let channels: string[];

beforeAll(async () => {
  const dir = makeTempDir();
  const dataFile = join(dir, 'sandbox.sqlite');
  await (await sandboxOn(dataFile)).close();
  const docs = withOddSourceIds(extraPublications(HISTORY));
  await putPublications(dataFile, docs);
  sb = await sandboxOn(dataFile);
  client = clientOf(sb);
  db = await openCacheDatabase(join(dir, 'cache'));
  await pullPublications(db, client);
  const codes = docs.flatMap((d) => d.facts.codes);
  maker = new CaseMaker(prng(SEED), valuePool(docs), codes);
  times = docs.map((d) => d.item.created_at);
  channels = [...new Set(docs.map((d) => d.item.channel))];
}, 60_000);

afterAll(async () => {
  await db?.close();
  await sb?.close();
});

describe('random filters and orders: the cache answers as the sandbox does', () => {
  it(`${CASES} seeded cases (seed ${SEED}): ids in order, totals, pages, and undecided rows counted, never answered wrongly`, async () => {
    const target = client.baseUrl;
    const seen = { answered: 0, empty: 0, undecided: 0, narrowed: 0, learned: 0 };
    for (let i = 0; i < CASES; i += 1) {
      const q = maker.selection();
      const narrowing = i % 3 === 1 ? maker.narrowing(times, channels) : {};
      const learn = i % LEARN_EVERY === 0;
      if (learn) await pullPublications(db, client, q);
      const expected = (await sandboxItems(client, q)).filter((p) => inNarrowing(narrowing, p.created_at, p.channel)).map((p) => p.id);
      const answer = queryCachedPublications(db, target, { ...q, narrowing, limit: 1000 });
      const ids = answer.items.map((p) => p.id);
      const label = `case ${i}: ${JSON.stringify({ ...q, narrowing })}`;
      const decided = new Set(ids);
      expect(ids, label).toEqual(expected.filter((id) => decided.has(id)));
      expect(answer.total, label).toBe(ids.length);
      expect(answer.undetermined, label).toBe(undecidedByTheRules(db, target, q, narrowing));
      expect(expected.length - answer.total, label).toBeLessThanOrEqual(answer.undetermined);
      if (learn || fieldsRead(q).every((f) => SHOWN_FIELDS.includes(f))) {
        expect(answer.undetermined, label).toBe(0);
        expect(ids, label).toEqual(expected);
      }
      if (answer.undetermined === 0) expect(answer.unknownFields, label).toEqual([]);
      else expect(answer.unknownFields.length, label).toBeGreaterThan(0);
      const offset = Math.floor((i * 7) % Math.max(1, ids.length));
      const limit = 1 + (i % 25);
      const page = queryCachedPublications(db, target, { ...q, narrowing, offset, limit });
      expect(
        page.items.map((p) => p.id),
        `${label} offset ${offset} limit ${limit}`,
      ).toEqual(ids.slice(offset, offset + limit));
      seen.answered += ids.length > 0 ? 1 : 0;
      seen.empty += ids.length === 0 ? 1 : 0;
      seen.undecided += answer.undetermined > 0 ? 1 : 0;
      seen.narrowed += Object.keys(narrowing).length > 0 ? 1 : 0;
      seen.learned += learn ? 1 : 0;
    }
    // The cases reach every kind of answer: some rows, none, and some the cache cannot decide.
    expect(seen.answered).toBeGreaterThan(CASES / 4);
    expect(seen.empty).toBeGreaterThan(CASES / 20);
    expect(seen.undecided).toBeGreaterThan(CASES / 20);
    expect(seen.narrowed).toBe(CASES / 3);
    expect(seen.learned).toBe(CASES / LEARN_EVERY);
  }, 120_000);
});
