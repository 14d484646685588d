import { randomUUID } from 'node:crypto';
import { importPlans, type RequestLimits } from '../../shared/domain/request-planner';
import { planFromSegments } from '../../shared/domain/segment-plan';
import type { VoucherDraft } from '../../shared/domain/voucher';
import { readSegments, RowsDigest, sourceChecksum, type Segment } from '../batches/segments';
import type { BatchSummary } from '../batches/types';
import type { Reader } from '../store/statements';
import { csvPacking } from '../../shared/domain/csv-packing';
import { findOwnJob, probeSample, type SentRequest } from '../../shared/outbox/find-job';
import { earlyCheckDelay, lookDelay } from '../../shared/outbox/looks';
import { bodyWithout } from '../../shared/outbox/subset-body';
import { importCsvRules, importJsonRules } from '../../shared/operations/imports';
import { sha256 } from '../outbox/bodies';
import { codesOfRequest, dependenciesForQueueing, rangeOf, rowsChanged, type Queued } from '../outbox/op-codes';
import type { ImportFormat } from '../../shared/domain/import-bodies';
import type { CodeNote, NewRequest } from '../outbox/outbox';
import type { OperationRecord } from '../outbox/records';
import type { SyncContext } from './context';
import { ALREADY_THERE, attention, CLOCK_SKEW_MS, jobsSince, NOT_CARRIED_OUT, probe, SETTLED, type Reconciled } from './reconcile';
import { batchCodes, batchDrafts, queueableBatch, setDraft, type QueueContext } from './batch-source';
import type { OperationKindModule, WorkOf } from './kind';

// The imports of a batch, as JSON (`import-json`) or CSV files (`import-csv`): queued as runs of the
// batch's rows with each body's checksum, sent as service jobs, reconciled by the job list.

type ImportKind = 'import-json' | 'import-csv';

/** Codes probed at random besides a request's first and last. */
const PROBE_SAMPLE = 5;

export interface QueueImportOptions {
  /** `csv-when-fits`: CSV bodies when every row reads back the same as from JSON, else JSON. */
  format: 'json' | 'csv' | 'csv-when-fits';
  /** CSV only: webhooks for every created or updated voucher. */
  webhooksEnable?: boolean;
  /** Smaller than the service's limits, e.g. to test several requests cheaply. */
  limits?: RequestLimits;
}

/**
 * Queues a batch import. The library is held (no edit can start) while the requests are planned and
 * each one's source checksummed; the operation then appears in one durable outbox write, and from that
 * moment the batch is frozen (freezing is derived from the outbox, see outbox.ts) until it finishes.
 */
export async function queueImport(ctx: QueueContext, batchRef: string, options: QueueImportOptions): Promise<OperationRecord> {
  return (await queueImportPacked(ctx, batchRef, options)).op;
}

/** A queued import, and for `csv-when-fits` sent as JSON, the first row that needed JSON and why. */
export interface PackedImport extends Queued {
  jsonBecause?: { code: string; reason: string };
}

/** An import planned: its body format and its requests (each a run of rows with the checksum of its source). */
interface PlannedImport {
  format: ImportFormat;
  jsonBecause?: { code: string; reason: string };
  requests: NewRequest[];
}

export function queueImportPacked(ctx: QueueContext, batchRef: string, options: QueueImportOptions): Promise<PackedImport> {
  return ctx.library.exclusive(async (reader) => {
    const batch = queueableBatch(reader, batchRef);
    const { format, jsonBecause, requests } = planFromSummaries(reader, batch, options) ?? planFromRows(reader, batch, options);
    const named = { batchId: batch.id, batchName: batch.name };
    // The codes are read only when an open operation of the project has codes to compare them with.
    const { dependsOn, needsAttention } = await dependenciesForQueueing(ctx.outbox, batchCodes(reader, batch.id), ctx.project);
    const common = { uid: randomUUID(), batchId: batch.id, dependsOn, codes: batch.rows, requests, project: ctx.project };
    const op = await ctx.outbox.enqueue(
      format.format === 'csv'
        ? { ...common, kind: 'import-csv', payload: { ...named, webhooksEnable: options.webhooksEnable ?? false, metadataKeys: [...format.metadataKeys] } }
        : { ...common, kind: 'import-json', payload: named },
    );
    return jsonBecause ? { op, needsAttention, jsonBecause } : { op, needsAttention };
  });
}

