import { LIMIT_MAX } from '../../shared/api/query-checks';
import type { ExportedPublication, ExportPins } from '../../shared/domain/export-publication';
import type { PublicationPullPhase, PublicationPullProgress } from '../../shared/ipc/publication-history';
import type { StoreDatabase } from '../store/database';
import type { Reader, Writer } from '../store/statements';
import { pullExportPart, type ExportSource } from './export-download';
import { cachedPublicationCount } from './publication-layout';
import { clearMark, setKnownThrough } from './publication-pull-marks';
import { partInterner } from './publication-parts';
import { upsertParams, upsertSql } from './publication-rows';
import { finishPull, recordPage, reopenPull, startPull } from './pulls';
import { storeListed } from './store-listed';

// A whole history through the service's Exports API: one export of the successful publications
// (an export row says all a success's filters need but its type, referral flag, campaign id,
// voucher id and source id), and the failed ones, which are few, through the list (their ids,
// codes and messages), or through an export too when they are many. Each part is noted when whole,
// so a killed pull carries on with the next part; a part cut short is read again whole.

/** Failed publications read through the list when at most this many (<= 50 calls); else exported. */
export const FAILURES_LISTED_MAX = 5_000;

type Part = 'SUCCESS' | 'FAILURE';
const PARTS: readonly Part[] = ['SUCCESS', 'FAILURE'];

interface ExportMark {
  pullId: number;
  /** An incremental pull's edge: it exports only what is newer. */
  after?: string;
  done: Part[];
  newest: Partial<Record<Part, string>>;
}

