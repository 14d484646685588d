import { z } from 'zod';
import { PROJECT_KINDS } from '../domain/project';
import type { ProjectsChannel } from './projects-channels';

// The projects the app syncs to. A key pair goes from the renderer to main once, when entered;
// nothing comes back but the app id and a masked token.

export const projectViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** `eu`, `us`, `as`, or a base URL. */
  location: z.string(),
  /** The region in words, e.g. "Europe (https://api.voucherify.io)". */
  locationLabel: z.string(),
  appId: z.string(),
  kind: z.enum(PROJECT_KINDS),
  maskedToken: z.string().nullable(),
  current: z.boolean(),
});

export const projectHoldingsSchema = z.object({
  openOperations: z.number().int(),
  publications: z.number().int(),
  stacks: z.number().int(),
  rewards: z.number().int(),
  earningRules: z.number().int(),
});

const list = { response: z.array(projectViewSchema) };
const projectId = z.string().min(1).max(200);
const name = z.string().min(1).max(64);
const keyPair = { appId: z.string().min(1).max(500), appToken: z.string().min(1).max(2000) };

export const projectsContract = {
  'projects.list': { request: z.object({}).strict(), ...list },
  'projects.add': {
    request: z.object({ name, location: z.string().min(1).max(2000), kind: z.enum(PROJECT_KINDS), ...keyPair }).strict(),
    ...list,
  },
  'projects.rename': { request: z.object({ id: projectId, name }).strict(), ...list },
  'projects.use': { request: z.object({ id: projectId }).strict(), ...list },
  'projects.saveKeys': { request: z.object({ id: projectId, ...keyPair }).strict(), ...list },
  /** A project holding queued operations or a cache is removed only with its name typed in `confirmName`. */
  'projects.remove': {
    request: z.object({ id: projectId, confirmName: z.string().max(64).optional() }).strict(),
    response: z.object({ removed: z.boolean(), holdings: projectHoldingsSchema, message: z.string(), projects: z.array(projectViewSchema) }),
  },
} as const satisfies Record<ProjectsChannel, { request: z.ZodType; response: z.ZodType }>;

export type ProjectView = z.output<typeof projectViewSchema>;
export type ProjectHoldingsView = z.output<typeof projectHoldingsSchema>;
