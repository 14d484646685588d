import { z } from 'zod';
import { batchRef } from './imports';
import { codeTally, type OperationRules } from './rules';

// Each code of a batch added to a campaign, one request per code.

export const addToCampaignPayload = z.object({ ...batchRef, campaignId: z.string().min(1) });

export const addToCampaignRules: OperationRules<z.infer<typeof addToCampaignPayload>> = {
  schema: addToCampaignPayload,
  word: 'add to campaign',
  describe: (p) => `batch "${p.batchName}" -> campaign ${p.campaignId}`,
  tallyText: codeTally('added'),
  countsCodes: true,
  cancelNamesCodes: true,
};
