import { z } from 'zod';
import type { EventChannel } from './channels';
import { publicationPullProgressSchema } from './publication-history';
import { updateStatusSchema } from './update-status';

/**
 * Progress of the sync engine. The engine owns the meaning of the counts; `running` is what the
 * updater waits on before it installs.
 */
export const syncProgressSchema = z.object({
  running: z.boolean(),
  operationsDone: z.number().int().min(0),
  operationsTotal: z.number().int().min(0),
  message: z.string().optional(),
});

/** A running CSV import (csv.import), for a progress bar: bytes of the file read so far and rows parsed. */
export const csvImportProgressSchema = z.object({
  uploadId: z.string().min(1),
  batchId: z.number().int().positive(),
  /** Reading the file, then saving the rows (one durable write at the end). */
  phase: z.enum(['reading', 'saving']),
  rowsRead: z.number().int().min(0),
  bytesRead: z.number().int().min(0),
  totalBytes: z.number().int().min(0),
});

// Main -> renderer events; main parses every payload with its schema before sending it.
export const eventContract = {
  'update.status': updateStatusSchema,
  'sync.progress': syncProgressSchema,
  'csv.importProgress': csvImportProgressSchema,
  'publications.pullProgress': publicationPullProgressSchema,
} as const satisfies Record<EventChannel, z.ZodType>;

export type EventPayload<E extends EventChannel> = z.output<(typeof eventContract)[E]>;
export type SyncProgress = EventPayload<'sync.progress'>;
export type CsvImportProgress = EventPayload<'csv.importProgress'>;
