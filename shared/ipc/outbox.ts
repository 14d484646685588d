import { z } from 'zod';
import { projectViewSchema } from './projects';
import { rewardPayload } from '../operations/reward';
import { REQUEST_STATES, OPERATION_STATES } from '../outbox/states';
import type { OutboxChannel } from './outbox-channels';

// The outbox and the sync engine as the renderer sees them: states and counts, the service's error
// text with its request id, never a request body or a token.

const id = z.number().int().positive();
const requestCounts = z.record(z.enum(REQUEST_STATES), z.number().int());

const errorSchema = z.object({
  message: z.string(),
  details: z.string().optional(),
  request_id: z.string().optional(),
  status: z.number().optional(),
  key: z.string().optional(),
});

export const operationViewSchema = z.object({
  id,
  kind: z.string(),
  label: z.string(),
  state: z.enum(OPERATION_STATES),
  batchId: z.number().int().nullable(),
  codes: z.number().int(),
  requestCounts,
  failures: z.number().int(),
  /** Carried out by this sync (codes created or added, codes deleted, a reward created). */
  applied: z.number().int(),
  /** Codes already on the service before this sync (someone else's), or already gone for a delete. */
  present: z.number().int(),
  deadReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The project it is sent to (id and name); null for one whose project was removed or never bound. */
  projectId: z.string().nullable(),
  projectName: z.string().nullable(),
});

/**
 * A queued operation, with each request of another operation found damaged while queueing it: that
 * one waits for the user (its message names the file), nothing else waits for it.
 */
export const queuedViewSchema = operationViewSchema.extend({
  needsAttention: z.array(z.object({ operation: id, request: z.number().int(), message: z.string() })),
});

export const requestViewSchema = z.object({
  idx: z.number().int(),
  state: z.enum(REQUEST_STATES),
  codes: z.number().int(),
  bytes: z.number().int(),
  attempts: z.number().int(),
  code: z.string().nullable(),
  asyncActionId: z.string().nullable(),
  lastError: errorSchema.nullable(),
});

export const engineStatusSchema = z.object({
  state: z.enum(['idle', 'running', 'paused', 'stopped', 'finished']),
  reason: z.string().optional(),
  message: z.string().optional(),
});

export const syncStatusSchema = z.object({
  engine: engineStatusSchema,
  /** The project the sync is for (the current one until a sync starts for another). */
  project: projectViewSchema.nullable(),
  target: z.string(),
  targetKind: z.enum(['region', 'dedicated', 'sandbox']),
  region: z.string(),
  /** How requests are signed: an OAuth token, or the key pair on each request. */
  auth: z.enum(['keys', 'oauth']),
  tokenExpiresAt: z.number().nullable(),
  codes: z.object({ total: z.number().int(), done: z.number().int(), present: z.number().int(), failed: z.number().int() }),
  /** The service's work on import jobs in flight (estimated between looks), once a job was looked at. */
  jobs: z.object({ processedInFlight: z.number().int(), inFlight: z.number().int(), codesPerSecond: z.number(), secondsLeft: z.number() }).nullable(),
  requests: z.number().int(),
  rate: z.object({ limit: z.number(), remaining: z.number() }).nullable(),
});

const opRef = z.object({ opId: id }).strict();
const noRequest = z.object({}).strict();
/** A project by id; the current one when absent. */
const projectRef = z.object({ projectId: z.string().optional() }).strict();
const syncRequest = z.object({ projectId: z.string().optional(), confirmName: z.string().max(64).optional() }).strict();
const planOperation = z.object({ id, kind: z.string(), label: z.string(), requests: z.number().int(), codes: z.number().int(), bytes: z.number().int() });

/** The reward as queued (the outbox's own payload schema, so the two cannot drift apart). */
export const rewardRequestSchema = rewardPayload.shape.request;

export const outboxContract = {
  'outbox.queueBatch': {
    request: z
      .object({
        batchId: id,
        /** import: CSV files when every row fits them (a code already on the service is updated), else JSON. */
        operation: z.enum(['import', 'import-json', 'import-csv', 'add-to-campaign']),
        campaignId: z.string().optional(),
        webhooksEnable: z.boolean().optional(),
        /** add-to-campaign: the user confirmed dropping the values the endpoint cannot take. */
        dropValues: z.boolean().optional(),
        /** add-to-campaign: the category (by id) of every added code; spec 4.6 refuses it with a category. */
        categoryId: z.string().optional(),
        /** The project (id) it is queued for; the current one when absent. */
        projectId: z.string().optional(),
      })
      .strict(),
    response: queuedViewSchema,
  },
  'outbox.droppedValues': {
    request: z.object({ batchId: id }).strict(),
    response: z.array(z.object({ field: z.string(), example: z.string(), rows: z.number().int() })),
  },
  'outbox.queueReward': { request: z.object({ request: rewardRequestSchema, projectId: z.string().optional() }).strict(), response: operationViewSchema },
  'outbox.queueDelete': {
    request: z.object({ codes: z.array(z.string().min(1)).min(1).max(10_000), force: z.boolean(), projectId: z.string().optional() }).strict(),
    response: queuedViewSchema,
  },
  'outbox.dryRun': {
    request: projectRef,
    response: z.object({
      target: z.string(),
      project: projectViewSchema,
      operations: z.array(planOperation),
      requests: z.number().int(),
      codes: z.number().int(),
      bytes: z.number().int(),
      calls: z.object({ writes: z.number(), looks: z.number(), reconcile: z.number(), tokens: z.number(), total: z.number() }),
      budget: z.object({ limit: z.number(), remaining: z.number(), known: z.boolean() }),
      fits: z.boolean(),
      message: z.string(),
    }),
  },
  'outbox.list': { request: noRequest, response: z.array(operationViewSchema) },
  'outbox.requests': { request: opRef, response: z.array(requestViewSchema) },
  'outbox.failures': {
    request: z.object({ opId: id, offset: z.number().int().min(0), limit: z.number().int().min(1).max(1000) }).strict(),
    response: z.object({
      total: z.number().int(),
      failures: z.array(z.object({ idx: z.number().int(), row: z.number().int().nullable(), code: z.string(), reason: z.string() })),
    }),
  },
  'outbox.present': {
    request: z.object({ opId: id, offset: z.number().int().min(0), limit: z.number().int().min(1).max(1000) }).strict(),
    response: z.object({
      total: z.number().int(),
      codes: z.array(z.object({ idx: z.number().int(), row: z.number().int().nullable(), code: z.string(), reason: z.string() })),
    }),
  },
  'outbox.retry': { request: opRef, response: operationViewSchema },
  'outbox.cancel': { request: opRef, response: operationViewSchema },
  /** A sync that writes to a production project needs the project's name typed in `confirmName`. */
  'sync.start': { request: syncRequest, response: syncStatusSchema },
  'sync.pause': { request: noRequest, response: syncStatusSchema },
  'sync.resume': { request: syncRequest, response: syncStatusSchema },
  'sync.status': { request: noRequest, response: syncStatusSchema },
} as const satisfies Record<OutboxChannel, { request: z.ZodType; response: z.ZodType }>;

export type OperationView = z.output<typeof operationViewSchema>;
export type QueuedView = z.output<typeof queuedViewSchema>;
export type RequestView = z.output<typeof requestViewSchema>;
export type SyncStatusView = z.output<typeof syncStatusSchema>;
