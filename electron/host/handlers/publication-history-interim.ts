import Papa from 'papaparse';
import { baseUrlOf } from '../../../shared/api';
import type { PublicationFacts } from '../../../shared/domain/publication-facts';
import { DEFAULT_PUBLICATION_ORDER, publicationComparator } from '../../../shared/domain/publication-order';
import { selectionTest, type PublicationSelection } from '../../../shared/domain/publication-query';
import type { HistoryBucket, HistoryBucketSize, HistoryNarrowing, PublicationStats } from '../../../shared/ipc/publication-history';
import { listPulls } from '../../cache';
import { FACTS_SELECT, factsOfRow } from '../../cache/publication-rows';
import type { StoreDatabase } from '../../store/database';
import type { SqlValue } from '../../store/statements';
import type { InvokeHandlers } from '../ipc-guard';
import type { Connection } from './connection';

// INTERIM, branch pub-dashboard only: the dashboard's numbers computed in JavaScript from every
// cached row, so the dashboard could be built and tested before the cache answers them in SQL.
// The lead replaces this file with the SQL implementation at merge; nothing else imports it.

type HistoryHandlers = Pick<InvokeHandlers, 'publications.stats' | 'publications.export'>;

interface Row {
  facts: PublicationFacts;
  ms: number;
  message: string | null;
}

function readRows(db: StoreDatabase, target: string, selection: PublicationSelection, narrowing: HistoryNarrowing): { rows: Row[]; undetermined: number } {
  const clauses = ['target = ?'];
  const params: SqlValue[] = [target];
  const narrow: [string, SqlValue | undefined][] = [
    ['created_at >= ?', narrowing.from && new Date(narrowing.from).toISOString()],
    ['created_at < ?', narrowing.to && new Date(narrowing.to).toISOString()],
    ['channel = ?', narrowing.channel],
  ];
  for (const [clause, value] of narrow) {
    if (value === undefined) continue;
    clauses.push(clause);
    params.push(value);
  }
  const raw = db.all<{ facts: string; message: string | null }>(
    `SELECT ${FACTS_SELECT}, CASE WHEN result = 'FAILURE' THEN json_extract(json, '$.failure_message') END AS message FROM publications WHERE ${clauses.join(' AND ')}`,
    params,
  );
  const test = selectionTest(selection);
  const rows: Row[] = [];
  let undetermined = 0;
  for (const r of raw) {
    const facts = factsOfRow(r.facts);
    const truth = test(facts);
    if (truth === undefined) undetermined += 1;
    else if (truth) rows.push({ facts, ms: Date.parse(facts.created_at ?? ''), message: r.message });
  }
  return { rows, undetermined };
}

