import { z } from 'zod';
import { readList, type ListEnvelope } from '../list';
import { buildPublicationsQuery, type PublicationsQuery } from '../publications-query';
import type { Transport } from '../transport';

/** The simplified voucher inside a publication (spec 2.2). */
export interface PublicationVoucher {
  code: string;
  object?: string;
  campaign?: string | null;
  gift?: Record<string, unknown>;
  loyalty_card?: Record<string, unknown>;
  discount?: Record<string, unknown>;
  is_referral_code?: boolean;
}

/** One item of the publications list; any of the three variants of spec 2.2. */
export interface Publication {
  id: string;
  object?: string;
  created_at?: string;
  customer_id?: string;
  tracking_id?: string;
  metadata?: Record<string, unknown>;
  channel?: string;
  source_id?: string | null;
  customer?: Record<string, unknown>;
  vouchers?: string[];
  vouchers_id?: string[];
  result?: string;
  voucher?: PublicationVoucher;
  failure_code?: string;
  failure_message?: string;
}

const publicationSchema = z.looseObject({ id: z.string() });

const PATH = '/v1/publications';

/** GET /v1/publications: one page; the query is checked before anything is sent. */
export async function listPublications(transport: Transport, query: PublicationsQuery = {}): Promise<ListEnvelope<Publication>> {
  const answer = await transport.send({
    method: 'GET',
    path: PATH,
    query: buildPublicationsQuery(query),
    scope: 'publications',
  });
  return readList<Publication>(answer, { method: 'GET', path: PATH }, 'publications', publicationSchema);
}
