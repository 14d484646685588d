import { randomUUID } from 'node:crypto';
import { isServiceAnswer } from '../../shared/api/errors';
import type { AddVoucherRequest } from '../../shared/api/operations/campaigns';
import type { VoucherDraft } from '../../shared/domain/voucher';
import { categoryClashText, categoryRows, droppedValues, droppedValuesText, type DroppedValue } from '../../shared/outbox/campaign-values';
import { OPERATION_MARKER_KEY } from '../../shared/operations/marker';
import { addToCampaignRules } from '../../shared/operations/add-to-campaign';
import type { BatchSummary } from '../batches/types';
import { dependenciesForQueueing, type Queued } from '../outbox/op-codes';
import { OutboxError, type NewRequest } from '../outbox/outbox';
import type { SyncContext } from './context';
import { ALREADY_THERE, findVoucher, NOT_CARRIED_OUT, reconciledDone, type Reconciled } from './reconcile';
import { batchDrafts, queueableBatch, type QueueContext } from './batch-source';
import type { OperationKindModule, WorkOf } from './kind';

// Each code of a batch added to a campaign, one request per code. Each body carries the operation's
// marker in its metadata, so an uncertain add can be told apart from someone else's code.

type Work = WorkOf<'add-to-campaign'>;

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
    const requests: NewRequest[] = [];
    for (const draft of batchDrafts(reader, batch.id, batch.defaults, (row) => rows.push(row))) {
      const body = JSON.stringify(addToCampaignBody(draft, uid, categoryId));
      requests.push({ codes: 1, bytes: Buffer.byteLength(body), body, code: draft.code, rowNo: rows.at(-1) });
    }
    const { dependsOn, needsAttention } = await dependenciesForQueueing(
      ctx.outbox,
      requests.map((c) => c.code as string),
      ctx.project,
    );
    const op = await ctx.outbox.enqueue({
      uid,
      kind: 'add-to-campaign',
      payload: { batchId: batch.id, batchName: batch.name, campaignId: campaignId.trim() },
      batchId: batch.id,
      dependsOn,
      codes: requests.length,
      requests,
      project: ctx.project,
    });
    return { op, needsAttention };
  });
}

async function send(ctx: SyncContext, work: Work): Promise<void> {
  const { op, request, parsed } = work;
  const addition = JSON.parse(request.body as string) as AddVoucherRequest;
  try {
    const voucher = await ctx.client.addVoucherToCampaign(parsed.payload.campaignId, request.code as string, addition);
    await ctx.outbox.move(op.id, request.idx, { type: 'done' }, { result: { voucher_id: voucher.id ?? null, applied: 1 } });
  } catch (error) {
    if (!isServiceAnswer(error, 409)) throw error;
    // The code exists already. An earlier send of ours the service carried out after the client gave
    // up carries our marker: that is ours. Anything else is someone else's voucher, never overwritten.
    if ((await reconcile(ctx, work)).type === 'settled') return;
    const present = { code: request.code as string, row: request.rowNo, reason: `${ALREADY_THERE}: ${error.serviceMessage}` };
    await ctx.outbox.move(op.id, request.idx, { type: 'done' }, { result: { applied: 0 } }, [], [present]);
  }
}

/** The code's voucher tells: in the campaign with our marker is ours; anywhere else it is someone else's. */
async function reconcile(ctx: SyncContext, work: Work): Promise<Reconciled> {
  const { op, request, parsed } = work;
  const code = request.code as string;
  const voucher = await findVoucher(ctx, code);
  if (!voucher) return NOT_CARRIED_OUT;
  const campaign = parsed.payload.campaignId;
  const inCampaign = voucher.campaign_id === campaign || voucher.campaign === campaign;
  if (inCampaign && voucher.metadata?.[OPERATION_MARKER_KEY] === op.uid) return reconciledDone(ctx, work, { voucher_id: voucher.id ?? null, applied: 1 });
  const where = voucher.campaign ?? voucher.campaign_id ?? 'no campaign';
  return reconciledDone(ctx, work, { voucher_id: voucher.id ?? null, applied: 0 }, [{ code, row: request.rowNo, reason: `${ALREADY_THERE} (in ${where})` }]);
}

export const addToCampaign: OperationKindModule<'add-to-campaign'> = { kind: 'add-to-campaign', rules: addToCampaignRules, send, reconcile };
