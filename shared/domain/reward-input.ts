import type { RewardRequest } from '../operations/reward';

// A reward as a person types it (every value text, as a form or the command line gives it), checked
// once for both front ends. Each front end names the fields its own way (a label, a --flag), so the
// messages say what to fix where the user typed it.

export const REWARD_FIELDS = [
  'type',
  'name',
  'campaign',
  'balance',
  'exchangeRatio',
  'pointsRatio',
  'product',
  'sku',
  'stock',
  'imageUrl',
  'description',
  'metadata',
] as const;
export type RewardField = (typeof REWARD_FIELDS)[number];
export type RewardFields = Partial<Record<RewardField, string>>;
export type RewardFieldNames = Record<RewardField, string>;

export const REWARD_TYPES = ['CAMPAIGN', 'COIN', 'MATERIAL'] as const;

/** The fields each type takes besides type, name and metadata (service facts, "Reward creation"). */
const TYPE_FIELDS: Record<RewardRequest['type'], readonly RewardField[]> = {
  CAMPAIGN: ['campaign', 'balance'],
  COIN: ['exchangeRatio', 'pointsRatio'],
  MATERIAL: ['product', 'sku', 'stock', 'imageUrl', 'description'],
};

const TYPE_WORDS: Record<RewardRequest['type'], string> = { CAMPAIGN: 'digital (CAMPAIGN)', COIN: 'pay-with-points (COIN)', MATERIAL: 'material (MATERIAL)' };

export class RewardInputError extends Error {
  constructor(
    readonly field: RewardField,
    message: string,
  ) {
    super(message);
    this.name = 'RewardInputError';
  }
}

/** The reward request these fields describe, or a RewardInputError naming the first wrong field. */
export function rewardRequestOf(fields: RewardFields, names: RewardFieldNames): RewardRequest {
  const given = (field: RewardField): string | undefined => {
    const value = fields[field]?.trim();
    return value ? value : undefined;
  };
  const fail = (field: RewardField, what: string): never => {
    throw new RewardInputError(field, `${names[field]} ${what}`);
  };
  const required = (field: RewardField, type: string): string => given(field) ?? fail(field, `is required for a ${type} reward`);
  const whole = (field: RewardField, min: number): number | undefined => {
    const text = given(field);
    if (text === undefined) return undefined;
    const value = Number(text);
    return /^\d+$/.test(text) && value >= min && Number.isSafeInteger(value) ? value : fail(field, `must be a whole number ${min} or more (got "${text}")`);
  };
  const positive = (field: RewardField): number => {
    const text = required(field, TYPE_WORDS.COIN);
    const value = Number(text);
    return Number.isFinite(value) && value > 0 ? value : fail(field, `must be a number above 0 (got "${text}")`);
  };

  const name = given('name') ?? fail('name', 'is required');
  const typeText = (given('type') ?? '').toUpperCase();
  const type = (REWARD_TYPES as readonly string[]).includes(typeText)
    ? (typeText as RewardRequest['type'])
    : fail('type', `must be ${REWARD_TYPES.join(', ')} (got "${typeText}")`);
  const owners = (field: RewardField) => REWARD_TYPES.filter((t) => TYPE_FIELDS[t].includes(field));
  const stray = REWARD_FIELDS.find((f) => given(f) !== undefined && owners(f).length > 0 && !TYPE_FIELDS[type].includes(f));
  if (stray)
    fail(
      stray,
      `is not for a ${TYPE_WORDS[type]} reward; it belongs to ${owners(stray)
        .map((t) => TYPE_WORDS[t])
        .join(', ')}`,
    );
  const metadata = metadataOf(given('metadata'), names.metadata);
  const base = { name, ...(metadata && { metadata }) };

  if (type === 'CAMPAIGN') {
    const balance = whole('balance', 1);
    return { type, ...base, campaign: { id: required('campaign', TYPE_WORDS.CAMPAIGN), ...(balance !== undefined && { balance }) } };
  }
  if (type === 'COIN') return { type, ...base, exchange_ratio: positive('exchangeRatio'), points_ratio: positive('pointsRatio') };
  const stock = whole('stock', 0);
  const imageUrl = given('imageUrl');
  if (imageUrl !== undefined && !/^https?:\/\/\S+$/i.test(imageUrl)) fail('imageUrl', `must be an http:// or https:// address (got "${imageUrl}")`);
  const description = given('description');
  const attributes = { ...(imageUrl !== undefined && { image_url: imageUrl }), ...(description !== undefined && { description }) };
  return {
    type,
    ...base,
    product: { id: required('product', TYPE_WORDS.MATERIAL), sku_id: required('sku', TYPE_WORDS.MATERIAL) },
    ...(stock !== undefined && { stock }),
    ...(Object.keys(attributes).length > 0 && { attributes }),
  };
}

function metadataOf(text: string | undefined, name: string): Record<string, unknown> | undefined {
  if (text === undefined) return undefined;
  const expected = `${name} must be a JSON object, e.g. {"tier": "gold"}`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new RewardInputError('metadata', `${expected}; it is not JSON`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new RewardInputError('metadata', `${expected} (got ${Array.isArray(parsed) ? 'a list' : typeof parsed})`);
  return parsed as Record<string, unknown>;
}
