import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { authenticate, requireScope } from './auth';
import { ApiError } from './errors';
import type { FaultDecision, Faults } from './faults';
import { gatewayPage } from './gateway-page';
import { newId, readBody, writeFile, writeReply, writeText, type Reply } from './http';
import type { Claim, ProjectSet } from './project-set';
import type { RateLimiter } from './rate-limit';
import type { RequestLog } from './request-log';
import { matchRoute, type RequestContext, type Route } from './router';
import { isoNow } from './state';
import type { Stalls } from './stalls';
import { DOWNLOAD_CLUSTERS, downloadClusterOf, type Cluster, type DownloadCluster, type FaultKind } from './types';

export interface Pipeline {
  projects: ProjectSet;
  routes: readonly Route[];
  /** What the download clusters answer: export files. */
  downloadRoutes: readonly Route[];
  adminRoutes: readonly Route[];
  hostCluster: Cluster;
  urls: Record<Cluster, string>;
  downloadUrls: Record<DownloadCluster, string>;
  faults: Faults;
  counters: { requests: number };
  log: RequestLog;
  stalls: Stalls;
}

interface Outcome {
  reply: Reply;
  decision: FaultDecision;
  appId: string | null;
  /** The project whose accepted credentials the request carried (see Claim.signedBy). */
  project: string | undefined;
  /** The budget of the project the credentials select. */
  limiter: RateLimiter;
  carriedOut: boolean;
  /** The budget headers of a counted call; uncounted answers show the budget without using it. */
  rate?: Record<string, string>;
}

const NO_ROUTE = new ApiError(404, { key: 'not_found', message: 'Resource not found', details: 'No such operation.' });

/** One request: admin routes answer at once; API requests go through `serve`, then faults shape the answer. */
export async function handle(p: Pipeline, cluster: Cluster | DownloadCluster, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const requestId = newId('req_');
  const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
  const method = req.method ?? 'GET';
  const ctx = (body: Buffer, params: Record<string, string> = {}): RequestContext => ({
    method,
    params,
    query: url.searchParams,
    headers: req.headers,
    body,
    requestId,
    // The project the credentials select replaces this once the route is known (see `serve`).
    state: p.projects.first.state,
    faults: p.faults,
    downloadBase: p.downloadUrls[downloadClusterOf(p.hostCluster)],
  });
  if (url.pathname.startsWith('/__sandbox/')) {
    let reply: Reply;
    try {
      const admin = matchRoute(p.adminRoutes, method, url.pathname);
      if (!admin) throw NO_ROUTE;
      reply = await admin.route.handle(ctx(await readBody(req), admin.params));
    } catch (error) {
      reply = toErrorReply(error, requestId);
    }
    writeReply(res, reply, { 'X-Request-Id': requestId });
    return;
  }

  const arrival = p.log.arrive();
  const at = isoNow(p.projects.first.state);
  p.counters.requests += 1;
  const o = await serve(p, cluster, { method, path: url.pathname, requestId }, () => readBody(req).then((body) => ctx(body)));
  const rate = o.rate ?? o.limiter.peek();
  const fault = o.reply.cutAfterBytes !== undefined ? 'cut' : faultKind(o.decision);
  const signed = o.project === undefined ? {} : { project: o.project };
  const record = { ...arrival, at, method, path: url.pathname, appId: o.appId, ...signed, fault, carriedOut: o.carriedOut };
  if (o.decision.kind === 'drop') {
    // The client never learns the outcome.
    p.log.add({ ...record, status: 0 });
    req.socket.destroy();
    return;
  }
  if (o.decision.kind === 'gateway') {
    const page = gatewayPage(o.decision.status, o.decision.body);
    p.log.add({ ...record, status: o.decision.status });
    // A proxy's page: the budget headers pass through, the service's request id does not.
    writeText(res, o.decision.status, rate, page.contentType, page.text);
    return;
  }
  p.log.add({ ...record, status: o.reply.status });
  if (o.decision.kind === 'stall' && !(await p.stalls.hold(o.decision.ms))) return;
  if (o.reply.file) await writeFile(res, o.reply, { 'X-Request-Id': requestId, ...rate });
  else writeReply(res, o.reply, { 'X-Request-Id': requestId, ...rate });
}

/**
 * Cluster check, latency, faults decided on arrival, routing, credentials, budget, scope, handler.
 * The credentials select the project: its state answers and its budget counts the call.
 */
async function serve(
  p: Pipeline,
  cluster: Cluster | DownloadCluster,
  { method, path, requestId }: { method: string; path: string; requestId: string },
  readContext: () => Promise<RequestContext>,
): Promise<Outcome> {
  const first = p.projects.first;
  const o: Outcome = { reply: { status: 500 }, decision: { kind: 'none' }, appId: null, project: undefined, limiter: first.rateLimiter, carriedOut: false };
  const note = (claim: Claim): Claim => {
    o.appId = claim.appId;
    o.project = claim.signedBy;
    o.limiter = claim.project.rateLimiter;
    return claim;
  };
  try {
    const base = await readContext();
    let claim = note(p.projects.claim(base.headers));
    const download = (DOWNLOAD_CLUSTERS as readonly string[]).includes(cluster);
    const home = download ? downloadClusterOf(p.hostCluster) : p.hostCluster;
    if (cluster !== home) throw wrongCluster(home, download ? p.downloadUrls[home as DownloadCluster] : p.urls[home as Cluster]);
    if (p.faults.latencyMs > 0) await sleep(p.faults.latencyMs);
    o.decision = p.faults.decide(method, path);
    if (o.decision.kind === 'fail') throw o.decision.error;
    if (o.decision.kind === 'rate-limit') throw o.limiter.injected(o.decision.retryAfterSeconds);
    const match = matchRoute(download ? p.downloadRoutes : p.routes, method, path);
    if (!match) throw NO_ROUTE;
    if (match.route.auth === 'key') claim = note(p.projects.claim(base.headers, true));
    const c = { ...base, params: match.params, state: claim.project.state };
    const caller = authenticate(c, match.route);
    o.appId = caller.appId;
    o.rate = o.limiter.take();
    requireScope(caller, match.route);
    o.reply = await match.route.handle(c);
    o.carriedOut = true;
  } catch (error) {
    o.reply = toErrorReply(error, requestId);
  }
  return o;
}

function faultKind(decision: FaultDecision): FaultKind | null {
  return decision.kind === 'none' ? null : decision.kind;
}

function wrongCluster(home: Cluster | DownloadCluster, url: string): ApiError {
  return new ApiError(401, {
    key: 'wrong_cluster',
    message: 'Wrong cluster',
    details: `This project is hosted on cluster ${home} (${url}); send requests there.`,
  });
}

function toErrorReply(error: unknown, requestId: string): Reply {
  if (error instanceof ApiError) return { status: error.status, body: error.body(requestId), headers: error.headers };
  const internal = new ApiError(500, {
    key: 'internal_error',
    message: 'Internal server error',
    details: error instanceof Error ? error.message : String(error),
  });
  return { status: 500, body: internal.body(requestId) };
}
