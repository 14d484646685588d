import { z } from 'zod';
import { batchContract } from './batches';
import type { InvokeChannel } from './channels';
import { inspectContract } from './inspect';
import { libraryHealthContract } from './library-health';
import { outboxContract } from './outbox';
import { projectsContract } from './projects';
import { settingsContract } from './settings';
import { updateStatusSchema } from './update-status';

export { invokeChannels, eventChannels, type InvokeChannel, type EventChannel } from './channels';
export { eventContract, type EventPayload, type SyncProgress } from './events';
export type { UpdateStatus } from './update-status';

interface ChannelSchemas {
  request: z.ZodType;
  response: z.ZodType;
}

const noRequest = z.object({}).strict();

// The one contract between renderer and main. Every channel has a request and a response schema;
// main parses each request with its schema before any service sees it.
export const invokeContract = {
  'app.info': {
    request: noRequest,
    response: z.object({ name: z.string(), version: z.string() }),
  },
  'update.getStatus': { request: noRequest, response: updateStatusSchema },
  'update.check': { request: noRequest, response: updateStatusSchema },
  // Calling these is the user's consent: nothing is downloaded or installed otherwise.
  'update.download': { request: noRequest, response: updateStatusSchema },
  'update.install': { request: noRequest, response: updateStatusSchema },
  ...batchContract,
  ...settingsContract,
  ...projectsContract,
  ...outboxContract,
  ...inspectContract,
  ...libraryHealthContract,
} as const satisfies Record<InvokeChannel, ChannelSchemas>;

/** What the renderer sends. */
export type InvokeRequest<C extends InvokeChannel> = z.input<(typeof invokeContract)[C]['request']>;
/** What a handler receives, after parsing. */
export type ParsedRequest<C extends InvokeChannel> = z.output<(typeof invokeContract)[C]['request']>;
export type InvokeResponse<C extends InvokeChannel> = z.output<(typeof invokeContract)[C]['response']>;
