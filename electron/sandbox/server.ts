import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { systemClock } from './clock';
import { openSandboxDb } from './db';
import { DocStore } from './docs';
import { Faults } from './faults';
import { JobRunner } from './jobs';
import { KeyStore } from './keys';
import { handle, type Pipeline } from './pipeline';
import { PublicationStore } from './publication-store';
import { RateLimiter } from './rate-limit';
import { RequestLog } from './request-log';
import { adminRoutes, type AdminHooks } from './routes/admin';
import { apiRoutes } from './routes';
import { seedProject } from './seed';
import { MAX_SEEDED_PUBLICATIONS } from './seed-history';
import type { SandboxState } from './state';
import { Stalls } from './stalls';
import { TokenStore } from './tokens';
import { CLUSTERS, type Cluster, type RunningSandbox, type SandboxOptions, type SandboxStats } from './types';
import { VoucherStore } from './voucher-store';

export type { PublicationDoc } from './publication-doc';
export type { Cluster, FaultSettings, RunningSandbox, SandboxOptions, SandboxRequestRecord, SandboxStats, Clock } from './types';
export { createManualClock, systemClock } from './clock';
export { SEED_EARNING_RULE_IDS } from './seed-earning-rules';

const DEFAULT_PORTION = 2_000;

/** Starts the sandbox service: one HTTP server per cluster on 127.0.0.1, the project on `cluster`. */
export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const clock = options.clock ?? systemClock;
  checkHistorySize(options.seedPublications);
  const hostCluster = options.cluster ?? 'api';
  const store = await openSandboxDb(options.dataFile);
  const docs = new DocStore(store.db);
  const keys = new KeyStore(clock);
  const credentials = keys.add(options.appId, options.appToken);
  const state: SandboxState = {
    clock,
    store,
    docs,
    publications: new PublicationStore(store.db, docs),
    vouchers: new VoucherStore(store.db),
    jobs: new JobRunner(docs, clock, options.jobPortionSize ?? DEFAULT_PORTION, () => store.touched()),
    keys,
    tokens: new TokenStore(clock),
    maxCodesPerCampaign: options.maxCodesPerCampaign ?? 100_000,
    webhookImports: [],
  };
  if (store.isNew) {
    seedProject(state, options.seedPublications);
    // Writing the new file at once turns a bad --data path into a clear error at start.
    await store.flush().catch((error: Error) => {
      store.db.close();
      throw new Error(`cannot write the data file ${options.dataFile}: ${error.message}`);
    });
  } else {
    try {
      state.publications.check();
    } catch (error) {
      store.db.close();
      throw new Error(`cannot open the data file ${options.dataFile}: ${(error as Error).message}`, { cause: error });
    }
  }
  const faults = new Faults(options.faults);
  const log = new RequestLog();
  const stalls = new Stalls();
  const urls = {} as Record<Cluster, string>;
  const stats = (): SandboxStats => ({
    requests: pipeline.counters.requests,
    tokensMinted: state.tokens.minted,
    liveTokens: state.tokens.liveCount(),
    jobsQueued: state.jobs.queued(),
    vouchers: state.vouchers.count(),
    vouchersInBin: state.vouchers.binCount(),
    csvImports: state.webhookImports.map((w) => ({ ...w })),
  });
  const hooks: AdminHooks = {
    setFaults: (f) => faults.set(f),
    stats,
    requestLog: () => log.records(),
    blockKey: (appId) => keys.disable(appId, 'blocked'),
    unblockKey: (appId) => {
      keys.unblock(appId);
      // Tokens the block killed stay dead; the key mints new ones.
      state.tokens.revokeAll(appId);
    },
  };
  const pipeline: Pipeline = {
    state,
    routes: apiRoutes,
    adminRoutes: adminRoutes(hooks),
    hostCluster,
    urls,
    faults,
    rateLimiter: new RateLimiter(options.rateLimit, clock),
    counters: { requests: 0 },
    log,
    stalls,
  };
  const servers: Server[] = [];
  try {
    for (const [i, cluster] of CLUSTERS.entries()) {
      // A failure after the answer started (a client gone mid-write) must not take the sandbox down.
      const server = createServer((req, res) => void handle(pipeline, cluster, req, res).catch(() => res.destroy()));
      servers.push(server);
      const offset = (CLUSTERS.length + i - CLUSTERS.indexOf(hostCluster)) % CLUSTERS.length;
      const port = await listen(server, options.port ? options.port + offset : 0, offset > 0);
      urls[cluster] = `http://127.0.0.1:${port}`;
    }
  } catch (error) {
    await Promise.all(servers.map(closeServer));
    await store.close();
    throw error;
  }

  return {
    urls,
    hostCluster,
    credentials,
    clock,
    setFaults: hooks.setFaults,
    blockKey: hooks.blockKey,
    unblockKey: hooks.unblockKey,
    deleteKey: (appId) => keys.disable(appId, 'deleted'),
    regenerateKey: (appId) => keys.regenerate(appId),
    addKey: () => keys.add(),
    stats,
    requestLog: hooks.requestLog,
    publicationDocs: () => state.publications.all(),
    async close() {
      state.jobs.stop();
      stalls.endAll();
      await Promise.all(servers.map(closeServer));
      await store.close();
    },
  };
}

function checkHistorySize(n: number | undefined): void {
  if (n !== undefined && !(Number.isInteger(n) && n >= 0 && n <= MAX_SEEDED_PUBLICATIONS)) {
    throw new Error(`seedPublications must be a whole number from 0 to ${MAX_SEEDED_PUBLICATIONS.toLocaleString('en-US')}, got ${n}.`);
  }
}

/** Listens on 127.0.0.1; a taken neighbour port (`fallback`) gives way to a random free one. */
function listen(server: Server, port: number, fallback: boolean): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException): void => {
      if (fallback && port !== 0 && error.code === 'EADDRINUSE') {
        listen(server, 0, false).then(resolve, reject);
      } else {
        reject(error);
      }
    };
    server.once('error', onError);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
