import type { PublicationPullMode } from '../../shared/ipc/publication-history';
import type { Reader, Writer } from '../store/statements';

// What an incremental publication pull needs to remember between runs, per target and query, kept
// in cache_state: how far the known history reaches, and where an interrupted pull stopped.

/** Where a walk over the list is: the next page to read, in which order, and (newest first) when to stop. */
export interface PublicationWalk {
  order: 'created_at' | '-created_at';
  page: number;
  /** Newest first: stop at a page that reaches below this created_at with nothing new or changed there. */
  stopBelow: string | null;
}

/** Noted in each page's transaction, so a killed pull carries on from the next page. */
export interface PullMark {
  pullId: number;
  mode: PublicationPullMode;
  walk: PublicationWalk;
  /** The newest created_at of a newest-first walk's first page, and the list's total then: a resumed walk reads the top again down to it when the list grew. */
  top: string | null;
  topTotal: number;
  /** The newest created_at this pull stored. */
  newest: string | null;
}

const knownKey = (target: string, queryKey: string): string => `publications.known ${target} ${queryKey}`;
const markKey = (target: string, queryKey: string): string => `publications.pull ${target} ${queryKey}`;

function read(db: Reader, key: string): string | undefined {
  return db.get<{ value: string }>('SELECT value FROM cache_state WHERE key = ?', [key])?.value;
}

function write(tx: Writer, key: string, value: string): void {
  tx.run('INSERT INTO cache_state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value', [key, value]);
}

/**
 * The newest created_at up to which the cache holds the whole answer to this query (every older
 * publication the service lists), or null when no complete pull has read it yet.
 */
export function knownThrough(db: Reader, target: string, queryKey: string): string | null {
  return read(db, knownKey(target, queryKey)) ?? null;
}

export function setKnownThrough(tx: Writer, target: string, queryKey: string, createdAt: string): void {
  write(tx, knownKey(target, queryKey), createdAt);
}

/** The mark of an interrupted pull of this query (failed or killed while running), if one can be carried on. */
export function resumableMark(db: Reader, target: string, queryKey: string): PullMark | undefined {
  const text = read(db, markKey(target, queryKey));
  if (text === undefined) return undefined;
  const mark = JSON.parse(text) as PullMark;
  const pull = db.get<{ status: string }>('SELECT status FROM pulls WHERE id = ?', [mark.pullId]);
  return pull?.status === 'running' || pull?.status === 'failed' ? mark : undefined;
}

export function setMark(tx: Writer, target: string, queryKey: string, mark: PullMark): void {
  write(tx, markKey(target, queryKey), JSON.stringify(mark));
}

export function clearMark(tx: Writer, target: string, queryKey: string): void {
  tx.run('DELETE FROM cache_state WHERE key = ?', [markKey(target, queryKey)]);
}
