import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachedPublicationStats } from '../../../electron/cache';
import type { PublicationDoc } from '../../../electron/local-service/publication-doc';
import type { StoreDatabase } from '../../../electron/store/database';
import type { HistoryNarrowing } from '../../../shared/ipc/publication-history';
import { extraPublications, sandboxPublications } from './history';
import { pulledCache } from './pulled';

const ZONE = 'Europe/Warsaw';
const localDay = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
const localTime = new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

let db: StoreDatabase;
let target: string;
let docs: PublicationDoc[];

// Publications over both of Warsaw's daylight-saving changes of 2026 and a quiet week between.
beforeAll(async () => {
  let dataFile: string;
  ({ db, target, dataFile } = await pulledCache([
    ...extraPublications(400, 0, Date.UTC(2026, 2, 27, 20)),
    ...extraPublications(300, 400, Date.UTC(2026, 3, 20)),
    ...extraPublications(400, 700, Date.UTC(2026, 9, 24, 12)),
  ]));
  // Every publication the sandbox holds, its seeded ones too, as the reference the stats are checked against.
  docs = await sandboxPublications(dataFile);
}, 60_000);

afterAll(async () => {
  await db?.close();
});

/** The sandbox's own publications counted by local day, result and channel, with Intl's idea of Warsaw time. */
function countByDay(selected: readonly PublicationDoc[]): Map<string, { total: number; SUCCESS: number; FAILURE: number; byChannel: Record<string, number> }> {
  const days = new Map<string, { total: number; SUCCESS: number; FAILURE: number; byChannel: Record<string, number> }>();
  for (const { item, facts } of selected) {
    const day = localDay.format(new Date(item.created_at));
    const entry = days.get(day) ?? { total: 0, SUCCESS: 0, FAILURE: 0, byChannel: {} };
    entry.total += 1;
    entry[facts.result] += 1;
    entry.byChannel[item.channel] = (entry.byChannel[item.channel] ?? 0) + 1;
    days.set(day, entry);
  }
  return days;
}

function narrowed(narrowing: HistoryNarrowing, result?: 'SUCCESS' | 'FAILURE'): PublicationDoc[] {
  return docs.filter(
    ({ item, facts }) =>
      (result === undefined || facts.result === result) &&
      (narrowing.channel === undefined || item.channel === narrowing.channel) &&
      (narrowing.from === undefined || Date.parse(item.created_at) >= Date.parse(narrowing.from)) &&
      (narrowing.to === undefined || Date.parse(item.created_at) < Date.parse(narrowing.to)),
  );
}

