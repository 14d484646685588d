import { openSandboxDb } from './db';
import { DocStore } from './docs';
import { ExportStore } from './export-store';
import { JobRunner } from './jobs';
import { KeyStore } from './keys';
import type { ProjectSpec } from './project-spec';
import { PublicationStore } from './publication-store';
import { RateLimiter } from './rate-limit';
import { seedProject } from './seed';
import type { SandboxState } from './state';
import { TokenStore } from './tokens';
import type { Clock, ProjectKind, SandboxStats } from './types';
import { VoucherStore } from './voucher-store';

const DEFAULT_PORTION = 2_000;

/** One project: its own data, keys, tokens, jobs and call budget, as isolated as the service's. */
export interface Project {
  name: string;
  kind: ProjectKind;
  /** The key pair it started with. */
  credentials: { appId: string; appToken: string };
  state: SandboxState;
  rateLimiter: RateLimiter;
}

export interface ProjectSettings {
  clock: Clock;
  jobPortionSize?: number;
  jobItemsPerSecond?: number;
  maxCodesPerCampaign?: number;
  seedPublications?: number;
}

/** Opens (and seeds, when new) one project's data; throws a clear error for a bad data file. */
export async function openProject(spec: ProjectSpec, settings: ProjectSettings): Promise<Project> {
  const { clock } = settings;
  const store = await openSandboxDb(spec.dataFile);
  const docs = new DocStore(store.db);
  const keys = new KeyStore(clock);
  const credentials = keys.add(spec.appId, spec.appToken);
  const publications = new PublicationStore(store.db, docs);
  const jobs = new JobRunner(docs, clock, settings.jobPortionSize ?? DEFAULT_PORTION, () => store.touched(), settings.jobItemsPerSecond);
  const state: SandboxState = {
    clock,
    store,
    docs,
    publications,
    vouchers: new VoucherStore(store.db, store.persistent),
    jobs,
    // Exports live in memory only: a restarted sandbox has none, as if they had expired.
    exports: new ExportStore(clock, jobs, publications),
    keys,
    tokens: new TokenStore(clock),
    maxCodesPerCampaign: settings.maxCodesPerCampaign ?? 100_000,
    webhookImports: [],
  };
  if (store.isNew) {
    seedProject(state, settings.seedPublications, spec.seedTag);
    // Writing the new file at once turns a bad --data path into a clear error at start.
    await store.flush().catch((error: Error) => {
      store.db.close();
      throw new Error(`cannot write the data file ${spec.dataFile}: ${error.message}`);
    });
  } else {
    try {
      state.publications.check();
    } catch (error) {
      store.db.close();
      throw new Error(`cannot open the data file ${spec.dataFile}: ${(error as Error).message}`, { cause: error });
    }
  }
  return { name: spec.name, kind: spec.kind, credentials, state, rateLimiter: new RateLimiter(spec.rateLimit, clock) };
}

/** Stops the project's jobs and saves and closes its data. */
export async function closeProject(project: Project): Promise<void> {
  project.state.jobs.stop();
  await project.state.store.close();
}

/** The project's counters; `requests` is the sandbox's, given by the caller. */
export function projectStats(project: Project, requests: number): SandboxStats {
  const { state } = project;
  return {
    requests,
    tokensMinted: state.tokens.minted,
    liveTokens: state.tokens.liveCount(),
    jobsQueued: state.jobs.queued(),
    vouchers: state.vouchers.count(),
    vouchersInBin: state.vouchers.binCount(),
    csvImports: state.webhookImports.map((w) => ({ ...w })),
  };
}
