export const views = [
  { id: 'batches', label: 'Batches' },
  { id: 'outbox', label: 'Outbox' },
  { id: 'publications', label: 'Publications' },
  { id: 'stacks', label: 'Promotion stacks' },
  { id: 'rewards', label: 'Rewards' },
  { id: 'earning-rules', label: 'Earning rules' },
  { id: 'settings', label: 'Settings' },
] as const;

export type ViewId = (typeof views)[number]['id'];