export interface ExportPullOptions {
  target: string;
  queryKey: string;
  /** Failed publications read through the list when at most this many (FAILURES_LISTED_MAX by default). */
  failuresListedMax?: number;
  /** Only what was created after this instant (an incremental pull: the cache holds the rest). */
  after?: string;
  /** The list's total, when the caller has just read it. */
  total?: number;
  onProgress?: (progress: PublicationPullProgress) => void;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export interface ExportPullSummary {
  pullId: number;
  pages: number;
  items: number;
  total: number;
  added: number;
  requests: number;
  resumed: boolean;
  mode: 'full' | 'incremental';
}

const markKey = (target: string, queryKey: string): string => `publications.exports ${target} ${queryKey}`;

function readMark(db: Reader, target: string, queryKey: string): ExportMark | undefined {
  const text = db.get<{ value: string }>('SELECT value FROM cache_state WHERE key = ?', [markKey(target, queryKey)])?.value;
  if (text === undefined) return undefined;
  const mark = JSON.parse(text) as ExportMark;
  const pull = db.get<{ status: string }>('SELECT status FROM pulls WHERE id = ?', [mark.pullId]);
  return pull?.status === 'running' || pull?.status === 'failed' ? mark : undefined;
}

/** Whether an export pull of this query was cut off (killed or failed): the next pull carries it on. */
export function exportPullInterrupted(db: Reader, target: string, queryKey: string): boolean {
  return readMark(db, target, queryKey) !== undefined;
}

function writeMark(tx: Writer, target: string, queryKey: string, mark: ExportMark): void {
  tx.run('INSERT INTO cache_state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value', [
    markKey(target, queryKey),
    JSON.stringify(mark),
  ]);
}

const later = (a: string | undefined, b: string | undefined): string | undefined => (a === undefined ? b : b === undefined || a >= b ? a : b);

/** Whether the target holds publications a list pull stored (by id): export rows must not copy them. */
function holdsListed(db: Reader, target: string): boolean {
  return db.get<{ one: number }>(`SELECT 1 AS one FROM publications WHERE target = ? AND id NOT LIKE 'x\\_%' ESCAPE '\\' LIMIT 1`, [target]) !== undefined;
}

const toText = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** Stores export rows in one transaction; a publication the cache already holds by id (from the list) is left as it is. */
function storeExported(tx: Writer, target: string, rows: readonly ExportedPublication[], pullId: number, pulledAt: string, checkListed: boolean): number {
  const upsert = tx.prepare(upsertSql());
  const intern = partInterner(tx);
  const exists = tx.prepare('SELECT 1 AS one FROM publications WHERE target = ? AND id = ?');
  const listed = checkListed
    ? tx.prepare(
        `SELECT 1 AS one FROM publications WHERE target = ? AND created_at = ? AND customer_id IS ? AND voucher_code IS ? AND id NOT LIKE 'x\\_%' ESCAPE '\\'`,
      )
    : undefined;
  let added = 0;
  for (const { item, facts } of rows) {
    if (listed) {
      if (listed.get([target, facts.created_at, toText(facts.customer_id), facts.voucher_code]) !== undefined) continue;
    }
    if (exists.get([target, item.id]) === undefined) added += 1;
    upsert.run(upsertParams(intern, target, item, facts, {}, pullId, pulledAt));
  }
  return added;
}

/** Reads the whole history into the cache through exports (see the comment above). */
export async function pullByExports(db: StoreDatabase, client: ExportSource, o: ExportPullOptions): Promise<ExportPullSummary> {
  const { target, queryKey } = o;
  const now = o.now ?? Date.now;
  const iso = (): string => new Date(now()).toISOString();
  const sleep = o.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const resumedMark = readMark(db, target, queryKey);
  // The mark is written with the pull's record: a pull killed in its first part is carried on too.
  const mark = await db.write((tx): ExportMark => {
    if (resumedMark) {
      reopenPull(tx, resumedMark.pullId);
      return resumedMark;
    }
    const started: ExportMark = {
      pullId: startPull(tx, target, 'publications', {}, queryKey, iso()),
      done: [],
      newest: {},
      ...(o.after !== undefined && { after: o.after }),
    };
    writeMark(tx, target, queryKey, started);
    return started;
  });
  const pullId = mark.pullId;
  const after = mark.after;
  const checkListed = holdsListed(db, target);
  let requests = 0;
  let pages = 0;
  let items = 0;
  let added = 0;
  let total = 0;
  const onRequest = (): void => {
    requests += 1;
  };
  const report = (phase: PublicationPullPhase, part: Part, rows: number): void =>
    o.onProgress?.({ mode: after === undefined ? 'full' : 'incremental', pages, items, total, added, phase, part, rows });
  try {
    if (o.total !== undefined) total = o.total;
    else {
      onRequest();
      total = (await client.listPublications({ limit: 1 })).total;
    }
    for (const part of PARTS) {
      if (mark.done.includes(part)) continue;
      let newest: string | undefined;
      const stored = async (write: (tx: Writer) => number, count: number, newestHere: string | undefined): Promise<void> => {
        added += await db.write((tx) => {
          const n = write(tx);
          recordPage(tx, pullId, count, total, undefined);
          return n;
        });
        pages += 1;
        items += count;
        newest = later(newest, newestHere);
      };
      const listed =
        part === 'FAILURE' &&
        (await listFailures(
          client,
          o.failuresListedMax ?? FAILURES_LISTED_MAX,
          after,
          onRequest,
          (phase, rows) => report(phase, part, rows),
          async (page) => {
            await stored(
              (tx) => {
                const before = cachedPublicationCount(tx, target);
                storeListed(tx, target, page, {}, pullId, iso());
                return cachedPublicationCount(tx, target) - before;
              },
              page.length,
              page.reduce<string | undefined>((a, p) => later(a, p.created_at), undefined),
            );
          },
        ));
      if (!listed) {
        const pins: ExportPins = { result: part };
        await pullExportPart(
          client,
          { junction: 'and', result: { conditions: { $is: part } }, ...(after !== undefined && { created_at: { conditions: { $after: after } } }) },
          pins,
          async (rows) => {
            const pulledAt = iso();
            await stored(
              (tx) => storeExported(tx, target, rows, pullId, pulledAt, checkListed),
              rows.length,
              rows.reduce<string | undefined>((a, r) => later(a, r.facts.created_at ?? undefined), undefined),
            );
          },
          { onRequest, sleep, onPhase: (phase, rows) => report(phase, part, rows) },
        );
      }
      mark.done.push(part);
      if (newest !== undefined) mark.newest[part] = newest;
      await db.write((tx) => writeMark(tx, target, queryKey, mark));
    }
  } catch (error) {
    await db.write((tx) => finishPull(tx, pullId, 'failed', iso(), { error: error instanceof Error ? error.message : String(error) }));
    throw error;
  }
  await db.write((tx) => {
    // The failed ones were read after the successes: the history is whole up to the successes' newest.
    const through = mark.newest.SUCCESS ?? mark.newest.FAILURE ?? after;
    if (through !== undefined) setKnownThrough(tx, target, queryKey, through);
    tx.run('DELETE FROM cache_state WHERE key = ?', [markKey(target, queryKey)]);
    clearMark(tx, target, queryKey);
    finishPull(tx, pullId, 'done', iso(), { total });
  });
  // The journal folded into the file now, while the pull still holds the database: else the
  // command that reads next replays up to a quarter of the cache's size of statements at open.
  await db.compact();
  return { pullId, pages, items, total, added, requests, resumed: resumedMark !== undefined, mode: after === undefined ? 'full' : 'incremental' };
}

/**
 * The failed publications through the list when they are few enough: all of them oldest first, or
 * (`after`) newest first down to that instant. Answers false when they are too many, for an export
 * to read them (what was stored meanwhile is kept; the export's copies of it are skipped).
 */
async function listFailures(
  client: ExportSource,
  most: number,
  after: string | undefined,
  onRequest: () => void,
  onPhase: (phase: PublicationPullPhase, rows: number) => void,
  store: (page: Parameters<typeof storeListed>[2]) => Promise<void>,
): Promise<boolean> {
  let rows = 0;
  const edge = after === undefined ? undefined : Date.parse(after);
  for (let page = 1; ; page += 1) {
    if (rows >= most && rows > 0) return false;
    onRequest();
    const list = await client.listPublications({ result: 'FAILURE', order: after === undefined ? 'created_at' : '-created_at', page, limit: LIMIT_MAX });
    if (page === 1 && edge === undefined && list.total > most) return false;
    const items = edge === undefined ? list.items : list.items.filter((p) => Date.parse(p.created_at ?? '') > edge);
    onPhase('listing', rows);
    await store(items);
    rows += items.length;
    if (items.length < list.items.length || list.items.length < LIMIT_MAX || page * LIMIT_MAX >= list.total) return true;
  }
}
