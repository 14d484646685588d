import type { Reader } from '../store/statements';

// Deep pages without OFFSET: SQLite walks every skipped row of an OFFSET, so a page near row
// 1,000,000 cost as much as reading the batch. A page instead starts at a known row (a seek in
// the index) and skips at most ANCHOR_STEP - 1 rows from there.

const ANCHOR_STEP = 1024;
const MAX_CACHED = 20;

export interface PageQuery {
  batchId: number;
  /** The drafts table, or one of its indexes named for it (INDEXED BY). */
  from: string;
  /** Conditions on drafts, with `params` for their placeholders. */
  where: string;
  params: readonly (string | number)[];
  /** Whether rows are in code order (else row order), matching `order`. */
  byCode: boolean;
  order: string;
  /** The query has no condition other than the batch. */
  wholeBatch: boolean;
  offset: number;
  total: number;
}

/** An extra condition that starts the page at or before its first row, and how many rows to skip. */
export interface PageStart {
  condition: string;
  params: (string | number)[];
  skip: number;
}

interface Anchor extends Record<string, string | number> {
  row_no: number;
  code: string;
}

export class PageSeeker {
  private readonly anchors = new Map<string, { commit: number; at: Map<number, Anchor> }>();

  constructor(private readonly reader: Reader) {}

  /** Null when a plain OFFSET costs no more (small offsets, or past the end). */
  start(query: PageQuery, commit: number): PageStart | null {
    if (query.offset === 0 || query.offset >= query.total) return null;
    if (!query.byCode && query.wholeBatch) {
      const first = this.contiguousFirstRow(query.batchId, query.total);
      // Rows numbered without gaps: the row at an offset is known without reading the ones before.
      if (first !== null) return { condition: 'row_no >= ?', params: [first + query.offset], skip: 0 };
    }
    if (query.offset < ANCHOR_STEP) return null;
    const anchor = this.anchorAt(query, Math.floor(query.offset / ANCHOR_STEP), commit);
    if (!anchor) return null;
    return { ...seekFrom(anchor, query.byCode), skip: query.offset % ANCHOR_STEP };
  }

  private contiguousFirstRow(batchId: number, total: number): number | null {
    const ends = this.reader.get<{ lo: number | null; hi: number | null }>(
      `SELECT (SELECT row_no FROM drafts WHERE batch_id = ? ORDER BY row_no LIMIT 1) AS lo,
        (SELECT row_no FROM drafts WHERE batch_id = ? ORDER BY row_no DESC LIMIT 1) AS hi`,
      [batchId, batchId],
    );
    if (ends?.lo == null || ends.hi == null) return null;
    return ends.hi - ends.lo + 1 === total ? ends.lo : null;
  }

  /**
   * The row at position `index * ANCHOR_STEP` of the query, found by walking from the nearest
   * one found before (kept until the next commit): the first deep page walks as far as an OFFSET
   * would, pages near it then walk at most ANCHOR_STEP rows.
   */
  private anchorAt(query: PageQuery, index: number, commit: number): Anchor | undefined {
    const key = `${query.from}\u0000${query.where}\u0000${query.order}\u0000${query.params.join('\u0000')}`;
    let cached = this.anchors.get(key);
    if (!cached || cached.commit !== commit) {
      if (this.anchors.size >= MAX_CACHED) this.anchors.clear();
      cached = { commit, at: new Map() };
      this.anchors.set(key, cached);
    }
    const known = cached.at.get(index);
    if (known) return known;
    let from = 0;
    for (const found of cached.at.keys()) if (found < index && found > from) from = found;
    const base = cached.at.get(from);
    const start = base ? seekFrom(base, query.byCode) : { condition: '1', params: [] };
    const anchor = this.reader.get<Anchor>(
      `SELECT row_no, code FROM ${query.from} WHERE ${query.where} AND ${start.condition} ORDER BY ${query.order} LIMIT 1 OFFSET ?`,
      [...query.params, ...start.params, (index - (base ? from : 0)) * ANCHOR_STEP],
    );
    if (anchor) cached.at.set(index, anchor);
    return anchor;
  }
}

function seekFrom(anchor: Anchor, byCode: boolean): Omit<PageStart, 'skip'> {
  if (!byCode) return { condition: 'row_no >= ?', params: [anchor.row_no] };
  // Rows in (code, row) order from the anchor on; `code >= ?` is what the code index serves.
  return { condition: 'code >= ? AND (code > ? OR row_no >= ?)', params: [anchor.code, anchor.code, anchor.row_no] };
}
