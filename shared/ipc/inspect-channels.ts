// Names only, so the preload can list them without bundling the schemas (see inspect.ts).
export const inspectChannels = [
  'publications.list',
  'publications.pull',
  'publications.cached',
  'publications.stats',
  'publications.export',
  'stacks.pull',
  'stacks.cached',
  'earningRules.get',
  'rewards.pull',
  'rewards.cached',
] as const;

export type InspectChannel = (typeof inspectChannels)[number];
