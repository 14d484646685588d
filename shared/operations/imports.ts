import { z } from 'zod';
import { codeTally, type ImportJob, type OperationRules } from './rules';

// The two imports of a batch: as JSON (`import-json`), or as CSV files (`import-csv`), which also
// updates codes already on the service. Both send request bodies made from the batch as it was queued.

export const batchRef = { batchId: z.number().int().positive(), batchName: z.string() };

export const importJsonPayload = z.object(batchRef);
export const importCsvPayload = z.object({
  ...batchRef,
  webhooksEnable: z.boolean(),
  // The CSV files' metadata columns, which rebuild each body from the batch's rows; absent in
  // imports queued before bodies were rebuilt (their bodies are files).
  metadataKeys: z.array(z.string()).optional(),
});

export const importJsonRules: OperationRules<z.infer<typeof importJsonPayload>> & { job: ImportJob } = {
  schema: importJsonPayload,
  word: 'import',
  describe: (p) => `batch "${p.batchName}"`,
  tallyText: codeTally('created'),
  job: { type: 'VOUCHERS.IMPORT', rowsByPosition: false },
  countsCodes: true,
  cancelNamesCodes: true,
};

export const importCsvRules: OperationRules<z.infer<typeof importCsvPayload>> & { job: ImportJob } = {
  schema: importCsvPayload,
  word: 'CSV import',
  describe: (p) => `batch "${p.batchName}"`,
  // A CSV import updates a code that already exists, and its job does not say which codes it updated.
  tallyText: codeTally('created or updated'),
  job: { type: 'VOUCHERS.IMPORT_CSV', rowsByPosition: true },
  countsCodes: true,
  cancelNamesCodes: true,
};
