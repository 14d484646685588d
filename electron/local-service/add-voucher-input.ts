import { DATE_FORMATS_TEXT, normalizeImportDate } from './dates';
import { invalidPayload } from './errors';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The body of add-voucher-to-campaign (spec 4.6): every field optional, each overrides the campaign default. */
export interface VoucherOverrides {
  metadata?: Record<string, unknown>;
  redemption_quantity?: number | null;
  additional_info?: string;
  start_date?: string;
  expiration_date?: string;
  active?: boolean;
}

export interface AddVoucherInput {
  /** The category by name or by id; absent keeps the campaign's. */
  category?: { name: string } | { id: string };
  overrides: VoucherOverrides;
}

function optionalString(body: Record<string, unknown>, name: string): string | undefined {
  const value = body[name];
  if (value !== undefined && typeof value !== 'string') throw invalidPayload(`${name} must be a string.`);
  return value;
}

export function readAddVoucherInput(body: unknown): AddVoucherInput {
  if (body === undefined) return { overrides: {} };
  if (!isObject(body)) throw invalidPayload('The body must be a JSON object.');
  const out: VoucherOverrides = {};
  const categoryName = optionalString(body, 'category');
  const categoryId = optionalString(body, 'category_id');
  if (categoryName !== undefined && categoryId !== undefined) {
    throw invalidPayload('Give category or category_id, not both.');
  }
  const additionalInfo = optionalString(body, 'additional_info');
  if (additionalInfo !== undefined) out.additional_info = additionalInfo;
  if (body.metadata !== undefined) {
    if (!isObject(body.metadata)) throw invalidPayload('metadata must be an object.');
    out.metadata = body.metadata;
  }
  if (body.redemption !== undefined) {
    const r = body.redemption;
    if (!isObject(r)) throw invalidPayload('redemption must be an object with quantity.');
    const q = r.quantity;
    if (q !== null && q !== undefined && !(Number.isInteger(q) && (q as number) > 0))
      throw invalidPayload('redemption.quantity must be a whole number > 0 or null.');
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
  const category = categoryId !== undefined ? { id: categoryId } : categoryName !== undefined ? { name: categoryName } : undefined;
  return category ? { category, overrides: out } : { overrides: out };
}