/** Wall-clock reading of instants in one time zone, and the instant of a wall-clock midnight there. */
function zone(timeZone: string) {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const wall = (ms: number): number[] => {
    const parts = Object.fromEntries(format.formatToParts(ms).map((p) => [p.type, Number(p.value)]));
    return [parts['year'] ?? 0, parts['month'] ?? 1, parts['day'] ?? 1, parts['hour'] ?? 0, parts['minute'] ?? 0, parts['second'] ?? 0];
  };
  const offsetAt = (ms: number): number => {
    const [y = 0, mo = 1, d = 1, h = 0, mi = 0, s = 0] = wall(ms);
    return Date.UTC(y, mo - 1, d, h, mi, s) - (ms - (((ms % 1000) + 1000) % 1000));
  };
  const midnight = (y: number, m: number, d: number): number => {
    let guess = Date.UTC(y, m - 1, d);
    for (let i = 0; i < 2; i += 1) guess = Date.UTC(y, m - 1, d) - offsetAt(guess);
    return guess;
  };
  const iso = (ms: number): string => {
    const [y = 0, mo = 1, d = 1, h = 0, mi = 0, s = 0] = wall(ms);
    const offset = Math.round(offsetAt(ms) / 60_000);
    const pad = (n: number, w = 2) => String(Math.abs(n)).padStart(w, '0');
    return `${pad(y, 4)}-${pad(mo)}-${pad(d)}T${pad(h)}:${pad(mi)}:${pad(s)}${offset < 0 ? '-' : '+'}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
  };
  return { wall, midnight, iso };
}

function bucketStarts(by: HistoryBucketSize, timeZone: string, from: number, to: number): { starts: number[]; iso: (ms: number) => string } {
  const z = zone(timeZone);
  const startOf = (ms: number): number => {
    const [y = 0, m = 1, d = 1] = z.wall(ms);
    if (by === 'month') return z.midnight(y, m, 1);
    if (by === 'day') return z.midnight(y, m, d);
    return z.midnight(y, m, d - ((new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7));
  };
  const next = (start: number): number => {
    const [y = 0, m = 1, d = 1] = z.wall(start);
    return by === 'month' ? z.midnight(y, m + 1, 1) : z.midnight(y, m, d + (by === 'day' ? 1 : 7));
  };
  const starts: number[] = [];
  for (let at = startOf(from); at < to; at = next(at)) starts.push(at);
  starts.push(starts.length === 0 ? next(startOf(from)) : next(starts[starts.length - 1] ?? from));
  return { starts, iso: z.iso };
}

function countInto<K>(map: Map<K, number>, key: K): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

const byCount = <K>(map: Map<K, number>): [K, number][] => [...map].sort((a, b) => b[1] - a[1]);

function stats(rows: Row[], undetermined: number, by: HistoryBucketSize, timeZone: string, narrowing: HistoryNarrowing, lastPullAt: string | null) {
  let first = Infinity;
  let last = -Infinity;
  for (const r of rows) {
    first = Math.min(first, r.ms);
    last = Math.max(last, r.ms);
  }
  const from = narrowing.from !== undefined ? Date.parse(narrowing.from) : first;
  const to = narrowing.to !== undefined ? Date.parse(narrowing.to) : last + 1;
  const buckets: HistoryBucket[] = [];
  let starts: number[] = [];
  if (Number.isFinite(from) && Number.isFinite(to) && from < to) {
    const made = bucketStarts(by, timeZone, from, to);
    starts = made.starts;
    for (let i = 0; i + 1 < starts.length; i += 1) {
      buckets.push({ start: made.iso(starts[i] ?? 0), end: made.iso(starts[i + 1] ?? 0), total: 0, byResult: { SUCCESS: 0, FAILURE: 0 }, byChannel: {} });
    }
  }
  const channels = new Map<string, number>();
  const campaigns = new Map<string | null, number>();
  const failures = new Map<string | null, Map<string | null, number>>();
  const referral = { referral: 0, other: 0, unknown: 0 };
  let campaignUnknown = 0;
  let succeeded = 0;
  for (const r of rows) {
    const { facts } = r;
    const channel = facts.channel ?? '(none)';
    countInto(channels, channel);
    if (facts.campaign_name === undefined) campaignUnknown += 1;
    else countInto(campaigns, typeof facts.campaign_name === 'string' ? facts.campaign_name : null);
    if (facts.is_referral_code === true) referral.referral += 1;
    else if (facts.is_referral_code === false) referral.other += 1;
    else referral.unknown += 1;
    if (facts.result === 'FAILURE') {
      const code = typeof facts.failure_code === 'string' ? facts.failure_code : null;
      const messages = failures.get(code) ?? new Map<string | null, number>();
      failures.set(code, messages);
      countInto(messages, r.message);
    } else if (facts.result === 'SUCCESS') succeeded += 1;
    let lo = 0;
    let hi = starts.length - 2;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] ?? 0) <= r.ms) lo = mid;
      else hi = mid - 1;
    }
    const bucket = buckets[lo];
    if (!bucket) continue;
    bucket.total += 1;
    if (facts.result === 'SUCCESS' || facts.result === 'FAILURE') bucket.byResult[facts.result] += 1;
    bucket.byChannel[channel] = (bucket.byChannel[channel] ?? 0) + 1;
  }
  const failureList = byCount(new Map([...failures].map(([code, messages]) => [code, [...messages.values()].reduce((a, b) => a + b, 0)])));
  const result: PublicationStats = {
    total: rows.length,
    succeeded,
    failed: rows.length - succeeded,
    undetermined,
    by,
    timeZone,
    buckets,
    channels: byCount(channels).map(([channel, count]) => ({ channel, count })),
    topCampaigns: byCount(campaigns)
      .slice(0, 10)
      .map(([name, count]) => ({ name, count })),
    campaignUnknown,
    failures: failureList.map(([code, count]) => ({
      code,
      count,
      messages: byCount(failures.get(code) ?? new Map<string | null, number>()).map(([message, n]) => ({ message, count: n })),
    })),
    referral,
    firstAt: Number.isFinite(first) ? new Date(first).toISOString() : null,
    lastAt: Number.isFinite(last) ? new Date(last).toISOString() : null,
    lastPullAt,
  };
  return result;
}

const inOrder = (selection: PublicationSelection) =>
  publicationComparator<Row>(
    selection.order ?? DEFAULT_PUBLICATION_ORDER,
    (r, key) => (key === 'customer_id' ? ((r.facts.customer_id as string | null | undefined) ?? null) : r.facts[key]),
    (r) => r.facts.id ?? '',
  );

/** A page of the list narrowed by time and channel, which the cache's own query does not take yet. */
export function interimNarrowedPage(
  db: StoreDatabase,
  target: string,
  selection: PublicationSelection,
  narrowing: HistoryNarrowing,
  offset: number,
  limit: number,
) {
  const { rows, undetermined } = readRows(db, target, selection, narrowing);
  const ids = rows
    .sort(inOrder(selection))
    .slice(offset, offset + limit)
    .map((r) => r.facts.id ?? '');
  const json = db.all<{ id: string; json: string }>(`SELECT id, json FROM publications WHERE target = ? AND id IN (${ids.map(() => '?').join(', ')})`, [
    target,
    ...ids,
  ]);
  const byId = new Map(json.map((r) => [r.id, JSON.parse(r.json) as Record<string, unknown>]));
  return {
    total: rows.length,
    items: ids.flatMap((id): Record<string, unknown>[] => {
      const item = byId.get(id);
      return item ? [item] : [];
    }),
    undetermined,
    lastPullAt: listPulls(db, target, { kind: 'publications', limit: 1 })[0]?.finishedAt ?? null,
  };
}

const text = (v: unknown): string => (v === undefined || v === null ? '' : String(v));

const CSV_FIELDS = [
  'id',
  'created_at',
  'created_local',
  'customer_id',
  'codes',
  'channel',
  'result',
  'failure_code',
  'failure_message',
  'campaign',
  'referral',
];

export function interimHistoryHandlers(cacheDb: () => Promise<StoreDatabase>, connection: Connection): HistoryHandlers {
  const target = () => baseUrlOf(connection.target().target);
  return {
    'publications.stats': async ({ selection, narrowing = {}, by, timeZone }) => {
      const db = await cacheDb();
      const { rows, undetermined } = readRows(db, target(), selection, narrowing);
      const lastPullAt = listPulls(db, target(), { kind: 'publications', limit: 1 })[0]?.finishedAt ?? null;
      return stats(rows, undetermined, by, timeZone, narrowing, lastPullAt);
    },
    'publications.export': async ({ selection, narrowing = {}, timeZone }) => {
      const { rows } = readRows(await cacheDb(), target(), selection, narrowing);
      rows.sort(inOrder(selection));
      const local = new Intl.DateTimeFormat('sv-SE', { timeZone, dateStyle: 'short', timeStyle: 'medium' });
      const data = rows.map(({ facts, ms, message }) => [
        facts.id,
        facts.created_at,
        Number.isNaN(ms) ? '' : local.format(ms),
        text(facts.customer_id),
        facts.codes.join(' '),
        facts.channel ?? '',
        facts.result ?? '',
        text(facts.failure_code),
        message ?? '',
        text(facts.campaign_name),
        text(facts.is_referral_code),
      ]);
      const day = new Date().toISOString().slice(0, 10);
      return { filename: `publications-${day}.csv`, csv: Papa.unparse({ fields: CSV_FIELDS, data }), rows: rows.length };
    },
  };
}
