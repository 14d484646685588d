import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCacheDatabase } from '../../../electron/cache';
import { factsTruth } from '../../../electron/cache/publication-answer';
import { statsByIndex } from '../../../electron/cache/stats-by-index';
import { statsByScan } from '../../../electron/cache/stats-by-scan';
import type { CountedStats, StatsScope } from '../../../electron/cache/stats-scope';
import type { StoreDatabase } from '../../../electron/store/database';
import type { Params, Reader, Row } from '../../../electron/store/statements';
import { publicationStats } from '../../../shared/domain/publication-stats';
import type { HistoryBucketSize, HistoryNarrowing } from '../../../shared/ipc/publication-history';
import { extraPublications } from './history';
import { fillCache, recordCompletePull } from './fill';
import { makeTempDir } from './temp';

// The dashboard's own case (every publication) is counted by walking two indexes; any other
// selection by scans. Both must give the same numbers for every zone, bucket size and narrowing.

const TARGET = 'http://127.0.0.1:1/stats-ways';
let db: StoreDatabase;

beforeAll(async () => {
  db = await openCacheDatabase(join(makeTempDir(), 'cache'));
  // Both of Europe's and Chile's daylight-saving changes of 2026 (Chile's at midnight), and a quiet stretch.
  const docs = [
    ...extraPublications(500, 0, Date.UTC(2026, 2, 27, 20)),
    ...extraPublications(300, 500, Date.UTC(2026, 3, 3, 22)),
    ...extraPublications(400, 800, Date.UTC(2026, 8, 5, 1)),
    ...extraPublications(400, 1200, Date.UTC(2026, 9, 24, 12)),
  ];
  await fillCache(db, TARGET, docs);
  // A pull by campaign teaches the campaign of some multi-voucher and failed publications: unknown_mask varies.
  const gift = docs.filter((d) => d.facts.campaign_name === 'Gift Season');
  await recordCompletePull(db, TARGET, { campaign: 'Gift Season' }, gift, { campaign_name: 'Gift Season' });
}, 60_000);

afterAll(async () => {
  await db?.close();
});

function scopeOf(narrowing: HistoryNarrowing, by: HistoryBucketSize, timeZone: string): StatsScope {
  const { truth, twoValued } = factsTruth(db, TARGET, {}, narrowing);
  return { target: TARGET, truth, twoValued, narrowing, by, timeZone };
}

function numbers(counted: CountedStats, scope: StatsScope) {
  const stats = publicationStats(
    { ...counted.counts, lastPullAt: null },
    { by: scope.by, timeZone: scope.timeZone, narrowing: scope.narrowing, periods: counted.periods },
  );
  return {
    ...stats,
    failures: stats.failures.map((f) => ({ ...f, messages: [...f.messages].sort((a, b) => String(a.message).localeCompare(String(b.message))) })),
  };
}

const NARROWINGS: HistoryNarrowing[] = [
  {},
  { channel: 'Email' },
  { from: '2026-03-28T23:00:00.000Z', to: '2026-04-05T03:30:00.000Z' },
  { from: '2026-10-01T00:00:00.000Z', to: '2026-11-01T00:00:00.000Z', channel: 'SMS' },
  { from: '2026-06-01T00:00:00.000Z', to: '2026-07-01T00:00:00.000Z' },
  { channel: 'no such channel' },
];

describe('the dashboard counted two ways', () => {
  it('gives the same numbers from the indexes as from the scans, in every zone, bucket size and narrowing', () => {
    let nonEmpty = 0;
    for (const timeZone of ['Europe/Warsaw', 'America/Santiago', 'Pacific/Chatham', 'Asia/Kolkata', 'UTC']) {
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
    expect(nonEmpty).toBe(5 * 3 * 4);
  });

  it('reads only indexes, and sorts nothing but the failures', () => {
    const plans: string[] = [];
    const explaining: Reader = {
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
    const scope = scopeOf({ from: '2026-03-01T00:00:00.000Z', channel: 'Email' }, 'day', 'Europe/Warsaw');
    expect(numbers(statsByIndex(explaining, scope), scope).total).toBeGreaterThan(0);
    const [combos, campaigns, failures, buckets] = plans;
    expect(plans).toHaveLength(4);
    expect(combos).toContain('USING COVERING INDEX publication_facts_by_channel_result');
    expect(campaigns).toContain('USING COVERING INDEX publication_facts_by_campaign');
    expect(failures).toContain('USING INDEX publication_facts_by_channel_result');
    expect(buckets).toContain('USING COVERING INDEX publication_facts_by_channel_result');
    for (const plan of [combos, campaigns, buckets]) expect(plan).not.toMatch(/TEMP B-TREE FOR GROUP BY|SCAN publication_facts/);
  });
});
