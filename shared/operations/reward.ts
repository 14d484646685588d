import { z } from 'zod';
import type { OperationRules } from './rules';

// One reward created, its request as the user gave it with the operation's marker in its metadata.

const rewardRequest = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('CAMPAIGN'),
    name: z.string().min(1),
    metadata: z.record(z.string(), z.unknown()).optional(),
    campaign: z.object({ id: z.string().min(1), balance: z.number().int().positive().optional() }),
  }),
  z.object({
    type: z.literal('COIN'),
    name: z.string().min(1),
    metadata: z.record(z.string(), z.unknown()).optional(),
    exchange_ratio: z.number().positive(),
    points_ratio: z.number().positive(),
  }),
  z.object({
    type: z.literal('MATERIAL'),
    name: z.string().min(1),
    metadata: z.record(z.string(), z.unknown()).optional(),
    product: z.object({ id: z.string().min(1), sku_id: z.string().min(1) }),
    stock: z.number().int().min(0).optional(),
    attributes: z.object({ image_url: z.string().optional(), description: z.string().optional() }).optional(),
  }),
]);

export const rewardPayload = z.object({ request: rewardRequest, marker: z.string().min(1) });
export type RewardRequest = z.infer<typeof rewardRequest>;

export const rewardRules: OperationRules<z.infer<typeof rewardPayload>> = {
  schema: rewardPayload,
  word: 'reward',
  describe: (p) => `reward "${p.request.name}"`,
  tallyText: (tally) => (tally.applied > 0 ? 'reward created by this sync' : tally.failed > 0 ? 'reward not created' : 'reward not created yet'),
  // A reward has no codes: its creation counts as a request, not as a code.
  countsCodes: false,
  cancelNamesCodes: true,
};
