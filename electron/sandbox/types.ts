import type { PublicationDoc } from './publication-doc';

export type Cluster = 'api' | 'us1.api' | 'as1.api';
export const CLUSTERS: readonly Cluster[] = ['api', 'us1.api', 'as1.api'];

export interface Clock {
  now(): number;
}

/**
 * Which requests a targeted fault hits: `method` compares case-insensitively; `path` matches a URL
 * pathname equal to it or starting with `path + '/'`. Without either, any API request is hit.
 */
export interface RequestMatch {
  method?: string;
  path?: string;
}

export interface FaultSettings {
  latencyMs?: number;
  /** Not carried out: answered `status` with the service's error object. */
  failNext?: { count: number; status: 500 | 502 | 503 | 504 } & RequestMatch;
  failRate?: number;
  dropNextWrites?: number;
  dropRate?: number;
  /** Carried out, then answered `status` with a proxy's HTML page (default) or an empty body. */
  gatewayNext?: { count: number; status: 500 | 502 | 504; body?: 'html' | 'empty' } & RequestMatch;
  /** Not carried out: answered 429 with the error object, Retry-After and the X-Rate-Limit-* headers. */
  rateLimitNext?: { count: number; retryAfterSeconds: number } & RequestMatch;
  /** Carried out, then the connection is destroyed with no answer. */
  dropNext?: { count: number } & RequestMatch;
  /** Carried out, then the answer is held `ms` milliseconds before it is sent. */
  stallNext?: { count: number; ms: number } & RequestMatch;
}

export type FaultKind = 'gateway' | 'rate-limit' | 'fail' | 'drop' | 'stall';

/** One API request as the sandbox saw and answered it (admin routes under /__sandbox/ are not logged). */
export interface SandboxRequestRecord {
  /** Arrival order, from 1. */
  seq: number;
  /** Arrival time, ISO, on the sandbox clock. */
  at: string;
  /**
   * Arrival on the machine's own clock (Date.now()), whatever the sandbox clock says, so a client in
   * another process can be timed against it (e.g. from its start to its first request).
   */
  receivedAtMs: number;
  method: string;
  /** The URL pathname, codes percent-encoded as received. */
  path: string;
  /** The key pair's or token's app id when known. */
  appId: string | null;
  /** The status the client got; 0 when the connection was dropped. */
  status: number;
  fault: FaultKind | null;
  /** The handler ran and its effect was kept. */
  carriedOut: boolean;
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
  /**
   * Seeds a two-year history of this many publications (0..300,000) ending at the clock's now,
   * instead of the thirty default ones; only a new project is seeded (an existing data file is kept).
   */
  seedPublications?: number;
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
  /** Makes a blocked key work again; its old tokens stay dead, new ones can be minted. */
  unblockKey(appId: string): void;
  deleteKey(appId: string): void;
  regenerateKey(appId: string): string;
  addKey(): { appId: string; appToken: string };
  stats(): SandboxStats;
  /** The last 200,000 API requests in the order they were answered (`seq` gives arrival order). */
  requestLog(): SandboxRequestRecord[];
  /**
   * Every publication the sandbox lists, as stored: the list item (`item`) and the values its
   * filters read (`facts`); the seeded history in time order, then any others. Read-only.
   */
  publicationDocs(): readonly PublicationDoc[];
  close(): Promise<void>;
}