/** The import planned from the batch's segments without reading its rows; undefined when the rows must decide (see planFromSegments). */
function planFromSummaries(reader: Reader, batch: BatchSummary, options: QueueImportOptions): PlannedImport | undefined {
  const segments = readSegments(reader, batch.id);
  if (segments === undefined) return undefined;
  const templates = new Map<number, VoucherDraft>();
  for (const segment of segments) for (const [id] of segment.sets) if (!templates.has(id)) templates.set(id, setDraft(reader, batch.defaults, id));
  const plan = planFromSegments(segments, templates, options.format, options.limits);
  if (plan === undefined) return undefined;
  const requests = plan.requests.map((request, i): NewRequest => {
    const { digest, sets } = segments[i] as Segment;
    const sourceHash = sourceChecksum(reader, batch.defaults, plan.format, { hex: digest, sets: sets.map(([id]) => id) });
    return { codes: request.codes, bytes: request.bytes, rows: { from: request.rowFrom, to: request.rowTo }, sourceHash };
  });
  return { format: plan.format, requests };
}

/** The import planned row by row (two passes over the rows: the body format, then the requests). */
function planFromRows(reader: Reader, batch: BatchSummary, options: QueueImportOptions): PlannedImport {
  const packing = options.format === 'json' ? undefined : csvPacking(batchDrafts(reader, batch.id, batch.defaults));
  const jsonBecause = options.format === 'csv-when-fits' ? packing?.jsonBecause : undefined;
  const format: ImportFormat = packing !== undefined && jsonBecause === undefined ? { format: 'csv', metadataKeys: packing.metadataKeys } : { format: 'json' };
  // The rows read and not yet in a request: a plan comes once its last row is read.
  const pending: [row: number, code: string, setId: number][] = [];
  let planned = 0;
  const requests: NewRequest[] = [];
  const seen = (row: number, code: string, setId: number) => pending.push([row, code, setId]);
  for (const plan of importPlans(batchDrafts(reader, batch.id, batch.defaults, seen), format, options.limits)) {
    const rows = pending.splice(0, plan.end - planned);
    planned = plan.end;
    const digest = new RowsDigest();
    for (const [row, code, setId] of rows) digest.add(row, code, setId);
    const sourceHash = sourceChecksum(reader, batch.defaults, format, { hex: digest.hex(), sets: digest.sets.keys() });
    const range = { from: (rows[0] as [number, string, number])[0], to: (rows.at(-1) as [number, string, number])[0] };
    requests.push({ codes: plan.codes, bytes: plan.bytes, rows: range, sourceHash });
  }
  return jsonBecause ? { format, jsonBecause, requests } : { format, requests };
}

/** The queued import body, less the codes reconciliation found on the service before this sync. */
function importBody(ctx: SyncContext, work: WorkOf<ImportKind>): string {
  const { op, request, parsed } = work;
  // Read (and so checked) before the request leaves even when unused here: it is what reconciles the
  // request if its outcome turns out uncertain, so a damaged one must stop the request first. Read
  // before the body too, so rows that are gone are named as such.
  const { codes } = codesOfRequest(ctx.outbox, request);
  const body = queuedBody(ctx, work);
  const present = ctx.outbox.presentCodes(op.id, request.idx);
  if (present.size === 0) return body;
  return bodyWithout(parsed.kind === 'import-csv' ? 'csv' : 'json', body, codes, present);
}

/** The body as queued: made again from the frozen batch's rows (or read from its file, queued before that) and checked against the checksum kept. */
function queuedBody(ctx: SyncContext, work: WorkOf<ImportKind>): string {
  const { request, parsed } = work;
  const range = rangeOf(ctx.outbox, request);
  if (range === undefined) return ctx.outbox.bodies.read(request.bodyFile as string, request.bodyHash as string);
  const made = ctx.outbox.frozenRows().body(range, formatOf(parsed));
  // Queued since source_hash, the rows and what they refer to are checked; queued before it, the body itself.
  const same = request.sourceHash !== null ? made.sourceHash === request.sourceHash : sha256(made.body) === request.bodyHash;
  if (!same) throw rowsChanged(request, range, 'no longer make the body that was queued (its checksum differs)');
  return made.body;
}

/** The body format an import was queued in. */
function formatOf(parsed: WorkOf<ImportKind>['parsed']): ImportFormat {
  if (parsed.kind === 'import-json') return { format: 'json' };
  const { metadataKeys } = parsed.payload;
  if (metadataKeys === undefined) throw new Error('A CSV import queued with body files has no metadata columns to make its bodies again with');
  return { format: 'csv', metadataKeys };
}

