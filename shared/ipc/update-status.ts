import { z } from 'zod';

const version = z.string().min(1);

/**
 * What the updater is doing, as the renderer sees it. Downloading and installing happen only after
 * the user asked for them; `waiting-for-sync` means the user consented to install while a sync was
 * running, and the install starts as soon as the sync is idle.
 */
export const updateStatusSchema = z.discriminatedUnion('phase', [
  z.object({ phase: z.literal('disabled'), reason: z.string() }),
  z.object({ phase: z.literal('idle') }),
  z.object({ phase: z.literal('checking') }),
  z.object({ phase: z.literal('up-to-date'), checkedAt: z.number() }),
  z.object({ phase: z.literal('available'), version, releaseDate: z.string().optional() }),
  z.object({ phase: z.literal('downloading'), version, percent: z.number().min(0).max(100) }),
  z.object({ phase: z.literal('downloaded'), version }),
  z.object({ phase: z.literal('waiting-for-sync'), version }),
  z.object({ phase: z.literal('installing'), version }),
  z.object({
    phase: z.literal('error'),
    during: z.enum(['check', 'download', 'install']),
    message: z.string(),
  }),
]);

export type UpdateStatus = z.infer<typeof updateStatusSchema>;
export type UpdatePhase = UpdateStatus['phase'];
