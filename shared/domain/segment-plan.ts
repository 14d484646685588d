import { csvPackingObstacle } from './csv-packing';
import { csvLine } from './csv-writer';
import { bodyLayout, type ImportFormat } from './import-bodies';
import { IMPORT_MAX_CODES } from './import-limits';
import { limitsFor, type RequestLimits } from './request-planner';
import { utf8ByteLength } from './utf8';
import type { VoucherDraft } from './voucher';

// Queueing a big batch from its segments' summaries instead of its rows. A row of a batch is its code
// and the field set it shares with many others (an import's rows differ only in code), so a request
// body's piece for a row is its field set's piece with the code put in: the body's size, its CSV
// columns and whether CSV can carry it follow from each segment's field sets, how many rows use each,
// and what its codes add. Ten million rows read from sql.js take minutes; their 100 summaries, nothing.

/** Rows a segment summarizes: one import request's worth, so a request is a segment. */
export const SEGMENT_ROWS = IMPORT_MAX_CODES;

/** What a segment's codes add to its rows' pieces in each body format, beyond an empty code. */
export interface CodeBytes {
  json: number;
  csv: number;
}

/** A run of a batch's rows, summarized when it was written. */
export interface SegmentShape {
  rows: number;
  rowFrom: number;
  rowTo: number;
  /** Field set ids with how many of the segment's rows use each, in order of first use. */
  sets: readonly (readonly [number, number])[];
  codeBytes: CodeBytes;
  /** The most one code adds. */
  maxCodeBytes: CodeBytes;
  /** Why the first code a CSV cell would change cannot go as CSV; null when none. */
  codeObstacle: string | null;
}

/** What `code` adds to its row's piece in each body format, beyond an empty code (the code is its own JSON value and CSV cell). */
export function codeBytes(code: string): CodeBytes {
  return { json: utf8ByteLength(JSON.stringify(code)) - 2, csv: utf8ByteLength(csvLine([code])) };
}

/** Why a code would read back differently from a CSV cell, as `csvPackingObstacle` says of a whole draft; undefined when it would not. */
export function codeObstacle(code: string): string | undefined {
  if (code === '') return 'code is empty (a CSV cell would leave it unset)';
  if (code !== code.trim()) return 'code has surrounding spaces (a CSV cell is trimmed)';
  return undefined;
}

/** One request planned from a segment: the segment's rows, and the body's size. */
export interface SegmentRequest {
  rowFrom: number;
  rowTo: number;
  codes: number;
  bytes: number;
}

export interface SegmentPlan {
  format: ImportFormat;
  requests: SegmentRequest[];
}

/**
 * The import requests of a batch planned from its segments, exactly as the row-by-row planner would cut
 * them: one request per segment, when every segment but the last is a full request's worth of codes and
 * each segment's body fits the byte limit. `templates` holds each field set's draft with an empty code.
 * Undefined whenever the rows themselves are needed: segments that do not line up with requests, a body
 * over the limit, or a `csv-when-fits` batch that needs JSON (its first such row is named to the user).
 */
export function planFromSegments(
  segments: readonly SegmentShape[],
  templates: ReadonlyMap<number, VoucherDraft>,
  choice: 'json' | 'csv' | 'csv-when-fits',
  limits: RequestLimits = {},
): SegmentPlan | undefined {
  const format = formatOf(segments, templates, choice);
  if (format === undefined) return undefined;
  const { maxCodes, maxBytes } = limitsFor(format, limits);
  const layout = bodyLayout(format);
  const fixed = utf8ByteLength(layout.head) + utf8ByteLength(layout.tail);
  const separator = utf8ByteLength(layout.separator);
  const key = format.format;
  const pieceBytes = new Map<number, number>();
  const requests: SegmentRequest[] = [];
  for (const [i, segment] of segments.entries()) {
    const last = i === segments.length - 1;
    if (segment.rows < 1 || segment.rows > maxCodes || (!last && segment.rows !== maxCodes)) return undefined;
    let bytes = fixed + separator * (segment.rows - 1) + segment.codeBytes[key];
    let largest = 0;
    for (const [id, count] of segment.sets) {
      const template = templates.get(id);
      if (template === undefined) return undefined;
      let piece = pieceBytes.get(id);
      if (piece === undefined) pieceBytes.set(id, (piece = utf8ByteLength(layout.piece(template))));
      bytes += piece * count;
      largest = Math.max(largest, piece);
    }
    // A row too large for any request is named by the row-by-row planner.
    if (fixed + largest + segment.maxCodeBytes[key] > maxBytes || bytes > maxBytes) return undefined;
    requests.push({ rowFrom: segment.rowFrom, rowTo: segment.rowTo, codes: segment.rows, bytes });
  }
  return { format, requests };
}

/** The body format, with a CSV file's metadata columns in order of first use; undefined when the rows must decide. */
function formatOf(
  segments: readonly SegmentShape[],
  templates: ReadonlyMap<number, VoucherDraft>,
  choice: 'json' | 'csv' | 'csv-when-fits',
): ImportFormat | undefined {
  if (choice === 'json') return { format: 'json' };
  const keys = new Set<string>();
  const seen = new Set<number>();
  for (const segment of segments) {
    if (choice === 'csv-when-fits' && segment.codeObstacle !== null) return undefined;
    for (const [id] of segment.sets) {
      if (seen.has(id)) continue;
      seen.add(id);
      const template = templates.get(id);
      if (template === undefined) return undefined;
      // Any non-empty code stands in for the row's own, whose obstacles the segment noted.
      if (choice === 'csv-when-fits' && csvPackingObstacle({ ...template, code: 'code' }) !== undefined) return undefined;
      for (const key of Object.keys(template.metadata ?? {})) keys.add(key);
    }
  }
  return { format: 'csv', metadataKeys: [...keys] };
}