/** Sends the saved body; the job's id is stored (with the first look due) before anything else happens. */
async function sendImport(ctx: SyncContext, work: WorkOf<ImportKind>): Promise<void> {
  const { op, request, parsed } = work;
  const body = importBody(ctx, work);
  const ref =
    parsed.kind === 'import-json'
      ? await ctx.client.importVouchers({ serialized: body })
      : await ctx.client.importVouchersCsv(body, {
          webhooksEnable: parsed.payload.webhooksEnable,
          fileName: `batch-${parsed.payload.batchId}-${request.idx + 1}.csv`,
        });
  await ctx.outbox.move(
    op.id,
    request.idx,
    { type: 'accepted', asyncActionId: ref.async_action_id },
    { asyncActionId: ref.async_action_id, looks: 0, nextTryAt: ctx.clock.now() + earlyCheckDelay(request.codes) },
  );
}

/**
 * An import whose outcome is uncertain. Its job, when provably ours, is adopted and looked at. With no
 * job of ours, the codes tell: none of them on the service means the request was not carried out;
 * some of them there means someone else put them there, so each is looked up, recorded as already on
 * the service, and only the rest is sent again.
 */
async function reconcileImport(ctx: SyncContext, work: WorkOf<ImportKind>, random: () => number): Promise<Reconciled> {
  const { op, request, parsed } = work;
  const jobType = (parsed.kind === 'import-csv' ? importCsvRules : importJsonRules).job.type;
  const manifest = codesOfRequest(ctx.outbox, request);
  const known = ctx.outbox.presentCodes(op.id, request.idx);
  const sent = manifest.codes.filter((code) => !known.has(code));
  const inRequest = new Set(sent);
  const now = ctx.clock.now();
  const sentAt = request.sentAt ?? 0;
  const until = request.lastError && request.lastError.at >= sentAt ? request.lastError.at : now;
  const sentRequest: SentRequest = { jobType, sentAt, until, codes: sent.length, hasCode: (code) => inRequest.has(code) };
  const jobs = await jobsSince(ctx, sentAt - CLOCK_SKEW_MS);
  const probes = await probe(ctx, probeSample(sent, PROBE_SAMPLE, random));
  const ownership = findOwnJob(sentRequest, jobs, probes, { skewMs: CLOCK_SKEW_MS, claimed: ctx.outbox.claimedJobIds() });
  if ('ours' in ownership) {
    const id = ownership.ours.id;
    await ctx.outbox.move(op.id, request.idx, { type: 'accepted', asyncActionId: id }, { asyncActionId: id, looks: 0, nextTryAt: now });
    return SETTLED;
  }
  if ('ambiguous' in ownership) {
    return attention(
      ctx,
      work,
      `Request ${request.idx + 1} may have been carried out: jobs ${ownership.ambiguous.map((j) => j.id).join(', ')} each fit it. Check its codes on the service, then retry or cancel the operation.`,
    );
  }
  if ('wait' in ownership) {
    await ctx.outbox.note(op.id, request.idx, { nextTryAt: now + lookDelay(sent.length, request.looks), looks: request.looks + 1 });
    return SETTLED;
  }
  if (!probes.some((p) => p.present)) return NOT_CARRIED_OUT;
  const rows = new Map(manifest.codes.map((code, i) => [code, manifest.rows[i] ?? null]));
  const sampled = new Map(probes.map((p) => [p.code, p]));
  const rest = await probe(
    ctx,
    sent.filter((code) => !sampled.has(code)),
  );
  const present: CodeNote[] = [...probes, ...rest]
    .filter((p) => p.present)
    .map((p) => ({ code: p.code, row: rows.get(p.code) ?? null, reason: ALREADY_THERE }));
  if (present.length === sent.length) {
    await ctx.outbox.move(op.id, request.idx, { type: 'done' }, { result: { applied: 0, reconciled: true } }, [], present);
    return SETTLED;
  }
  return { type: 'not-carried-out', present };
}

export const importJson: OperationKindModule<'import-json'> = {
  kind: 'import-json',
  rules: importJsonRules,
  send: sendImport,
  reconcile: reconcileImport,
};

export const importCsv: OperationKindModule<'import-csv'> = {
  kind: 'import-csv',
  rules: importCsvRules,
  send: sendImport,
  reconcile: reconcileImport,
};
