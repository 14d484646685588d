import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachedPublicationStats, openCacheDatabase } from '../../../electron/cache';
import type { PublicationDoc } from '../../../electron/local-service/publication-doc';
import type { StoreDatabase } from '../../../electron/store/database';
import type { PublicationSelection } from '../../../shared/domain/publication-query';
import type { HistoryNarrowing } from '../../../shared/ipc/publication-history';
import { fillCache } from './fill';
import { extraPublications } from './history';
import { makeTempDir } from './temp';

// A publication whose created_at is not an instant is kept as it came (publication-rows.ts), and
// by text it sorts after every year: the stats once took it for the last instant and threw a
// RangeError. It counts in the totals, in no bucket, and the span is that of the real instants,
// even when it shares a channel and result with the latest publication.

const ZONE = 'Europe/Warsaw';
const TARGET = 'proj_odd_times';
const localDay = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
let db: StoreDatabase;
let docs: PublicationDoc[];
let odd: Set<string>;

beforeAll(async () => {
  docs = extraPublications(300, 0, Date.UTC(2026, 2, 27, 20));
  const latest = [...docs].sort((a, b) => b.item.created_at.localeCompare(a.item.created_at))[0] as PublicationDoc;
  const twins = docs.filter((d) => d !== latest && d.item.channel === latest.item.channel && d.facts.result === latest.facts.result);
  const [words, untimed] = twins as [PublicationDoc, PublicationDoc];
  words.item.created_at = 'sometime in March';
  delete (untimed.item as Record<string, unknown>).created_at;
  odd = new Set([words.item.id, untimed.item.id]);
  db = await openCacheDatabase(join(makeTempDir(), 'cache'));
  await fillCache(db, TARGET, docs);
}, 60_000);

afterAll(async () => {
  await db?.close();
});

describe('stats over publications whose time is not an instant', () => {
  const latestChannel = (): string => [...docs].sort((a, b) => (b.item.created_at ?? '').localeCompare(a.item.created_at ?? ''))[0]?.item.channel ?? '';
  const selections: [string, PublicationSelection, (d: PublicationDoc) => boolean][] = [
    ['everything', {}, () => true],
    ['one result', { result: 'SUCCESS' }, (d) => d.facts.result === 'SUCCESS'],
    ['one customer', { customer: 'cust_extra2' }, (d) => d.item.customer_id === 'cust_extra2'],
  ];
  for (const [name, selection, picks] of selections) {
    for (const narrowed of [false, true]) {
      it(`counts them in the total and in no bucket: ${name}${narrowed ? ", the latest's channel" : ''}`, () => {
        const narrowing: HistoryNarrowing = narrowed ? { channel: latestChannel() } : {};
        const selected = docs.filter((d) => picks(d) && (!narrowed || d.item.channel === narrowing.channel));
        const timed = selected.filter((d) => !odd.has(d.item.id)).map((d) => Date.parse(d.item.created_at));
        const stats = cachedPublicationStats(db, TARGET, { selection, narrowing, by: 'day', timeZone: ZONE });
        expect(stats.total).toBe(selected.length);
        expect(stats.buckets.reduce((n, b) => n + b.total, 0)).toBe(timed.length);
        expect(stats.buckets[0]?.start.slice(0, 10)).toBe(localDay.format(Math.min(...timed)));
        expect(stats.buckets.at(-1)?.start.slice(0, 10)).toBe(localDay.format(Math.max(...timed)));
      });
    }
  }
});
