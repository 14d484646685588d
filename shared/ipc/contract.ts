import { z } from 'zod';
import type { InvokeChannel } from './channels';

export { invokeChannels, type InvokeChannel } from './channels';

interface ChannelSchemas {
  request: z.ZodType;
  response: z.ZodType;
}

// The one contract between renderer and main. Every channel has a request and a response schema;
// main parses each request with its schema before any service sees it.
export const invokeContract = {
  'app.info': {
    request: z.object({}).strict(),
    response: z.object({ name: z.string(), version: z.string() }),
  },
} as const satisfies Record<InvokeChannel, ChannelSchemas>;

export type InvokeRequest<C extends InvokeChannel> = z.input<(typeof invokeContract)[C]['request']>;
export type InvokeResponse<C extends InvokeChannel> = z.output<(typeof invokeContract)[C]['response']>;

export interface Bridge {
  invoke<C extends InvokeChannel>(channel: C, request: InvokeRequest<C>): Promise<InvokeResponse<C>>;
}
