export type Cluster = 'api' | 'us1.api' | 'as1.api';
export const CLUSTERS: readonly Cluster[] = ['api', 'us1.api', 'as1.api'];

export interface Clock {
  now(): number;
}

export interface FaultSettings {
  latencyMs?: number;
  failNext?: { count: number; status: 500 | 503 };
  failRate?: number;
  dropNextWrites?: number;
  dropRate?: number;
}

export interface RateLimitSettings {
  perMinute?: number;
  perHour?: number;
}

export interface SandboxOptions {
  cluster?: Cluster;
  port?: number;
  appId?: string;
  appToken?: string;
  dataFile?: string;
  rateLimit?: RateLimitSettings;
  clock?: Clock;
  faults?: FaultSettings;
  /** Codes handled per turn of the round-robin job runner. */
  jobPortionSize?: number;
  /** Codes a campaign may hold (the service's default is 100,000); lower it to test the limit. */
  maxCodesPerCampaign?: number;
}

export interface SandboxStats {
  requests: number;
  tokensMinted: number;
  liveTokens: number;
  jobsQueued: number;
  vouchers: number;
  vouchersInBin: number;
  /** Every CSV import with its `webhooks_enable` flag, in arrival order. */
  csvImports: { asyncActionId: string; webhooksEnable: boolean }[];
}

export interface RunningSandbox {
  urls: Record<Cluster, string>;
  hostCluster: Cluster;
  credentials: { appId: string; appToken: string };
  clock: Clock;
  setFaults(faults: FaultSettings): void;
  blockKey(appId: string): void;
  deleteKey(appId: string): void;
  regenerateKey(appId: string): string;
  addKey(): { appId: string; appToken: string };
  stats(): SandboxStats;
  close(): Promise<void>;
}
