import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachedPublicationStats, openCacheDatabase } from '../../../electron/cache';
import { DAY_COUNT_TABLES, groupedDayCountsSql } from '../../../electron/cache/day-counts';
import { factsTruth } from '../../../electron/cache/publication-answer';
import { statsByDays } from '../../../electron/cache/stats-by-days';
import { statsByIndex } from '../../../electron/cache/stats-by-index';
import { statsByScan } from '../../../electron/cache/stats-by-scan';
import type { CountedStats, StatsScope } from '../../../electron/cache/stats-scope';
import type { StoreDatabase } from '../../../electron/store/database';
import type { Params, Reader, Row } from '../../../electron/store/statements';
import type { PublicationSelection } from '../../../shared/domain/publication-query';
import { publicationStats } from '../../../shared/domain/publication-stats';
import type { HistoryBucketSize, HistoryNarrowing, PublicationStats } from '../../../shared/ipc/publication-history';
import type { PublicationDoc } from '../../../electron/local-service/publication-doc';
import { extraPublications } from './history';
import { fillCache, recordCompletePull } from './fill';
import { makeTempDir } from './temp';

// The dashboard's own case (every publication) and one result are counted from the day counts,
// every publication by walking two indexes where they cannot, any other selection by scans. All
// must give the same numbers for every zone, bucket size and narrowing.

const TARGET = 'http://127.0.0.1:1/stats-ways';
let db: StoreDatabase;

/** A publication of `doc`'s kind with another id and time. */
const at = (doc: PublicationDoc | undefined, id: string, createdAt: string): PublicationDoc => ({
  ...(doc as PublicationDoc),
  item: { ...(doc as PublicationDoc).item, id, created_at: createdAt },
});

// A failure and then a success in the first quarter-hour of the history, and the other way round in its last.
const [SUCCESS, , , , , FAILURE] = extraPublications(6, 7000);
const EDGES = [
  at(FAILURE, 'pub_edge1', '2026-03-27T19:00:01.000Z'),
  at(SUCCESS, 'pub_edge2', '2026-03-27T19:00:07.000Z'),
  at(SUCCESS, 'pub_edge3', '2026-10-27T05:14:01.000Z'),
  at(FAILURE, 'pub_edge4', '2026-10-27T05:14:07.000Z'),
];

/** Stored again with another channel, or failed where it succeeded. */
function changed(doc: PublicationDoc, n: number): PublicationDoc {
  if (n % 2 === 0) return { ...doc, item: { ...doc.item, channel: n % 4 === 0 ? 'Rewritten' : 'SMS' } };
  const { voucher: _voucher, vouchers: _vouchers, ...item } = doc.item;
  return { ...doc, item: { ...item, result: 'FAILURE', failure_code: 'rewritten', failure_message: `Rewritten ${n % 3}` } };
}

beforeAll(async () => {
  db = await openCacheDatabase(join(makeTempDir(), 'cache'));
  // Both of Europe's and Chile's daylight-saving changes of 2026 (Chile's at midnight), and a quiet stretch.
  const docs = [
    ...extraPublications(500, 0, Date.UTC(2026, 2, 27, 20)),
    ...extraPublications(300, 500, Date.UTC(2026, 3, 3, 22)),
    ...extraPublications(400, 800, Date.UTC(2026, 8, 5, 1)),
    ...extraPublications(400, 1200, Date.UTC(2026, 9, 24, 12)),
    ...EDGES,
  ];
  await fillCache(db, TARGET, docs);
  // A pull by campaign teaches the campaign of some multi-voucher and failed publications: unknown_mask varies.
  const gift = docs.filter((d) => d.facts.campaign_name === 'Gift Season');
  await recordCompletePull(db, TARGET, { campaign: 'Gift Season' }, gift, { campaign_name: 'Gift Season' });
  // Publications stored again with other facts, and some deleted, as later pulls and a removal do: the day counts must follow.
  await fillCache(
    db,
    TARGET,
    docs.filter((_, n) => n % 9 === 4).map((d, n) => changed(d, n)),
  );
  const gone = docs.filter((_, n) => n % 13 === 6).map((d) => d.item.id);
  await db.write((tx) => tx.run('DELETE FROM publications WHERE target = ? AND id IN (SELECT value FROM json_each(?))', [TARGET, JSON.stringify(gone)]));
}, 60_000);

afterAll(async () => {
  await db?.close();
});

function scopeOf(narrowing: HistoryNarrowing, by: HistoryBucketSize, timeZone: string, selection: PublicationSelection = {}, target = TARGET): StatsScope {
  const { truth, twoValued } = factsTruth(db, target, selection, narrowing);
  return { target, truth, twoValued, narrowing, by, timeZone };
}

