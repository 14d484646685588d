import type { PublicationDoc } from './publication-doc';

export type Cluster = 'api' | 'us1.api' | 'as1.api';
export const CLUSTERS: readonly Cluster[] = ['api', 'us1.api', 'as1.api'];

/** The download clusters: they serve export files only, each beside its API cluster. */
export type DownloadCluster = 'download' | 'us1.download' | 'as1.download';
export const DOWNLOAD_CLUSTERS: readonly DownloadCluster[] = ['download', 'us1.download', 'as1.download'];

/** The download cluster of an API cluster (api -> download, us1.api -> us1.download). */
export function downloadClusterOf(cluster: Cluster): DownloadCluster {
  return DOWNLOAD_CLUSTERS[CLUSTERS.indexOf(cluster)] as DownloadCluster;
}

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
  /** The next `count` exports created end in status ERROR instead of DONE. */
  failExportNext?: { count: number };
  /** The next `count` export downloads close the connection after `afterBytes` bytes of the file. */
  cutDownloadNext?: { count: number; afterBytes: number };
}

export type FaultKind = 'gateway' | 'rate-limit' | 'fail' | 'drop' | 'stall' | 'cut';

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
  /** The project whose accepted key pair or live token the request carried; absent when none was. */
  project?: string;
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

export type ProjectKind = 'production' | 'sandbox-project';

/** One project of the sandbox; its key pair is generated when not given. */
export interface SandboxProjectOptions {
  /** 1 to 40 letters, digits, "-" or "_", starting with a letter or a digit; unique ignoring case. */
  name: string;
  appId?: string;
  appToken?: string;
  /** The account's sandbox project: fixed at 100 API calls an hour, whatever `rateLimit` says. */
  sandboxProject?: boolean;
}

export interface SandboxOptions {
  cluster?: Cluster;
  port?: number;
  /** The key pair of the one project (named `default`) made when `projects` is absent. */
  appId?: string;
  appToken?: string;
  /**
   * Several projects on the one address, each with its own key pair and data; the key pair (or a
   * token it minted) selects the project. The first is the default of every per-project read.
   */
  projects?: SandboxProjectOptions[];
  /** The first project's file; project NAME after it keeps its data in `<dataFile>.NAME`. */
  dataFile?: string;
  /** The production projects' budget; the sandbox project has 100 calls an hour. */
  rateLimit?: RateLimitSettings;
  clock?: Clock;
  faults?: FaultSettings;
  /** Codes handled per turn of the round-robin job runner. */
  jobPortionSize?: number;
  /**
   * The most items a second the jobs work through together, like a service with its own pace; none:
   * as fast as this process can. A test that must see a job running at a look sets it.
   */
  jobItemsPerSecond?: number;
  /** Codes a campaign may hold (the service's default is 100,000); lower it to test the limit. */
  maxCodesPerCampaign?: number;
  /**
   * Seeds a two-year history of this many publications (0..1,000,000) ending at the clock's now,
   * instead of the thirty default ones; only a new project is seeded (an existing data file is kept).
   */
  seedPublications?: number;
}

export interface SandboxStats {
  /** API requests the sandbox received, every project's. */
  requests: number;
  tokensMinted: number;
  liveTokens: number;
  jobsQueued: number;
  vouchers: number;
  vouchersInBin: number;
  /** Every CSV import with its `webhooks_enable` flag, in arrival order. */
  csvImports: { asyncActionId: string; webhooksEnable: boolean }[];
}

export interface RunningProject {
  name: string;
  kind: ProjectKind;
  credentials: { appId: string; appToken: string };
}

export interface RunningSandbox {
  urls: Record<Cluster, string>;
  /** The download clusters' addresses; only the hosting cluster's serves the projects' export files. */
  downloadUrls: Record<DownloadCluster, string>;
  hostCluster: Cluster;
  /** The first project's key pair. */
  credentials: { appId: string; appToken: string };
  /** Every project, in the order given; all on the hosting cluster's address. */
  projects: RunningProject[];
  clock: Clock;
  /** Faults are the sandbox's, not a project's: they hit every project's requests. */
  setFaults(faults: FaultSettings): void;
  /** Key operations find the key's project by its app id. */
  blockKey(appId: string): void;
  /** Makes a blocked key work again; its old tokens stay dead, new ones can be minted. */
  unblockKey(appId: string): void;
  deleteKey(appId: string): void;
  regenerateKey(appId: string): string;
  /** Another key pair of `project` (default: the first). */
  addKey(project?: string): { appId: string; appToken: string };
  /** Counters of `project` (default: the first); an unknown name throws. */
  stats(project?: string): SandboxStats;
  /** The last 200,000 API requests in the order they were answered (`seq` gives arrival order). */
  requestLog(): SandboxRequestRecord[];
  /**
   * Every publication the sandbox lists, as stored: the list item (`item`) and the values its
   * filters read (`facts`); the seeded history in time order, then any others. Read-only.
   * `project` defaults to the first; an unknown name throws.
   */
  publicationDocs(project?: string): readonly PublicationDoc[];
  /** Adds `count` new publications, newer than every other, to `project` (default: the first). */
  appendPublications(count: number, project?: string): { appended: number; total: number };
  close(): Promise<void>;
}