describe('publication stats from the cache', () => {
  it('count every local day of the whole history as the sandbox holds it, across both daylight-saving changes', () => {
    const stats = cachedPublicationStats(db, target, { selection: {}, by: 'day', timeZone: ZONE });
    expect(stats.total).toBe(docs.length);
    expect(stats.succeeded).toBe(docs.filter((d) => d.facts.result === 'SUCCESS').length);
    expect(stats.failed).toBe(docs.filter((d) => d.facts.result === 'FAILURE').length);
    const expected = countByDay(docs);
    const nonEmpty = stats.buckets.filter((b) => b.total > 0);
    expect(nonEmpty.length).toBe(expected.size);
    for (const bucket of nonEmpty) {
      const start = new Date(bucket.start);
      expect(localTime.format(start)).toBe('00:00');
      const day = expected.get(localDay.format(start));
      expect({ total: bucket.total, ...bucket.byResult, byChannel: bucket.byChannel }).toEqual(day);
    }
    const [spring, fall] = ['2026-03-29', '2026-10-25'].map((day) => stats.buckets.find((b) => b.start.startsWith(day)));
    expect((Date.parse(spring?.end ?? '') - Date.parse(spring?.start ?? '')) / 3_600_000).toBe(23);
    expect((Date.parse(fall?.end ?? '') - Date.parse(fall?.start ?? '')) / 3_600_000).toBe(25);
    expect(stats.buckets.every((b, i) => i === 0 || b.start === stats.buckets[i - 1]?.end)).toBe(true);
  });

  it('count campaigns, failures with their messages and the referral share as the list items show them', () => {
    const stats = cachedPublicationStats(db, target, { selection: {}, by: 'month', timeZone: ZONE });
    const shown = docs.filter((d) => d.item.voucher !== undefined);
    const campaigns = new Map<string | null, number>();
    for (const d of shown) {
      const name = (d.item.voucher as { campaign?: string }).campaign ?? null;
      campaigns.set(name, (campaigns.get(name) ?? 0) + 1);
    }
    expect(stats.campaignUnknown).toBe(docs.length - shown.length);
    expect(stats.topCampaigns).toEqual(
      [...campaigns]
        .map(([name, count]) => ({ name, count }))
        .sort((a, b) => b.count - a.count || (a.name ?? '').localeCompare(b.name ?? ''))
        .slice(0, 10),
    );
    const failed = docs.filter((d) => d.facts.result === 'FAILURE');
    for (const f of stats.failures) {
      const ofCode = failed.filter((d) => d.facts.failure_code === f.code);
      expect(f.count).toBe(ofCode.length);
      for (const m of f.messages) expect(m.count).toBe(ofCode.filter((d) => (d.item.failure_message ?? null) === m.message).length);
    }
    expect(stats.failures.reduce((n, f) => n + f.count, 0)).toBe(failed.length);
    const referral = shown.filter((d) => (d.item.voucher as { is_referral_code?: boolean }).is_referral_code === true).length;
    const unknown = docs.filter((d) => d.facts.result === 'SUCCESS' && d.item.voucher === undefined).length;
    expect(stats.referral).toEqual({ referral, other: docs.length - referral - unknown, unknown });
    const months = docs.map((d) => localDay.format(new Date(d.item.created_at)).slice(0, 7)).sort();
    const [first, last] = [months[0] ?? '', months.at(-1) ?? ''];
    const monthsBetween = (Number(last.slice(0, 4)) - Number(first.slice(0, 4))) * 12 + Number(last.slice(5)) - Number(first.slice(5)) + 1;
    expect(stats.buckets.length).toBe(monthsBetween);
    expect([stats.buckets[0]?.start.slice(0, 7), stats.buckets.at(-1)?.start.slice(0, 7)]).toEqual([first, last]);
    expect(stats.buckets.map((b) => b.total)).toEqual(stats.buckets.map((b) => narrowed({ from: b.start, to: b.end }).length));
    expect(stats.lastPullAt).not.toBeNull();
  });

  it('narrow by time range, channel and result, with weeks from Monday over the whole range asked for', () => {
    const narrowing = { from: '2026-03-23T00:00:00+01:00', to: '2026-05-04T00:00:00+02:00', channel: 'Email' };
    const stats = cachedPublicationStats(db, target, { selection: { result: 'SUCCESS' }, narrowing, by: 'week', timeZone: ZONE });
    const selected = narrowed(narrowing, 'SUCCESS');
    expect(selected.length).toBeGreaterThan(0);
    expect(stats.total).toBe(selected.length);
    expect(stats.failed).toBe(0);
    expect(stats.channels).toEqual([{ channel: 'Email', count: selected.length }]);
    expect(stats.buckets.map((b) => b.start)).toEqual([
      '2026-03-23T00:00:00+01:00',
      '2026-03-30T00:00:00+02:00',
      '2026-04-06T00:00:00+02:00',
      '2026-04-13T00:00:00+02:00',
      '2026-04-20T00:00:00+02:00',
      '2026-04-27T00:00:00+02:00',
    ]);
    const perWeek = stats.buckets.map(
      (b) => selected.filter((d) => Date.parse(d.item.created_at) >= Date.parse(b.start) && Date.parse(d.item.created_at) < Date.parse(b.end)).length,
    );
    expect(stats.buckets.map((b) => b.total)).toEqual(perWeek);
  });

  it('refuses an unknown time zone by name', () => {
    expect(() => cachedPublicationStats(db, target, { selection: {}, by: 'day', timeZone: 'Europe/Atlantis' })).toThrow(/Unknown time zone "Europe\/Atlantis"/);
  });
});
