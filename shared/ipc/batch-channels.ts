// Names only, so the preload can list them without bundling the schemas (see batches.ts).
export const batchChannels = [
  'batches.list',
  'batches.get',
  'batches.create',
  'batches.rename',
  'batches.duplicate',
  'batches.delete',
  'batches.restore',
  'batches.setDefaults',
  'drafts.page',
  'drafts.add',
  'drafts.edit',
  'drafts.delete',
  'drafts.generate',
  'drafts.history',
  'drafts.undo',
  'drafts.redo',
  'csv.uploadStart',
  'csv.uploadChunk',
  'csv.preview',
  'csv.import',
  'csv.export',
  'csv.exportRead',
] as const;

export type BatchChannel = (typeof batchChannels)[number];
