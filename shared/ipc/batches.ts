import { z } from 'zod';
import type { BatchChannel } from './batch-channels';

// Batches and their draft rows over the contract. The renderer pages rows (at most 1000 a call),
// so it never holds a whole batch; CSV files travel in pieces to an upload kept by main.

const id = z.number().int().positive();
const fields = z.record(z.string(), z.unknown());
/** Enough for a 1 MB piece of UTF-8 text, under the web host's body limit. */
export const MAX_CSV_PIECE = 1_048_576;
/** Each generated code is checked against the whole library; bigger runs take several calls. */
export const MAX_GENERATE_PER_CALL = 100_000;

export const problemSchema = z.object({
  row: z.number().int(),
  code: z.string(),
  field: z.string(),
  value: z.unknown().optional(),
  allowed: z.string(),
  message: z.string(),
  severity: z.enum(['error', 'warning']),
});

export const batchSummarySchema = z.object({
  id,
  name: z.string(),
  defaults: fields,
  createdAt: z.string(),
  updatedAt: z.string(),
  deletedAt: z.string().nullable(),
  rows: z.number().int(),
  validRows: z.number().int(),
  invalidRows: z.number().int(),
});

export const draftRowSchema = z.object({
  row: z.number().int(),
  code: z.string(),
  fields,
  draft: fields,
  problems: z.array(problemSchema),
  valid: z.boolean(),
});

const rejectedRowSchema = z.object({ row: z.number().int(), code: z.string(), problems: z.array(problemSchema) });

export const importReportSchema = z.object({
  mode: z.enum(['stop-at-first-error', 'skip-invalid', 'keep-all']),
  rowsRead: z.number().int(),
  stored: z.number().int(),
  storedInvalid: z.number().int(),
  storedWithWarnings: z.number().int(),
  rejectedCount: z.number().int(),
  rejected: z.array(rejectedRowSchema),
  headerProblems: z.array(problemSchema),
  stoppedAtRow: z.number().int().nullable(),
  firstRow: z.number().int().nullable(),
  lastRow: z.number().int().nullable(),
});

const columnSchema = z.object({
  index: z.number().int(),
  header: z.string(),
  target: z.string(),
  metadataKey: z.string().optional(),
  description: z.string(),
});

export const codeSpecSchema = z.object({
  count: z.number().int().min(1),
  length: z.number().int().min(1).optional(),
  charset: z.union([z.enum(['alphanumeric', 'letters', 'numbers']), z.object({ custom: z.string().min(1) })]).optional(),
  pattern: z.string().optional(),
  prefix: z.string().optional(),
  postfix: z.string().optional(),
});

const batchRef = z.object({ batchId: id }).strict();

/** The open operation that keeps a batch from changing (see shared/domain/batch-refusals.ts). */
export const frozenSchema = z.object({
  batchId: id,
  batchName: z.string(),
  operationId: id,
  operationKind: z.string(),
  operationWord: z.string(),
  operationState: z.string(),
});

/** What Undo and Redo would do next, in words ("edit row 3"), or null when there is nothing. */
const historySchema = z.object({ undo: z.string().nullable(), redo: z.string().nullable() });
const historyStep = { request: batchRef, response: historySchema.extend({ done: z.string().nullable() }) };
const summary = { response: batchSummarySchema };