/** Messages of the same count in one order, whichever way counted them. */
function normal(stats: PublicationStats): PublicationStats {
  return {
    ...stats,
    lastPullAt: null,
    failures: stats.failures.map((f) => ({ ...f, messages: [...f.messages].sort((a, b) => String(a.message).localeCompare(String(b.message))) })),
  };
}

function numbers(counted: CountedStats, scope: StatsScope): PublicationStats {
  return normal(
    publicationStats({ ...counted.counts, lastPullAt: null }, { by: scope.by, timeZone: scope.timeZone, narrowing: scope.narrowing, periods: counted.periods }),
  );
}

const NARROWINGS: HistoryNarrowing[] = [
  {},
  { channel: 'Email' },
  { from: '2026-03-28T23:00:00.000Z', to: '2026-04-05T03:30:00.000Z' },
  { from: '2026-10-01T00:00:00.000Z', to: '2026-11-01T00:00:00.000Z', channel: 'SMS' },
  { from: '2026-06-01T00:00:00.000Z', to: '2026-07-01T00:00:00.000Z' },
  { channel: 'no such channel' },
];

const ZONES = ['Europe/Warsaw', 'America/Santiago', 'Pacific/Chatham', 'Asia/Kolkata', 'Asia/Kathmandu', 'UTC'];

function byDays(scope: StatsScope, result?: PublicationSelection['result']): CountedStats {
  const counted = statsByDays(db, scope, result);
  if (!counted) throw new Error(`the day counts did not answer ${JSON.stringify(scope.narrowing)}`);
  return counted;
}

describe('the dashboard counted three ways', () => {
  it('gives the same numbers from the indexes as from the scans, in every zone, bucket size and narrowing', () => {
    let nonEmpty = 0;
    for (const timeZone of ZONES) {
      for (const by of ['day', 'week', 'month'] as const) {
        for (const narrowing of NARROWINGS) {
          const scope = scopeOf(narrowing, by, timeZone);
          const byIndex = numbers(statsByIndex(db, scope), scope);
          expect(byIndex, `${timeZone} by ${by}, ${JSON.stringify(narrowing)}`).toEqual(numbers(statsByScan(db, scope), scope));
          if (byIndex.total > 0) nonEmpty += 1;
        }
      }
    }
    // June and the unknown channel hold nothing; every other narrowing must have been compared on real counts.
    expect(nonEmpty).toBe(ZONES.length * 3 * 4);
  });

  it('gives the same numbers from the day counts as from the scans, for everything and for each result', () => {
    let nonEmpty = 0;
    for (const timeZone of ZONES) {
      for (const by of ['day', 'week', 'month'] as const) {
        for (const narrowing of NARROWINGS) {
          for (const result of [undefined, 'SUCCESS', 'FAILURE'] as const) {
            const scope = scopeOf(narrowing, by, timeZone, result === undefined ? {} : { result });
            const days = numbers(byDays(scope, result), scope);
            expect(days, `${timeZone} by ${by}, ${JSON.stringify(narrowing)}, ${result ?? 'everything'}`).toEqual(numbers(statsByScan(db, scope), scope));
            if (days.total > 0) nonEmpty += 1;
          }
        }
      }
    }
    expect(nonEmpty).toBe(ZONES.length * 3 * 4 * 3);
  });

  it("takes one result's first and last instants from its own publications, not from the quarter-hour's", () => {
    for (const [result, first, last] of [
      ['SUCCESS', '2026-03-27T19:00:07.000Z', '2026-10-27T05:14:01.000Z'],
      ['FAILURE', '2026-03-27T19:00:01.000Z', '2026-10-27T05:14:07.000Z'],
    ] as const) {
      const scope = scopeOf({}, 'day', 'Europe/Warsaw', { result });
      const { firstAt, lastAt } = byDays(scope, result).counts;
      expect([firstAt, lastAt], result).toEqual([first, last]);
      expect(numbers(byDays(scope, result), scope), result).toEqual(numbers(statsByScan(db, scope), scope));
    }
  });

  it('keeps day counts equal to the GROUP BYs that fill them, after publications are stored again and deleted', () => {
    const rows = (sql: string): string[] =>
      db
        .all(sql)
        .map((r) => JSON.stringify(Object.values(r)))
        .sort();
    for (const table of DAY_COUNT_TABLES) expect(rows(`SELECT * FROM ${table}`), table).toEqual(rows(groupedDayCountsSql(table)));
    expect(db.get("SELECT COUNT(*) AS n FROM publication_day_quarters WHERE channel = 'Rewritten'")).not.toEqual({ n: 0 });
    expect(db.get("SELECT COUNT(*) AS n FROM publication_day_failures WHERE failure_code = 'rewritten'")).not.toEqual({ n: 0 });
  });

  it('leaves to the indexes and scans what the day counts cannot count, with the same numbers', async () => {
    const [success] = extraPublications(1, 9000);
    // A time not in the cache's sortable form (out of the range: no way counts a time it cannot read), and a
    // time when Warsaw was 1:24 ahead of UTC.
    const odd = { target: 'http://127.0.0.1:1/odd', docs: [at(success, 'pub_odd', 'sometime'), at(success, 'pub_fine', '2026-01-01T10:00:00.000Z')] };
    const old = {
      target: 'http://127.0.0.1:1/old',
      docs: [at(success, 'pub_old', '1900-06-01T10:00:00.000Z'), at(success, 'pub_new', '1900-06-03T10:00:00.000Z')],
    };
    for (const { target, docs } of [odd, old]) await fillCache(db, target, docs);
    const cases: [string, HistoryNarrowing][] = [
      [odd.target, { to: '2026-06-01T00:00:00.000Z' }],
      [old.target, {}],
      [TARGET, { from: '2026-03-28T01:00:00.000Z', to: '2026-03-28T20:00:00.000Z' }],
      [TARGET, { from: '2026-03-28T12:00:00.000Z', to: '2026-03-29T06:00:00.000Z' }],
    ];
    for (const [target, narrowing] of cases) {
      const scope = scopeOf(narrowing, 'day', 'Europe/Warsaw', {}, target);
      expect(statsByDays(db, scope, undefined), `${target} ${JSON.stringify(narrowing)}`).toBeUndefined();
      const stats = cachedPublicationStats(db, target, { selection: {}, narrowing, by: 'day', timeZone: 'Europe/Warsaw' });
      expect(normal(stats)).toEqual(numbers(statsByScan(db, scope), scope));
      expect(stats.total).toBeGreaterThan(0);
    }
  });
});

