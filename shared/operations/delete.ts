import { z } from 'zod';
import { codeTally, type OperationRules } from './rules';

// Codes deleted, one request per code: to the bin, or for good with `force`.

export const deletePayload = z.object({ codes: z.array(z.string().min(1)).min(1), force: z.boolean() });

export const deleteRules: OperationRules<z.infer<typeof deletePayload>> = {
  schema: deletePayload,
  word: 'delete',
  describe: (p) => `${p.codes.length} code(s)${p.force ? ', permanently' : ', to the bin'}`,
  tallyText: codeTally('deleted', 'already not on the service'),
  countsCodes: true,
  cancelNamesCodes: false,
};
