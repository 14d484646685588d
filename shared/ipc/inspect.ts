import { z } from 'zod';
import { PUBLICATION_ORDERS, PUBLICATION_RESULTS, PUBLICATION_VOUCHER_TYPES } from '../api/publications-query';
import { STACKS_PAGE_MAX } from '../api/query-checks';
import { STACK_ORDERS } from '../api/stacks-query';
import { FILTER_FIELDS, FILTER_OPERATORS } from '../domain/publication-filter';
import type { InspectChannel } from './inspect-channels';
import { HISTORY_BUCKETS, historyNarrowingSchema, publicationPullModeSchema, publicationStatsSchema } from './publication-history';

// Reading the service's history: publications (live or from the offline cache), promotion stacks,
// earning rules and rewards. Items are passed on as the service sent them (tolerant reader); the
// renderer shows what it knows and ignores the rest.

/** The service pages publications only up to page 1000. */
export const PUBLICATIONS_PAGE_MAX = 1000;

const item = z.record(z.string(), z.unknown());
const conditions = z.partialRecord(z.enum(FILTER_OPERATORS), z.union([z.string(), z.array(z.string()), z.literal(true)]));

export const publicationSelectionSchema = z
  .object({
    order: z.enum(PUBLICATION_ORDERS).optional(),
    campaign: z.string().min(1).optional(),
    customer: z.string().min(1).optional(),
    voucher: z.string().min(1).optional(),
    result: z.enum(PUBLICATION_RESULTS).optional(),
    voucher_type: z.enum(PUBLICATION_VOUCHER_TYPES).optional(),
    is_referral_code: z.boolean().optional(),
    source_id: z.string().min(1).optional(),
    filters: z
      .object({ junction: z.enum(['and', 'or']).optional() })
      .catchall(z.object({ conditions }))
      .refine((f) => Object.keys(f).every((k) => k === 'junction' || (FILTER_FIELDS as readonly string[]).includes(k)), {
        message: `filters may name only ${FILTER_FIELDS.join(', ')} and junction`,
      })
      .optional(),
  })
  .strict();

const paging = { limit: z.number().int().min(1).max(100), page: z.number().int().min(1).max(PUBLICATIONS_PAGE_MAX) };
const listAnswer = z.object({ total: z.number().int(), items: z.array(item) });
const dateRange = z.object({ before: z.string().optional(), after: z.string().optional() }).strict();
const pullAnswer = z.object({ items: z.number().int(), total: z.number().int(), complete: z.boolean(), notice: z.string().optional() });
/** When the cache was last filled for this kind and target (null: never); the items are read from it. */
const cachedAnswer = listAnswer.extend({ lastPullAt: z.string().nullable() });

/** Spec 4.8's query; one campaign's stacks (spec 4.7) take no other parameter. */
const stackSelection = {
  campaignId: z.string().min(1).optional(),
  order: z.enum(STACK_ORDERS).optional(),
  created_at: dateRange.optional(),
  updated_at: dateRange.optional(),
};

export const inspectContract = {
  'publications.list': {
    request: z.object({ selection: publicationSelectionSchema, ...paging }).strict(),
    response: listAnswer,
  },
  'publications.pull': {
    // incremental (default): newest first until the known history is reached; full: the whole history again.
    request: z.object({ selection: publicationSelectionSchema, mode: publicationPullModeSchema.optional() }).strict(),
    response: pullAnswer.extend({ added: z.number().int().min(0), requests: z.number().int().min(0) }),
  },
  'publications.cached': {
    request: z
      .object({
        selection: publicationSelectionSchema,
        narrowing: historyNarrowingSchema.optional(),
        offset: z.number().int().min(0),
        limit: z.number().int().min(1).max(1000),
      })
      .strict(),
    response: listAnswer.extend({ undetermined: z.number().int(), lastPullAt: z.string().nullable() }),
  },
  'publications.stats': {
    request: z
      .object({ selection: publicationSelectionSchema, narrowing: historyNarrowingSchema.optional(), by: z.enum(HISTORY_BUCKETS), timeZone: z.string().min(1) })
      .strict(),
    response: publicationStatsSchema,
  },
  'publications.export': {
    // The filtered list from the cache as CSV, in the selection's order; the renderer saves it.
    request: z.object({ selection: publicationSelectionSchema, narrowing: historyNarrowingSchema.optional(), timeZone: z.string().min(1) }).strict(),
    response: z.object({ filename: z.string(), csv: z.string(), rows: z.number().int().min(0) }),
  },
  'stacks.pull': { request: z.object(stackSelection).strict(), response: pullAnswer },
  'stacks.cached': {
    request: z.object({ ...stackSelection, limit: paging.limit, page: z.number().int().min(1).max(STACKS_PAGE_MAX) }).strict(),
    response: cachedAnswer,
  },
  'earningRules.get': {
    // offline: read the copy cached by the last live look-up for the current target; no network.
    request: z.object({ id: z.string().min(1), offline: z.boolean().optional() }).strict(),
    response: z.object({ rule: z.looseObject({ id: z.string() }), fetchedAt: z.string(), offline: z.boolean() }).strict(),
  },
  'rewards.pull': { request: z.object({}).strict(), response: pullAnswer },
  'rewards.cached': { request: z.object(paging).strict(), response: cachedAnswer },
} as const satisfies Record<InspectChannel, { request: z.ZodType; response: z.ZodType }>;

export type PublicationSelectionView = z.input<typeof publicationSelectionSchema>;
