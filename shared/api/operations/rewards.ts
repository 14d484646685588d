import { z } from 'zod';
import { InvalidRequestError } from '../errors';
import { readList, type ListEnvelope } from '../list';
import { queryPair } from '../paths';
import { LIMIT_MAX, LIMIT_MIN, PAGE_MAX, checkInteger, checkKnownKeys, checkString } from '../query-checks';
import { readAnswer } from '../response-check';
import type { Transport } from '../transport';

/** The reward object (spec 2.8). */
export interface Reward {
  id: string;
  name?: string;
  type?: string;
  stock?: number | null;
  redeemed?: number | null;
  metadata?: Record<string, unknown>;
  created_at?: string;
  updated_at?: string | null;
  object?: string;
  attributes?: { image_url?: string; description?: string };
  parameters?: Record<string, unknown>;
}

interface RewardBase {
  name: string;
  metadata?: Record<string, unknown>;
}

/** Digital reward: discount coupons, gift card credits or loyalty points of a campaign. */
export interface CampaignRewardRequest extends RewardBase {
  type: 'CAMPAIGN';
  /** `balance` for gift cards and loyalty cards: integer, smallest unit or points. */
  campaign: { id: string; balance?: number };
}

export interface CoinRewardRequest extends RewardBase {
  type: 'COIN';
  exchange_ratio: number;
  points_ratio: number;
}

export interface MaterialRewardRequest extends RewardBase {
  type: 'MATERIAL';
  product: { id: string; sku_id: string };
  stock?: number;
  attributes?: { image_url?: string; description?: string };
}

export type CreateRewardRequest = CampaignRewardRequest | CoinRewardRequest | MaterialRewardRequest;

function positiveNumber(parameter: string, value: unknown): string {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new InvalidRequestError(parameter, value, 'a number above 0');
  }
  return String(value);
}

/** The strict request body for each reward type (service-facts, "Reward creation"). */
export function rewardBody(request: CreateRewardRequest): Record<string, unknown> {
  const base = {
    name: checkString('name', request.name),
    type: request.type,
    ...(request.metadata !== undefined && { metadata: request.metadata }),
  };
  switch (request.type) {
    case 'CAMPAIGN': {
      const campaign: Record<string, unknown> = { id: checkString('campaign.id', request.campaign?.id) };
      if (request.campaign.balance !== undefined) {
        campaign.balance = checkInteger('campaign.balance', request.campaign.balance, 1, Number.MAX_SAFE_INTEGER);
      }
      return { ...base, parameters: { campaign } };
    }
    case 'COIN':
      return {
        ...base,
        parameters: {
          coin: {
            exchange_ratio: positiveNumber('exchange_ratio', request.exchange_ratio),
            points_ratio: positiveNumber('points_ratio', request.points_ratio),
          },
        },
      };
    case 'MATERIAL':
      return {
        ...base,
        parameters: {
          product: { id: checkString('product.id', request.product?.id), sku_id: checkString('product.sku_id', request.product?.sku_id) },
        },
        ...(request.stock !== undefined && { stock: checkInteger('stock', request.stock, 0, Number.MAX_SAFE_INTEGER) }),
        ...(request.attributes !== undefined && { attributes: request.attributes }),
      };
    default:
      throw new InvalidRequestError('type', (request as { type: unknown }).type, 'CAMPAIGN, COIN or MATERIAL');
  }
}

const rewardSchema = z.looseObject({ id: z.string() });
const PATH = '/v1/rewards';

/** POST /v1/rewards. Never retried: a reward has no natural key, a lost answer needs reconciling. */
export async function createReward(transport: Transport, request: CreateRewardRequest): Promise<Reward> {
  const answer = await transport.send({ method: 'POST', path: PATH, body: { json: rewardBody(request) }, scope: 'rewards' });
  return readAnswer<Reward>(rewardSchema, answer, { method: 'POST', path: PATH });
}

export interface RewardsQuery {
  limit?: number;
  page?: number;
}

/** GET /v1/rewards: one page. */
export async function listRewards(transport: Transport, query: RewardsQuery = {}): Promise<ListEnvelope<Reward>> {
  checkKnownKeys('query', query, ['limit', 'page']);
  const pairs: string[] = [];
  if (query.limit !== undefined) pairs.push(queryPair('limit', checkInteger('limit', query.limit, LIMIT_MIN, LIMIT_MAX)));
  if (query.page !== undefined) pairs.push(queryPair('page', checkInteger('page', query.page, 1, PAGE_MAX)));
  const answer = await transport.send({ method: 'GET', path: PATH, query: pairs.join('&'), scope: 'rewards' });
  return readList<Reward>(answer, { method: 'GET', path: PATH }, 'data', rewardSchema);
}
