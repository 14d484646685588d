import type { Reader, Writer } from '../store/statements';

export type PullKind = 'publications' | 'stacks' | 'campaign-stacks' | 'rewards';
export type PullStatus = 'running' | 'done' | 'partial' | 'too_large' | 'failed';

/** When a pull ran, with what query, and how far it got. */
export interface PullRecord {
  id: number;
  target: string;
  kind: PullKind;
  query: Record<string, unknown>;
  startedAt: string;
  finishedAt: string | null;
  status: PullStatus;
  pages: number;
  items: number;
  total: number | null;
  notice: string | null;
  error: string | null;
}

interface PullRow extends Record<string, string | number | null> {
  id: number;
  target: string;
  kind: string;
  query: string;
  query_key: string;
  started_at: string;
  finished_at: string | null;
  status: string;
  pages: number;
  items: number;
  total: number | null;
  notice: string | null;
  error: string | null;
}

function toRecord(row: PullRow): PullRecord {
  return {
    id: row.id,
    target: row.target,
    kind: row.kind as PullKind,
    query: JSON.parse(row.query) as Record<string, unknown>,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    status: row.status as PullStatus,
    pages: row.pages,
    items: row.items,
    total: row.total,
    notice: row.notice,
    error: row.error,
  };
}

export function startPull(tx: Writer, target: string, kind: PullKind, query: object, queryKey: string, at: string): number {
  tx.run(`INSERT INTO pulls (target, kind, query, query_key, started_at, status, pages, items) VALUES (?, ?, ?, ?, ?, 'running', 0, 0)`, [
    target,
    kind,
    JSON.stringify(query),
    queryKey,
    at,
  ]);
  return Number(tx.get<{ id: number }>('SELECT last_insert_rowid() AS id')?.id);
}

/** Carries on an interrupted pull: running again, its pages and items so far kept. */
export function reopenPull(tx: Writer, pullId: number): number {
  tx.run(`UPDATE pulls SET status = 'running', finished_at = NULL, error = NULL WHERE id = ?`, [pullId]);
  return pullId;
}

export function recordPage(tx: Writer, pullId: number, items: number, total: number, notice: string | undefined): void {
  tx.run('UPDATE pulls SET pages = pages + 1, items = items + ?, total = ?, notice = COALESCE(?, notice) WHERE id = ?', [items, total, notice ?? null, pullId]);
}

export function finishPull(
  tx: Writer,
  pullId: number,
  status: Exclude<PullStatus, 'running'>,
  at: string,
  detail?: { notice?: string; error?: string; total?: number },
): void {
  tx.run('UPDATE pulls SET status = ?, finished_at = ?, notice = COALESCE(?, notice), error = ?, total = COALESCE(?, total) WHERE id = ?', [
    status,
    at,
    detail?.notice ?? null,
    detail?.error ?? null,
    detail?.total ?? null,
    pullId,
  ]);
}

/** The newest pulls of a target, newest first; `kind` narrows them. */
export function listPulls(db: Reader, target: string, options: { kind?: PullKind; limit?: number } = {}): PullRecord[] {
  const rows = db.all<PullRow>(`SELECT * FROM pulls WHERE target = ? ${options.kind ? 'AND kind = ?' : ''} ORDER BY id DESC LIMIT ?`, [
    target,
    ...(options.kind ? [options.kind] : []),
    options.limit ?? 20,
  ]);
  return rows.map(toRecord);
}

export function getPull(db: Reader, pullId: number): PullRecord | undefined {
  const row = db.get<PullRow>('SELECT * FROM pulls WHERE id = ?', [pullId]);
  return row && toRecord(row);
}

/** When the newest finished pull of these kinds stored items for the target (a failed one stored none). */
export function lastPullAt(db: Reader, target: string, kinds: readonly PullKind[]): string | null {
  const row = db.get<{ at: string | null }>(
    `SELECT MAX(finished_at) AS at FROM pulls WHERE target = ? AND kind IN (${kinds.map(() => '?').join(', ')}) AND status <> 'failed'`,
    [target, ...kinds],
  );
  return row?.at ?? null;
}

/** The newest pull of this query that read the whole list. */
export function latestCompletePull(db: Reader, target: string, kind: PullKind, queryKey: string): PullRecord | undefined {
  const row = db.get<PullRow>(`SELECT * FROM pulls WHERE target = ? AND kind = ? AND query_key = ? AND status = 'done' ORDER BY id DESC LIMIT 1`, [
    target,
    kind,
    queryKey,
  ]);
  return row && toRecord(row);
}
