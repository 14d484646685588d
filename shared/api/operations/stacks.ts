import { z } from 'zod';
import { readList, type ListEnvelope } from '../list';
import { segment } from '../paths';
import { buildStacksQuery, type StacksQuery } from '../stacks-query';
import type { Transport } from '../transport';

/** A promotion stack (spec 2.7). */
export interface PromotionStack {
  id: string;
  name?: string;
  created_at?: string;
  updated_at?: string;
  campaign_id?: string;
  object?: string;
  tiers?: { ids?: string[]; hierarchy_mode?: string };
}

const stackSchema = z.looseObject({ id: z.string() });

const ALL_PATH = '/v1/promotions/stacks';

/** GET /v1/promotions/stacks: one page across all campaigns. */
export async function listStacks(transport: Transport, query: StacksQuery = {}): Promise<ListEnvelope<PromotionStack>> {
  const answer = await transport.send({ method: 'GET', path: ALL_PATH, query: buildStacksQuery(query), scope: 'promotions' });
  return readList<PromotionStack>(answer, { method: 'GET', path: ALL_PATH }, 'data', stackSchema);
}

/** GET /v1/promotions/{campaignId}/stacks: every stack of one campaign (no paging). */
export async function listCampaignStacks(transport: Transport, campaignId: string): Promise<ListEnvelope<PromotionStack>> {
  const path = `/v1/promotions/${segment(campaignId, 'campaignId')}/stacks`;
  const answer = await transport.send({ method: 'GET', path, scope: 'promotions' });
  return readList<PromotionStack>(answer, { method: 'GET', path }, 'data', stackSchema);
}
