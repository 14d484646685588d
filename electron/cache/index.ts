// The offline cache: what other folders (the CLI, the host) import.
export { openCacheDatabase } from './open';
export { cacheMigrations } from './schema';
export { pullPublications, type PublicationPullOptions, type PublicationPullSummary } from './pull-publications';
export { AnswerMemo } from './answer-memo';
export { queryCachedPublications, CACHE_LIMIT_MAX, type CachedPublicationsPage, type CachedPublicationsQuery } from './query-publications';
export { pullStacks, pullCampaignStacks, queryCachedStacks, type CachedStacksQuery, type StackSelection } from './stacks';
export { pullRewards, listCachedRewards, countCachedRewards } from './rewards';
export { fetchEarningRule, getCachedEarningRule, type CachedEarningRule } from './earning-rules';
export { cachedPublicationStats, type PublicationStatsQuery } from './publication-stats';
export { exportCachedPublications, type PublicationExport, type PublicationExportQuery } from './publication-export';
export { listPulls, getPull, lastPullAt, type PullRecord, type PullKind, type PullStatus } from './pulls';
export type { PullOptions, PullProgress, PullSummary } from './run-pull';
export { cacheState, setCacheState, cachedTargets, cachedCounts, dropCachedTarget } from './state';
