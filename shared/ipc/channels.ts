import { batchChannels } from './batch-channels';
import { inspectChannels } from './inspect-channels';
import { libraryHealthChannels } from './library-health-channels';
import { outboxChannels } from './outbox-channels';
import { projectsChannels } from './projects-channels';
import { settingsChannels } from './settings-channels';

// Channel names on their own, so the preload can list them without bundling the schemas.
export const invokeChannels = [
  'app.info',
  'update.getStatus',
  'update.check',
  'update.download',
  'update.install',
  ...batchChannels,
  ...settingsChannels,
  ...projectsChannels,
  ...outboxChannels,
  ...inspectChannels,
  ...libraryHealthChannels,
] as const;

// Events flow one way, main -> renderer.
export const eventChannels = ['update.status', 'sync.progress', 'csv.importProgress', 'publications.pullProgress'] as const;

export type InvokeChannel = (typeof invokeChannels)[number];
export type EventChannel = (typeof eventChannels)[number];

const invokeSet: ReadonlySet<string> = new Set(invokeChannels);
const eventSet: ReadonlySet<string> = new Set(eventChannels);

export function isInvokeChannel(name: unknown): name is InvokeChannel {
  return typeof name === 'string' && invokeSet.has(name);
}

export function isEventChannel(name: unknown): name is EventChannel {
  return typeof name === 'string' && eventSet.has(name);
}
