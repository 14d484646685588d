import { z } from 'zod';
import { IMPORT_MAX_BYTES, IMPORT_MAX_CODES } from '../../domain/request-planner';
import { importBody } from '../../domain/import-bodies';
import { utf8ByteLength } from '../../domain/utf8';
import type { VoucherDraft } from '../../domain/voucher';
import { InvalidRequestError } from '../errors';
import { segment } from '../paths';
import { readAnswer } from '../response-check';
import type { Transport } from '../transport';
import { readAsyncActionRef, type AsyncActionRef } from './async-actions';

/** The full voucher (spec 2.4); only `code` is checked, the rest is read as given. */
export interface Voucher {
  code: string;
  id?: string;
  campaign?: string | null;
  campaign_id?: string | null;
  category?: string | null;
  category_id?: string;
  type?: string;
  discount?: Record<string, unknown>;
  gift?: { amount?: number; balance?: number; effect?: string } | null;
  loyalty_card?: Record<string, unknown> | null;
  start_date?: string | null;
  expiration_date?: string | null;
  validity_timeframe?: Record<string, unknown> | null;
  validity_day_of_week?: number[];
  active?: boolean | null;
  additional_info?: string | null;
  metadata?: Record<string, unknown>;
  is_referral_code?: boolean | null;
  created_at?: string;
  updated_at?: string | null;
  redemption?: { quantity?: number | null; redeemed_quantity?: number };
  object?: string;
}

export const voucherSchema = z.looseObject({ code: z.string() });

/** Either drafts to serialize, or a body the request planner already serialized (sent byte for byte). */
export type ImportBody = readonly VoucherDraft[] | { serialized: string };

function checkSize(parameter: string, text: string): number {
  const bytes = utf8ByteLength(text);
  if (bytes > IMPORT_MAX_BYTES) {
    throw new InvalidRequestError(parameter, `${bytes} bytes`, `at most ${IMPORT_MAX_BYTES} bytes (10 MB); split the import`);
  }
  return bytes;
}

/** The JSON text of an import, checked before sending; `parameter` names it in errors. */
function importJson(body: ImportBody): { text: string; parameter: string } {
  if ('serialized' in body) {
    if (!body.serialized.trimStart().startsWith('[')) {
      throw new InvalidRequestError('body', body.serialized.slice(0, 40), 'a JSON array of vouchers');
    }
    return { text: body.serialized, parameter: 'body' };
  }
  if (body.length === 0) throw new InvalidRequestError('vouchers', [], 'at least one voucher');
  if (body.length > IMPORT_MAX_CODES) {
    throw new InvalidRequestError('vouchers', `${body.length} vouchers`, `at most ${IMPORT_MAX_CODES} per request`);
  }
  // The request planner's serializer, so a body sent from drafts is the body that was planned.
  return { text: importBody(body, { format: 'json' }), parameter: 'vouchers' };
}

const IMPORT_PATH = '/v1/vouchers/import';

/** POST /v1/vouchers/import: starts a VOUCHERS.IMPORT job. Never retried (the import may have started). */
export async function importVouchers(transport: Transport, body: ImportBody): Promise<AsyncActionRef> {
  const { text, parameter } = importJson(body);
  const answer = await transport.send({
    method: 'POST',
    path: IMPORT_PATH,
    body: { text, contentType: 'application/json' },
    scope: 'vouchers',
    uploadBytes: checkSize(parameter, text),
  });
  return readAsyncActionRef(answer, { method: 'POST', path: IMPORT_PATH });
}

export interface CsvImportOptions {
  /** Send webhooks for every created or updated voucher (spec 4.5); default false. */
  webhooksEnable?: boolean;
  fileName?: string;
}

const CSV_PATH = '/v1/vouchers/importCSV';

/** POST /v1/vouchers/importCSV as multipart with `file` and `webhooks_enable`. Never retried. */
export async function importVouchersCsv(transport: Transport, csv: string, options: CsvImportOptions = {}): Promise<AsyncActionRef> {
  if (csv.trim() === '') throw new InvalidRequestError('file', '', 'a CSV with a header row and at least one data row');
  const uploadBytes = checkSize('file', csv);
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), options.fileName ?? 'vouchers.csv');
  form.append('webhooks_enable', String(options.webhooksEnable ?? false));
  const answer = await transport.send({ method: 'POST', path: CSV_PATH, body: { form }, scope: 'vouchers', uploadBytes });
  return readAsyncActionRef(answer, { method: 'POST', path: CSV_PATH });
}

/** GET /v1/vouchers/{code}; a missing code is a ServiceError with status 404 and key not_found. */
export async function getVoucher(transport: Transport, code: string): Promise<Voucher> {
  const path = `/v1/vouchers/${segment(code, 'code')}`;
  const answer = await transport.send({ method: 'GET', path, scope: 'vouchers' });
  return readAnswer<Voucher>(voucherSchema, answer, { method: 'GET', path });
}

/** DELETE /v1/vouchers/{code}; `force` removes it for good instead of moving it to the bin. */
export async function deleteVoucher(transport: Transport, code: string, options: { force?: boolean } = {}): Promise<void> {
  const path = `/v1/vouchers/${segment(code, 'code')}`;
  await transport.send({
    method: 'DELETE',
    path,
    ...(options.force && { query: 'force=true' }),
    scope: 'vouchers',
  });
}
