import { randomUUID } from 'node:crypto';
import type { AddVoucherRequest } from '../../shared/api/operations/campaigns';
import { InvalidRowsError } from '../../shared/domain/batch-refusals';
import { importChunks, type ChunkLimits } from '../../shared/domain/chunk-planner';
import { csvPacking } from '../../shared/domain/csv-packing';
import type { VoucherDraft } from '../../shared/domain/voucher';
import { categoryClashText, categoryRows, droppedValues, droppedValuesText, type DroppedValue } from '../../shared/outbox/campaign-values';
import { OPERATION_MARKER_KEY } from '../../shared/outbox/kinds';
import { findBatch } from '../batches/batch-lookup';
import { effectiveDraft } from '../batches/inherit';
import { SELECT_ROWS, type StoredRow } from '../batches/rows';
import type { BatchDefaults, BatchSummary } from '../batches/types';
import type { StoreDatabase } from '../store/database';
import type { Reader } from '../store/statements';
import { sha256 } from '../outbox/bodies';
import { dependenciesForQueueing, type Queued } from '../outbox/op-codes';
import { OutboxError, type NewChunk, type Outbox } from '../outbox/outbox';
import type { OperationRecord } from '../outbox/records';

export interface QueueContext {
  library: StoreDatabase;
  outbox: Outbox;
  /** The project (id) the operation is queued for; every front end names one. */
  project?: string;
}

export interface QueueImportOptions {
  /** `csv-when-fits`: CSV bodies when every row reads back the same as from JSON, else JSON. */
  format: 'json' | 'csv' | 'csv-when-fits';
  /** CSV only: webhooks for every created or updated voucher. */
  webhooksEnable?: boolean;
  /** Smaller than the service's limits, e.g. to test several chunks cheaply. */
  limits?: ChunkLimits;
}

const PAGE = 5000;

/** The batch's rows in order, each as the voucher it describes (defaults overlaid). */
function* batchDrafts(reader: Reader, batchId: number, defaults: BatchDefaults, rows?: number[]): Generator<VoucherDraft> {
  let after = 0;
  for (;;) {
    const page = reader.all<StoredRow>(`${SELECT_ROWS} WHERE batch_id = ? AND row_no > ? ORDER BY row_no LIMIT ?`, [batchId, after, PAGE]);
    for (const stored of page) {
      rows?.push(stored.row_no);
      yield effectiveDraft(defaults, JSON.parse(stored.fields) as Record<string, unknown>, stored.code) as unknown as VoucherDraft;
    }
    const last = page.at(-1);
    if (!last) return;
    after = last.row_no;
  }
}

/** Only a whole, valid, live batch is queued: what is sent is what the user reviewed. */
function queueableBatch(reader: Reader, ref: string): BatchSummary {
  const batch = findBatch(reader, ref);
  if (batch.deletedAt !== null) throw new OutboxError(`Batch ${batch.id} "${batch.name}" is in the trash; restore it before queueing it`);
  if (batch.rows === 0) throw new OutboxError(`Batch ${batch.id} "${batch.name}" has no rows; there is nothing to queue`);
  if (batch.invalidRows > 0) {
    throw new InvalidRowsError(batch.id, batch.name, batch.invalidRows);
  }
  return batch;
}

/**
 * Queues a batch import. The library is held (no edit can start) while its rows are read and the
 * request bodies are written; the operation then appears in one durable outbox write, and from that
 * moment the batch is frozen (freezing is derived from the outbox, see outbox.ts).
 */
export async function queueImport(ctx: QueueContext, batchRef: string, options: QueueImportOptions): Promise<OperationRecord> {
  return (await queueImportPacked(ctx, batchRef, options)).op;
}

/** A queued import, and for `csv-when-fits` sent as JSON, the first row that needed JSON and why. */
export interface PackedImport extends Queued {
  jsonBecause?: { code: string; reason: string };
}

export function queueImportPacked(ctx: QueueContext, batchRef: string, options: QueueImportOptions): Promise<PackedImport> {
  return ctx.library.exclusive(async (reader) => {
    const batch = queueableBatch(reader, batchRef);
    const packing = options.format === 'json' ? undefined : csvPacking(batchDrafts(reader, batch.id, batch.defaults));
    const jsonBecause = options.format === 'csv-when-fits' ? packing?.jsonBecause : undefined;
    const csv = packing !== undefined && jsonBecause === undefined;
    const format = csv ? ({ format: 'csv', metadataKeys: packing.metadataKeys } as const) : ({ format: 'json' } as const);
    const uid = randomUUID();
    const rows: number[] = [];
    const chunks: NewChunk[] = [];
    const codes: string[] = [];
    for (const chunk of importChunks(batchDrafts(reader, batch.id, batch.defaults, rows), format, options.limits)) {
      const chunkCodes = chunk.drafts.map((draft) => draft.code);
      const chunkRows = rows.slice(chunk.plan.start, chunk.plan.end);
      const bodyFile = ctx.outbox.bodies.write(uid, chunk.plan.index, chunk.body, { codes: chunkCodes, rows: chunkRows });
      chunks.push({ codes: chunk.plan.codes, bytes: chunk.plan.bytes, bodyFile, bodyHash: sha256(chunk.body) });
      for (const code of chunkCodes) codes.push(code);
    }
    const payload = csv
      ? { batchId: batch.id, batchName: batch.name, webhooksEnable: options.webhooksEnable ?? false }
      : { batchId: batch.id, batchName: batch.name };
    const { dependsOn, needsAttention } = await dependenciesForQueueing(ctx.outbox, codes, ctx.project);
    const kind = csv ? 'import-csv' : 'import-json';
    const op = await ctx.outbox.enqueue({ uid, kind, payload, batchId: batch.id, dependsOn, codes: codes.length, chunks, project: ctx.project });
    return jsonBecause ? { op, needsAttention, jsonBecause } : { op, needsAttention };
  });
}

