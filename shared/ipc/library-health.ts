import { z } from 'zod';
import type { LibraryHealthChannel } from './library-health-channels';

// What the "library needs attention" screen shows when the app's data cannot be opened: which file,
// what is wrong, what the user can do, and the kept copies to restore. Paths are inside the data
// folder, which is the user's own (Settings shows it); nothing here is a key or a token.

export const DATABASE_NAMES = ['library', 'outbox', 'cache'] as const;

const keptCopySchema = z.object({
  id: z.string(),
  database: z.enum(DATABASE_NAMES),
  takenAt: z.string(),
  lastCommit: z.number(),
  bytes: z.number(),
});

const databaseHealthSchema = z.object({
  database: z.enum(DATABASE_NAMES),
  ok: z.boolean(),
  problems: z.array(z.object({ file: z.string(), problem: z.string() })),
  advice: z.string(),
  keptCopies: z.array(keptCopySchema),
});

export const libraryHealthSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('ok') }),
  z.object({
    state: z.literal('attention'),
    /** Why opening failed, as the store said it. */
    message: z.string(),
    dir: z.string(),
    databases: z.array(databaseHealthSchema),
    /** Start fresh is offered only when a file is damaged or missing, not when, say, another process holds the folder. */
    canStartFresh: z.boolean(),
  }),
]);

const repairSchema = z.object({
  health: libraryHealthSchema,
  /** Files moved aside (never deleted) to make room, relative to the data folder. */
  setAside: z.array(z.string()),
});

export const libraryHealthContract = {
  'libraryHealth.get': { request: z.object({}).strict(), response: libraryHealthSchema },
  'libraryHealth.restore': {
    request: z.object({ database: z.enum(DATABASE_NAMES), copyId: z.string().min(1).max(200) }).strict(),
    /** `summary`: what the restore replayed from the journal and what it lost, in sentences. */
    response: repairSchema.extend({ restored: keptCopySchema, summary: z.string() }),
  },
  // The literal is the user's confirmation: start fresh moves every data file aside.
  'libraryHealth.startFresh': { request: z.object({ confirm: z.literal(true) }).strict(), response: repairSchema },
} as const satisfies Record<LibraryHealthChannel, { request: z.ZodType; response: z.ZodType }>;

export type LibraryHealthView = z.output<typeof libraryHealthSchema>;
export type DatabaseHealthView = z.output<typeof databaseHealthSchema>;
export type KeptCopyView = z.output<typeof keptCopySchema>;