export const batchContract = {
  'batches.list': {
    request: z.object({ trash: z.boolean().optional() }).strict(),
    // With the outbox's view of each batch: codes waiting to be sent, and codes the service took.
    response: z.array(batchSummarySchema.extend({ queuedCodes: z.number().int(), syncedCodes: z.number().int() })),
  },
  'batches.get': { request: batchRef, response: batchSummarySchema.extend({ frozen: frozenSchema.nullable() }) },
  'batches.create': { request: z.object({ name: z.string(), defaults: fields.optional() }).strict(), ...summary },
  'batches.rename': { request: z.object({ batchId: id, name: z.string() }).strict(), ...summary },
  'batches.duplicate': { request: z.object({ batchId: id, name: z.string().optional() }).strict(), ...summary },
  'batches.delete': { request: batchRef, ...summary },
  'batches.restore': { request: batchRef, ...summary },
  'batches.setDefaults': { request: z.object({ batchId: id, defaults: fields }).strict(), ...summary },
  'drafts.page': {
    request: z
      .object({
        batchId: id,
        offset: z.number().int().min(0),
        limit: z.number().int().min(1).max(1000),
        codePrefix: z.string().optional(),
        onlyInvalid: z.boolean().optional(),
      })
      .strict(),
    response: z.object({ rows: z.array(draftRowSchema), total: z.number().int(), offset: z.number().int(), limit: z.number().int() }),
  },
  'drafts.add': {
    request: z
      .object({
        batchId: id,
        drafts: z
          .array(fields.and(z.object({ code: z.string() })))
          .min(1)
          .max(1000),
      })
      .strict(),
    response: z.array(draftRowSchema),
  },
  'drafts.edit': {
    request: z
      .object({
        batchId: id,
        row: z.number().int().positive(),
        code: z.string().optional(),
        set: fields.optional(),
        unset: z.array(z.string()).optional(),
      })
      .strict(),
    response: draftRowSchema,
  },
  'drafts.delete': {
    request: z.object({ batchId: id, rows: z.array(z.number().int().positive()).min(1).max(1000) }).strict(),
    response: z.object({ deleted: z.number().int() }),
  },
  'drafts.generate': {
    request: z.object({ batchId: id, spec: codeSpecSchema.extend({ count: z.number().int().min(1).max(MAX_GENERATE_PER_CALL) }) }).strict(),
    response: z.object({
      added: z.number().int(),
      firstRow: z.number().int().nullable(),
      invalidRows: z.number().int(),
      warnings: z.array(z.string()),
    }),
  },
  'drafts.history': { request: batchRef, response: historySchema },
  // Each answers what it undid or redid (null when there was nothing) and what comes next.
  'drafts.undo': historyStep,
  'drafts.redo': historyStep,
  'csv.uploadStart': {
    request: z.object({ name: z.string().max(500) }).strict(),
    response: z.object({ uploadId: z.string() }),
  },
  'csv.uploadChunk': {
    request: z.object({ uploadId: z.string(), text: z.string().max(MAX_CSV_PIECE) }).strict(),
    response: z.object({ bytes: z.number().int() }),
  },
  'csv.preview': {
    request: z.object({ uploadId: z.string(), rows: z.number().int().min(1).max(50).optional() }).strict(),
    response: z.object({
      columns: z.array(columnSchema),
      headerProblems: z.array(problemSchema),
      rows: z.array(z.object({ row: z.number().int(), draft: fields, problems: z.array(problemSchema) })),
    }),
  },
  'csv.import': {
    request: z.object({ uploadId: z.string(), batchId: id, mode: z.enum(['stop-at-first-error', 'skip-invalid', 'keep-all']) }).strict(),
    response: importReportSchema,
  },
  // The export is written to a file in main first (valid rows only, as the service would accept
  // them), then read out in pieces, so neither side builds the whole file as one string.
  'csv.export': {
    request: batchRef,
    response: z.object({
      exportId: z.string(),
      bytes: z.number().int(),
      rows: z.number().int(),
      skippedInvalid: z.number().int(),
      lossyRows: z.number().int(),
      lostFields: z.array(z.string()),
    }),
  },
  'csv.exportRead': {
    request: z.object({ exportId: z.string(), offset: z.number().int().min(0) }).strict(),
    response: z.object({ text: z.string(), nextOffset: z.number().int().nullable() }),
  },
} as const satisfies Record<BatchChannel, { request: z.ZodType; response: z.ZodType }>;

export type BatchSummaryView = z.output<typeof batchSummarySchema>;
export type BatchDetailView = z.output<(typeof batchContract)['batches.get']['response']>;
export type FrozenView = z.output<typeof frozenSchema>;
export type HistoryView = z.output<typeof historySchema>;
export type BatchListItem = z.output<(typeof batchContract)['batches.list']['response']>[number];
export type DraftRowView = z.output<typeof draftRowSchema>;
export type ProblemView = z.output<typeof problemSchema>;
export type ImportReportView = z.output<typeof importReportSchema>;
