import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { systemClock } from './clock';
import { Faults } from './faults';
import { handle, type Pipeline } from './pipeline';
import { closeProject, openProject, projectStats, type Project } from './project';
import { ProjectSet } from './project-set';
import { projectSpecs } from './project-spec';
import { RequestLog } from './request-log';
import { appendPublications } from './publication-append';
import { adminRoutes, type AdminHooks } from './routes/admin';
import { apiRoutes, downloadRoutes } from './routes';
import { MAX_SEEDED_PUBLICATIONS } from './seed-history';
import { Stalls } from './stalls';
import { CLUSTERS, DOWNLOAD_CLUSTERS, type Cluster, type DownloadCluster, type RunningSandbox, type SandboxOptions } from './types';

export type { PublicationDoc } from './publication-doc';
export type {
  Cluster,
  DownloadCluster,
  FaultSettings,
  ProjectKind,
  RunningProject,
  RunningSandbox,
  SandboxOptions,
  SandboxProjectOptions,
  SandboxRequestRecord,
  SandboxStats,
  Clock,
} from './types';
export { createManualClock, systemClock } from './clock';
export { SEED_EARNING_RULE_IDS } from './seed-earning-rules';
export { SANDBOX_PROJECT_RATE_LIMIT } from './project-spec';

/**
 * Starts the sandbox service: one HTTP server per cluster on 127.0.0.1, every project on `cluster`
 * (the key pair selects the project, as on the service).
 */
export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const clock = options.clock ?? systemClock;
  checkHistorySize(options.seedPublications);
  const specs = projectSpecs(options);
  const hostCluster = options.cluster ?? 'api';
  const opened: Project[] = [];
  try {
    for (const spec of specs) opened.push(await openProject(spec, { ...options, clock }));
  } catch (error) {
    await Promise.all(opened.map(closeProject));
    throw error;
  }
  const projects = new ProjectSet(opened);
  const faults = new Faults(options.faults);
  const log = new RequestLog();
  const stalls = new Stalls();
  const urls = {} as Record<Cluster, string>;
  const downloadUrls = {} as Record<DownloadCluster, string>;
  const hooks: AdminHooks = {
    setFaults: (f) => faults.set(f),
    stats: (project) => projectStats(projects.named(project), pipeline.counters.requests),
    requestLog: (project) => {
      const records = log.records();
      return project === undefined ? records : records.filter((r) => r.project === projects.named(project).name);
    },
    blockKey: (appId) => projects.ofKey(appId).state.keys.disable(appId, 'blocked'),
    unblockKey: (appId) => {
      const { state } = projects.ofKey(appId);
      state.keys.unblock(appId);
      // Tokens the block killed stay dead; the key mints new ones.
      state.tokens.revokeAll(appId);
    },
    appendPublications: (count, project) => {
      const total = appendPublications(projects.named(project).state, count);
      return { appended: count, total };
    },
  };
  const pipeline: Pipeline = {
    projects,
    routes: apiRoutes,
    downloadRoutes,
    adminRoutes: adminRoutes(hooks),
    hostCluster,
    urls,
    downloadUrls,
    faults,
    counters: { requests: 0 },
    log,
    stalls,
  };
  const servers: Server[] = [];
  try {
    // The API clusters take the port and the next two from the hosting one; the download clusters
    // the three after, in the same order (api's download is the fourth when api hosts).
    const all: readonly (Cluster | DownloadCluster)[] = [...CLUSTERS, ...DOWNLOAD_CLUSTERS];
    for (const [i, cluster] of all.entries()) {
      // A failure after the answer started (a client gone mid-write) must not take the sandbox down.
      const server = createServer((req, res) => void handle(pipeline, cluster, req, res).catch(() => res.destroy()));
      servers.push(server);
      const n = CLUSTERS.length;
      const offset = ((n + (i % n) - CLUSTERS.indexOf(hostCluster)) % n) + (i >= n ? n : 0);
      // A neighbour past the last port takes a random free one, as a taken one does.
      const wanted = options.port && options.port + offset <= 65_535 ? options.port + offset : 0;
      const port = await listen(server, wanted, offset > 0);
      const url = `http://127.0.0.1:${port}`;
      if (i < n) urls[cluster as Cluster] = url;
      else downloadUrls[cluster as DownloadCluster] = url;
    }
  } catch (error) {
    await Promise.all(servers.map(closeServer));
    await Promise.all(opened.map(closeProject));
    throw error;
  }

  return {
    urls,
    downloadUrls,
    hostCluster,
    credentials: projects.first.credentials,
    projects: opened.map((p) => ({ name: p.name, kind: p.kind, credentials: { ...p.credentials } })),
    clock,
    setFaults: hooks.setFaults,
    blockKey: hooks.blockKey,
    unblockKey: hooks.unblockKey,
    deleteKey: (appId) => projects.ofKey(appId).state.keys.disable(appId, 'deleted'),
    regenerateKey: (appId) => projects.ofKey(appId).state.keys.regenerate(appId),
    addKey: (project) => projects.named(project).state.keys.add(),
    stats: hooks.stats,
    requestLog: () => log.records(),
    publicationDocs: (project) => projects.named(project).state.publications.all(),
    appendPublications: hooks.appendPublications,
    async close() {
      for (const p of opened) p.state.jobs.stop();
      stalls.endAll();
      await Promise.all(servers.map(closeServer));
      await Promise.all(opened.map(closeProject));
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
