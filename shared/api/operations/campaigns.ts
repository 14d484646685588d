import { InvalidRequestError } from '../errors';
import { segment } from '../paths';
import { readAnswer } from '../response-check';
import type { Transport } from '../transport';
import { voucherSchema, type Voucher } from './vouchers';

/** The body of spec 4.6; every field optional, each overriding the campaign's default. */
export interface AddVoucherRequest {
  category?: string;
  category_id?: string;
  metadata?: Record<string, unknown>;
  redemption?: { quantity: number | null };
  additional_info?: string;
  start_date?: string;
  expiration_date?: string;
  active?: boolean;
}

const FIELDS = ['category', 'category_id', 'metadata', 'redemption', 'additional_info', 'start_date', 'expiration_date', 'active'] as const;

/** Strict: only the fields of spec 4.6, and not both category and category_id. */
function strictBody(request: AddVoucherRequest): Partial<AddVoucherRequest> {
  for (const key of Object.keys(request)) {
    if (!(FIELDS as readonly string[]).includes(key)) {
      throw new InvalidRequestError(`body.${key}`, key, `only ${FIELDS.join(', ')}`);
    }
  }
  if (request.category !== undefined && request.category_id !== undefined) {
    throw new InvalidRequestError('body.category_id', request.category_id, 'either category or category_id, not both');
  }
  const q = request.redemption?.quantity;
  if (request.redemption && q !== null && (typeof q !== 'number' || !Number.isInteger(q) || q < 0)) {
    throw new InvalidRequestError('body.redemption.quantity', q, 'a whole number >= 0, or null for unlimited');
  }
  return Object.fromEntries(Object.entries(request).filter(([, v]) => v !== undefined));
}

/** POST /v1/campaigns/{campaignId}/vouchers/{code}; an existing code answers 409. Never retried. */
export async function addVoucherToCampaign(transport: Transport, campaignId: string, code: string, request: AddVoucherRequest = {}): Promise<Voucher> {
  const path = `/v1/campaigns/${segment(campaignId, 'campaignId')}/vouchers/${segment(code, 'code')}`;
  const answer = await transport.send({ method: 'POST', path, body: { json: strictBody(request) }, scope: 'campaigns' });
  return readAnswer<Voucher>(voucherSchema, answer, { method: 'POST', path });
}
