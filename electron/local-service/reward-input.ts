import { invalidPayload } from './errors';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface RewardInput {
  name: string;
  type: 'CAMPAIGN' | 'COIN' | 'MATERIAL';
  metadata: Record<string, unknown>;
  parameters: Record<string, unknown>;
  stock: number | null;
  attributes?: { image_url?: string; description?: string };
  /** The campaign a CAMPAIGN reward draws from; checked against the project by the route. */
  campaignId?: string;
}

/** A ratio sent as a number or a numeric string; answered as a number, as the service does. */
function positiveRatio(value: unknown, field: string): number {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !/^\d+(\.\d+)?$/.test(text) || Number(text) <= 0) {
    throw invalidPayload(`${field} must be a positive number, got ${JSON.stringify(value)}.`);
  }
  return Number(text);
}

/** Checks a create-reward body (spec 4.9 and the facts for COIN and MATERIAL). */
export function readRewardInput(body: unknown): RewardInput {
  if (!isObject(body)) throw invalidPayload('The body must be a JSON object.');
  const { name, type, parameters } = body;
  if (typeof name !== 'string' || name.trim() === '') throw invalidPayload('name is required: a non-empty string.');
  if (type !== 'CAMPAIGN' && type !== 'COIN' && type !== 'MATERIAL')
    throw invalidPayload(`type must be CAMPAIGN, COIN or MATERIAL, got ${JSON.stringify(type)}.`);
  if (!isObject(parameters)) throw invalidPayload('parameters is required: an object describing the reward.');
  if (body.metadata !== undefined && !isObject(body.metadata)) throw invalidPayload('metadata must be an object.');
  const metadata = isObject(body.metadata) ? body.metadata : {};
  if (type !== 'MATERIAL' && (body.stock !== undefined || body.attributes !== undefined)) {
    throw invalidPayload('stock and attributes are for MATERIAL rewards only.');
  }
  if (type === 'CAMPAIGN') {
    const campaign = parameters.campaign;
    if (!isObject(campaign) || typeof campaign.id !== 'string' || campaign.id === '')
      throw invalidPayload('parameters.campaign.id is required for a CAMPAIGN reward.');
    if (campaign.balance !== undefined && !(Number.isInteger(campaign.balance) && (campaign.balance as number) > 0)) {
      throw invalidPayload('parameters.campaign.balance must be a whole number > 0 (smallest currency unit or points).');
    }
    const kept = campaign.balance === undefined ? { id: campaign.id } : { id: campaign.id, balance: campaign.balance };
    return { name, type, metadata, stock: null, parameters: { campaign: kept }, campaignId: campaign.id };
  }
  if (type === 'COIN') {
    const coin = parameters.coin;
    if (!isObject(coin)) throw invalidPayload('parameters.coin is required for a COIN reward, with exchange_ratio and points_ratio.');
    const coinParams = {
      exchange_ratio: positiveRatio(coin.exchange_ratio, 'parameters.coin.exchange_ratio'),
      points_ratio: positiveRatio(coin.points_ratio, 'parameters.coin.points_ratio'),
    };
    return { name, type, metadata, stock: null, parameters: { coin: coinParams } };
  }
  const product = parameters.product;
  if (!isObject(product) || typeof product.id !== 'string' || product.id === '')
    throw invalidPayload('parameters.product.id is required for a MATERIAL reward.');
  if (product.sku_id !== undefined && product.sku_id !== null && typeof product.sku_id !== 'string')
    throw invalidPayload('parameters.product.sku_id must be a string or null.');
  const stock = body.stock;
  if (stock !== undefined && stock !== null && !(Number.isInteger(stock) && (stock as number) >= 0))
    throw invalidPayload('stock must be a whole number >= 0 or null.');
  const attributes = body.attributes;
  if (attributes !== undefined && !isObject(attributes)) throw invalidPayload('attributes must be an object with image_url and description.');
  for (const key of ['image_url', 'description'] as const) {
    if (attributes?.[key] !== undefined && typeof attributes[key] !== 'string') throw invalidPayload(`attributes.${key} must be a string.`);
  }
  return {
    name,
    type,
    metadata,
    stock: typeof stock === 'number' ? stock : null,
    parameters: { product: { id: product.id, sku_id: typeof product.sku_id === 'string' ? product.sku_id : null } },
    ...(attributes ? { attributes: { image_url: attributes.image_url as string | undefined, description: attributes.description as string | undefined } } : {}),
  };
}
