import type { PublicationExportField } from '../api/export-parameters';
import { EXPORT_FIELD_HEADERS } from '../api/export-rows';
import type { Publication } from '../api/operations/publications';
import type { PublicationFacts } from './publication-facts';
import { fnv1a, secondHash } from './text-hash';

// A publication as an export row tells it. An export row has no publication id, and fewer fields
// than a list item (service-facts "Exports"); what the export's own filter pins (its `result`, and
// a failure's code when the export selected one) is known too. Everything else stays unknown, so
// offline answers say which publications they could not decide, as for a list item.

/** The fields a pull exports: what the cache's filters, orders and stats can use. */
export const PULL_EXPORT_FIELDS: readonly PublicationExportField[] = ['voucher_code', 'customer_id', 'date', 'channel', 'campaign'];

/** What an export's selection pins on every row of its file. */
export interface ExportPins {
  result: 'SUCCESS' | 'FAILURE';
  /** The failure code the export selected, for a FAILURE export split by code. */
  failureCode?: string;
}

/** Column positions of the pulled fields, from the header line. */
export type ExportColumns = Record<'voucher_code' | 'customer_id' | 'date' | 'channel' | 'campaign', number>;

/** Reads the header line; throws naming a pulled field the file lacks. */
export function exportColumns(header: readonly string[]): ExportColumns {
  const at = (field: keyof ExportColumns): number => {
    const i = header.indexOf(EXPORT_FIELD_HEADERS[field]);
    if (i < 0) throw new Error(`The export file has no "${EXPORT_FIELD_HEADERS[field]}" column (field ${field}); its header: ${header.join(', ')}`);
    return i;
  };
  return { voucher_code: at('voucher_code'), customer_id: at('customer_id'), date: at('date'), channel: at('channel'), campaign: at('campaign') };
}

const instant = (text: string): string => {
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? text : new Date(ms).toISOString();
};

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** murmur3's finalizer: every input bit moves about half the output bits. */
function mixed(h: number): number {
  let x = h ^ (h >>> 16);
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

/**
 * 96 bits of a text, from three 32-bit hashes of its UTF-16 units, as 16 base64url characters: a
 * million histories of a million publications each would share one by chance about once in 10^11.
 */
export function textDigest(text: string): string {
  // A third hash beside text-hash's two: murmur3's round on each unit.
  let c = 0x165667b1;
  for (let i = 0; i < text.length; i++) {
    c = Math.imul((c + text.charCodeAt(i)) | 0, 0xcc9e2d51);
    c = (c << 15) | (c >>> 17);
  }
  const bytes = [mixed(fnv1a(text)), mixed(secondHash(text)), mixed(c)].flatMap((word) => [word >>> 24, (word >>> 16) & 255, (word >>> 8) & 255, word & 255]);
  let out = '';
  for (let i = 0; i < 12; i += 3) {
    const group = ((bytes[i] as number) << 16) | ((bytes[i + 1] as number) << 8) | (bytes[i + 2] as number);
    for (const shift of [18, 12, 6, 0]) out += BASE64URL[(group >>> shift) & 63];
  }
  return out;
}

/**
 * The key an export-sourced publication is cached under, for want of its id: a digest of its
 * instant, customer and first code, which a list item shows too, so a list pull finds (and
 * replaces) the same row. Two publications alike in all three (a failed one has no code) get `#2`,
 * `#3`… in file order. Cache version 5 kept the three as they were (`x_<instant>_<customer>_<code>`,
 * about 60 characters): the key is in six indexes, and the digest took a third off a pulled cache.
 */
export function exportKey(createdAt: string, customerId: string, code: string | null): string {
  return `x_${textDigest(`${instant(createdAt)}_${customerId}_${code ?? ''}`)}`;
}

/** The key a list item would have had, had an export told it. */
export function exportKeyOfItem(item: Publication): string | undefined {
  if (item.created_at === undefined || item.customer_id === undefined) return undefined;
  const code = item.voucher ? item.voucher.code : (item.vouchers?.[0] ?? null);
  return exportKey(item.created_at, item.customer_id, code);
}

export interface ExportedPublication {
  item: Publication;
  facts: PublicationFacts;
}

const cellAt = (cells: readonly string[], i: number): string => cells[i] ?? '';

/** One row of a pulled export as a cached publication: the item it stands for and what is known of it. */
export function exportedPublication(cells: readonly string[], columns: ExportColumns, pins: ExportPins, key: string): ExportedPublication {
  const code = cellAt(cells, columns.voucher_code);
  const createdAt = instant(cellAt(cells, columns.date));
  const customerId = cellAt(cells, columns.customer_id);
  const channel = cellAt(cells, columns.channel);
  const campaign = cellAt(cells, columns.campaign);
  const failed = pins.result === 'FAILURE';
  const codes = failed || code === '' ? [] : [code];
  const item: Publication = { id: key, object: 'publication', created_at: createdAt, customer_id: customerId, channel, result: pins.result };
  if (failed) {
    if (pins.failureCode !== undefined) item.failure_code = pins.failureCode;
  } else if (code !== '') item.voucher = { code, object: 'voucher', ...(campaign !== '' && { campaign }) };
  return {
    item,
    facts: {
      id: key,
      created_at: createdAt,
      customer_id: customerId,
      tracking_id: null,
      channel: channel === '' ? null : channel,
      voucher_code: codes[0] ?? null,
      codes,
      result: pins.result,
      failure_code: failed ? pins.failureCode : null,
      campaign_name: campaign === '' ? null : campaign,
      // A failed publication assigned no code: no type, not a referral code (as factsOfPublication).
      voucher_type: failed ? null : undefined,
      is_referral_code: failed ? false : undefined,
      parent_object_id: undefined,
      related_object_id: failed ? null : undefined,
      source_id: undefined,
    },
  };
}
