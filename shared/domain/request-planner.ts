import { bodyLayout, type ImportFormat } from './import-bodies';
import { utf8ByteLength } from './utf8';
import type { VoucherDraft } from './voucher';
import { IMPORT_MAX_BYTES, IMPORT_MAX_CODES } from './import-limits';

export { IMPORT_MAX_BYTES, IMPORT_MAX_CODES } from './import-limits';

/** Room left in a CSV request for the multipart envelope (boundaries, part headers) around the file. */
export const MULTIPART_RESERVE_BYTES = 4096;

export interface RequestLimits {
  maxCodes?: number;
  /** Default IMPORT_MAX_BYTES for JSON, minus MULTIPART_RESERVE_BYTES for CSV. */
  maxBytes?: number;
}

export interface RequestPlan {
  index: number;
  /** Position of the request's first draft in the input, counting from 0. */
  start: number;
  /** Position after its last draft. */
  end: number;
  codes: number;
  /** UTF-8 bytes of the serialized body (JSON array or CSV file with header). */
  bytes: number;
  firstCode: string;
  lastCode: string;
}

export interface ImportRequest {
  plan: RequestPlan;
  drafts: VoucherDraft[];
  body: string;
}

export class DraftTooLargeError extends Error {
  constructor(
    readonly code: string,
    readonly bytes: number,
    readonly maxBytes: number,
  ) {
    super(`code ${JSON.stringify(code)} alone serializes to ${bytes} bytes, over the ${maxBytes}-byte import limit; shorten its metadata or additional_info`);
    this.name = 'DraftTooLargeError';
  }
}

export function limitsFor(format: ImportFormat, limits: RequestLimits): { maxCodes: number; maxBytes: number } {
  const maxCodes = limits.maxCodes ?? IMPORT_MAX_CODES;
  const maxBytes = limits.maxBytes ?? (format.format === 'csv' ? IMPORT_MAX_BYTES - MULTIPART_RESERVE_BYTES : IMPORT_MAX_BYTES);
  if (!Number.isInteger(maxCodes) || maxCodes < 1) throw new RangeError(`maxCodes ${maxCodes} must be a whole number of 1 or more`);
  return { maxCodes, maxBytes };
}

/**
 * Splits drafts, in order, into import requests within both limits, keeping pieces of the current
 * request only when `keepBodies` (planning alone holds nothing but the plans).
 */
function* split(drafts: Iterable<VoucherDraft>, format: ImportFormat, limits: RequestLimits, keepBodies: boolean): Generator<ImportRequest> {
  const { maxCodes, maxBytes } = limitsFor(format, limits);
  const layout = bodyLayout(format);
  const fixed = utf8ByteLength(layout.head) + utf8ByteLength(layout.tail);
  const separator = utf8ByteLength(layout.separator);
  let plan: RequestPlan | null = null;
  let pieces: string[] = [];
  let members: VoucherDraft[] = [];
  let position = 0;
  let index = 0;

  const finish = (): ImportRequest => {
    const done = plan as RequestPlan;
    const request = { plan: done, drafts: members, body: keepBodies ? layout.head + pieces.join(layout.separator) + layout.tail : '' };
    pieces = [];
    members = [];
    plan = null;
    return request;
  };

  for (const draft of drafts) {
    const piece = layout.piece(draft);
    const bytes = utf8ByteLength(piece);
    if (fixed + bytes > maxBytes) throw new DraftTooLargeError(draft.code, fixed + bytes, maxBytes);
    if (plan !== null && (plan.codes >= maxCodes || plan.bytes + separator + bytes > maxBytes)) yield finish();
    if (plan === null) {
      plan = { index: index++, start: position, end: position + 1, codes: 1, bytes: fixed + bytes, firstCode: draft.code, lastCode: draft.code };
    } else {
      plan.end = position + 1;
      plan.codes += 1;
      plan.bytes += separator + bytes;
      plan.lastCode = draft.code;
    }
    if (keepBodies) {
      pieces.push(piece);
      members.push(draft);
    }
    position += 1;
  }
  if (plan !== null) yield finish();
}

/** The import requests `drafts` needs, without building their bodies; streams over any iterable. */
export function planImportRequests(drafts: Iterable<VoucherDraft>, format: ImportFormat, limits: RequestLimits = {}): RequestPlan[] {
  return [...importPlans(drafts, format, limits)];
}

/** Each import request's plan in turn, as its last draft is read (bodies are not built). */
export function* importPlans(drafts: Iterable<VoucherDraft>, format: ImportFormat, limits: RequestLimits = {}): Generator<RequestPlan> {
  for (const request of split(drafts, format, limits, false)) yield request.plan;
}

/** Each import request in turn with its drafts and body; only one request is held at a time. */
export function importRequests(drafts: Iterable<VoucherDraft>, format: ImportFormat, limits: RequestLimits = {}): Generator<ImportRequest> {
  return split(drafts, format, limits, true);
}
