import { DATE_FORMATS_TEXT, normalizeImportDate } from './dates';
import { invalidPayload } from './errors';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The body of add-voucher-to-campaign (spec 4.6): every field optional, each overrides the campaign default. */
export interface AddVoucherInput {
  category?: string;
  category_id?: string;
  metadata?: Record<string, unknown>;
  redemption_quantity?: number | null;
  additional_info?: string;
  start_date?: string;
  expiration_date?: string;
  active?: boolean;
}

export function readAddVoucherInput(body: unknown): AddVoucherInput {
  if (body === undefined) return {};
  if (!isObject(body)) throw invalidPayload('The body must be a JSON object.');
  const out: AddVoucherInput = {};
  if (body.category !== undefined && body.category_id !== undefined) {
    throw invalidPayload('Give category or category_id, not both.');
  }
  for (const name of ['category', 'category_id', 'additional_info'] as const) {
    const value = body[name];
    if (value === undefined) continue;
    if (typeof value !== 'string') throw invalidPayload(`${name} must be a string.`);
    out[name] = value;
  }
  if (body.metadata !== undefined) {
    if (!isObject(body.metadata)) throw invalidPayload('metadata must be an object.');
    out.metadata = body.metadata;
  }
  if (body.redemption !== undefined) {
    const r = body.redemption;
    if (!isObject(r)) throw invalidPayload('redemption must be an object with quantity.');
    const q = r.quantity;
    if (q !== null && q !== undefined && !(Number.isInteger(q) && (q as number) > 0)) throw invalidPayload('redemption.quantity must be a whole number > 0 or null.');
    if (q !== undefined) out.redemption_quantity = q as number | null;
  }
  for (const name of ['start_date', 'expiration_date'] as const) {
    const value = body[name];
    if (value === undefined) continue;
    const iso = typeof value === 'string' ? normalizeImportDate(value) : undefined;
    if (!iso) throw invalidPayload(`${name} ${JSON.stringify(value)} must be a date-time in a format ${DATE_FORMATS_TEXT}.`);
    out[name] = iso;
  }
  if (body.active !== undefined) {
    if (typeof body.active !== 'boolean') throw invalidPayload('active must be true or false.');
    out.active = body.active;
  }
  return out;
}