const CAMPAIGN_FIELDS = ['category', 'metadata', 'additional_info', 'start_date', 'expiration_date', 'active'] as const;

/**
 * What a batch row sets for a voucher added to a campaign (spec 4.6: these values overwrite the
 * campaign's defaults). The metadata also carries the operation's marker, so an uncertain add can be
 * told apart from a code someone else put in the campaign.
 */
export function addToCampaignBody(draft: VoucherDraft, marker: string, categoryId?: string): AddVoucherRequest {
  const body: Record<string, unknown> = {};
  for (const field of CAMPAIGN_FIELDS) if (draft[field] !== undefined) body[field] = draft[field];
  if (categoryId !== undefined) body['category_id'] = categoryId;
  if (draft.redemption !== undefined) body['redemption'] = { quantity: draft.redemption.quantity };
  body['metadata'] = { ...draft.metadata, [OPERATION_MARKER_KEY]: marker };
  return body;
}

/** The batch's values that adding it to a campaign would drop (empty when none). */
export function campaignDroppedValues(ctx: QueueContext, batchRef: string): Promise<DroppedValue[]> {
  return ctx.library.exclusive(async (reader) => {
    const batch = queueableBatch(reader, batchRef);
    return droppedValues(batchDrafts(reader, batch.id, batch.defaults));
  });
}

export class DroppedValuesError extends OutboxError {
  constructor(
    batch: BatchSummary,
    readonly dropped: DroppedValue[],
  ) {
    super(
      `Batch ${batch.id} "${batch.name}" carries values that adding codes to a campaign cannot take (the endpoint accepts none of them): ` +
        `${droppedValuesText(dropped)}. The campaign's own type and discount or gift apply instead. ` +
        'To add the codes anyway, without these values, queue it again with --drop-values (in the app: confirm the list)',
    );
    this.name = 'DroppedValuesError';
  }
}

export interface AddToCampaignOptions {
  /** The user accepts losing the values the endpoint cannot take. */
  dropValues?: boolean;
  /** Every code goes into this category (by id); the batch's rows then may not name a category. */
  categoryId?: string;
}

/**
 * Queues one request per code of the batch: add the code to the campaign. A batch carrying values the
 * endpoint cannot take is refused unless `dropValues` says the user accepts losing them.
 */
export function queueAddToCampaign(ctx: QueueContext, batchRef: string, campaignId: string, options: AddToCampaignOptions = {}): Promise<Queued> {
  if (campaignId.trim() === '') return Promise.reject(new OutboxError('campaign: give the campaign id or name'));
  const categoryId = options.categoryId?.trim() || undefined;
  if (options.categoryId !== undefined && categoryId === undefined) return Promise.reject(new OutboxError('category_id: give a category id, or leave it out'));
  return ctx.library.exclusive(async (reader) => {
    const batch = queueableBatch(reader, batchRef);
    const clash = categoryId === undefined ? undefined : categoryRows(batchDrafts(reader, batch.id, batch.defaults));
    if (categoryId !== undefined && clash) throw new OutboxError(categoryClashText(`${batch.id} "${batch.name}"`, categoryId, clash));
    if (options.dropValues !== true) {
      const dropped = droppedValues(batchDrafts(reader, batch.id, batch.defaults));
      if (dropped.length > 0) throw new DroppedValuesError(batch, dropped);
    }
    const uid = randomUUID();
    const rows: number[] = [];
    const chunks: NewChunk[] = [];
    for (const draft of batchDrafts(reader, batch.id, batch.defaults, rows)) {
      const body = JSON.stringify(addToCampaignBody(draft, uid, categoryId));
      chunks.push({ codes: 1, bytes: Buffer.byteLength(body), body, code: draft.code, rowNo: rows.at(-1) });
    }
    const { dependsOn, needsAttention } = await dependenciesForQueueing(
      ctx.outbox,
      chunks.map((c) => c.code as string),
      ctx.project,
    );
    const op = await ctx.outbox.enqueue({
      uid,
      kind: 'add-to-campaign',
      payload: { batchId: batch.id, batchName: batch.name, campaignId: campaignId.trim() },
      batchId: batch.id,
      dependsOn,
      codes: chunks.length,
      chunks,
      project: ctx.project,
    });
    return { op, needsAttention };
  });
}