/** A reader that also keeps the plan of every statement it runs. */
function explaining(plans: string[]): Reader {
  return {
    all<T extends Row>(sql: string, params?: Params): T[] {
      plans.push(
        db
          .all<{ detail: string }>(`EXPLAIN QUERY PLAN ${sql}`, params)
          .map((r) => r.detail)
          .join(' | '),
      );
      return db.all<T>(sql, params);
    },
    get<T extends Row>(sql: string, params?: Params): T | undefined {
      return this.all<T>(sql, params)[0];
    },
  };
}

describe('what each way reads', () => {
  it('reads only indexes, and sorts nothing but the failures', () => {
    const plans: string[] = [];
    const scope = scopeOf({ from: '2026-03-01T00:00:00.000Z', channel: 'Email' }, 'day', 'Europe/Warsaw');
    expect(numbers(statsByIndex(explaining(plans), scope), scope).total).toBeGreaterThan(0);
    const [combos, campaigns, failures, buckets] = plans;
    expect(plans).toHaveLength(4);
    expect(combos).toContain('USING COVERING INDEX publication_facts_by_channel_result');
    expect(campaigns).toContain('USING COVERING INDEX publication_facts_by_campaign');
    expect(failures).toContain('USING INDEX publication_facts_by_channel_result');
    expect(buckets).toContain('USING COVERING INDEX publication_facts_by_channel_result');
    for (const plan of [combos, campaigns, buckets]) expect(plan).not.toMatch(/TEMP B-TREE FOR GROUP BY|SCAN publication_facts/);
  });

  it('reads whole days from the day counts, and of the facts only the pieces of days at the ends and a seek at each end', () => {
    const plans: string[] = [];
    const scope = scopeOf({ from: '2026-03-28T23:00:00.000Z', to: '2026-04-05T03:30:00.000Z' }, 'day', 'Europe/Warsaw', { result: 'SUCCESS' });
    expect(numbers(statsByDays(explaining(plans), scope, 'SUCCESS') as CountedStats, scope).total).toBeGreaterThan(0);
    const facts = plans.filter((p) => p.includes('publication_facts'));
    expect(
      facts.some((p) =>
        p.includes(
          'SEARCH publication_facts USING COVERING INDEX publication_facts_by_channel_result (target=? AND channel=? AND result=? AND created_at>? AND created_at<?)',
        ),
      ),
    ).toBe(true);
    for (const plan of facts) expect(plan).toMatch(/publication_facts_by_(created_at|channel_result)/);
    for (const plan of plans) expect(plan).not.toMatch(/SCAN publication_(facts|day)/);
  });
});
