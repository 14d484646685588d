// Names only, so the preload can list them without bundling the schemas (see inspect.ts).
export const inspectChannels = [
  'publications.list',
  'publications.pull',
  'publications.cached',
  'stacks.list',
  'earningRules.get',
  'rewards.list',
] as const;

export type InspectChannel = (typeof inspectChannels)[number];
