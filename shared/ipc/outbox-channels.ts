// Names only, so the preload can list them without bundling the schemas (see outbox.ts).
export const outboxChannels = [
  'outbox.queueBatch',
  'outbox.droppedValues',
  'outbox.queueReward',
  'outbox.queueDelete',
  'outbox.dryRun',
  'outbox.list',
  'outbox.requests',
  'outbox.failures',
  'outbox.present',
  'outbox.retry',
  'outbox.cancel',
  'sync.start',
  'sync.pause',
  'sync.resume',
  'sync.status',
] as const;

export type OutboxChannel = (typeof outboxChannels)[number];
