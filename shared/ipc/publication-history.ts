import { z } from 'zod';

// The offline history dashboard's contract: narrowing the service's own selection by what only the
// cache can filter on (a time range and a channel), the numbers the dashboard and
// `voucher-desk publications stats` show, and the CSV export of a filtered list.

/** ISO 8601 instants; `from` inclusive, `to` exclusive. `channel` is matched exactly. */
export const historyNarrowingSchema = z
  .object({
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
    channel: z.string().min(1).optional(),
  })
  .strict();

export const HISTORY_BUCKETS = ['day', 'week', 'month'] as const;
export type HistoryBucketSize = (typeof HISTORY_BUCKETS)[number];

const count = z.number().int().min(0);

export const historyBucketSchema = z.object({
  /** The bucket's first instant (local midnight of its day, Monday of its week, first of its month), ISO with offset. */
  start: z.string(),
  /** The next bucket's first instant: the bucket is [start, end). */
  end: z.string(),
  total: count,
  byResult: z.object({ SUCCESS: count, FAILURE: count }),
  /** Publications per channel in this bucket; channels with none are left out. */
  byChannel: z.record(z.string(), count),
});

export const publicationStatsSchema = z.object({
  /** Publications the selection and narrowing answer in the cache. */
  total: count,
  succeeded: count,
  failed: count,
  /** Cached publications the cache cannot decide on for this selection (see publications.cached). */
  undetermined: count,
  by: z.enum(HISTORY_BUCKETS),
  timeZone: z.string(),
  /** Every bucket from the first to the last publication (or the narrowing's range), empty ones included. */
  buckets: z.array(historyBucketSchema),
  /** Channels seen, most publications first. */
  channels: z.array(z.object({ channel: z.string(), count })),
  /** The ten campaigns with the most publications; `name` null for codes without a campaign, unknown ones counted apart. */
  topCampaigns: z.array(z.object({ name: z.string().nullable(), count })),
  campaignUnknown: count,
  /** Failure codes by count, each with its messages by count. */
  failures: z.array(z.object({ code: z.string().nullable(), count, messages: z.array(z.object({ message: z.string().nullable(), count })) })),
  referral: z.object({ referral: count, other: count, unknown: count }),
  firstAt: z.string().nullable(),
  lastAt: z.string().nullable(),
  lastPullAt: z.string().nullable(),
});

export type HistoryNarrowing = z.infer<typeof historyNarrowingSchema>;
export type HistoryBucket = z.infer<typeof historyBucketSchema>;
export type PublicationStats = z.infer<typeof publicationStatsSchema>;

export const publicationPullModeSchema = z.enum(['incremental', 'full']);
export type PublicationPullMode = z.infer<typeof publicationPullModeSchema>;

export const publicationPullPhaseSchema = z.enum(['listing', 'scheduled', 'downloading', 'storing']);
export type PublicationPullPhase = z.infer<typeof publicationPullPhaseSchema>;

/** A running publications pull, for a progress bar. */
export const publicationPullProgressSchema = z.object({
  mode: publicationPullModeSchema,
  pages: count,
  /** Publications stored so far by this pull. */
  items: count,
  /** The service's total for the query (a full pull reads all of it; an incremental one stops at the known history). */
  total: count,
  /** Publications new to the cache so far. */
  added: count,
  /**
   * What the pull is doing: reading list pages, or (a whole history) waiting for an export the
   * service is making, downloading its file, or storing its rows. Absent from older hosts.
   */
  phase: publicationPullPhaseSchema.optional(),
  /** With an export phase: which publications the export holds (`SUCCESS`, `FAILURE`) and its rows read so far. */
  part: z.string().optional(),
  rows: count.optional(),
});
export type PublicationPullProgress = z.infer<typeof publicationPullProgressSchema>;
