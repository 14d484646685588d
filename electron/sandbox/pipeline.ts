import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { authenticate } from './auth';
import { ApiError } from './errors';
import type { Faults } from './faults';
import { newId, readBody, writeReply, type Reply } from './http';
import type { RateLimiter } from './rate-limit';
import { matchRoute, type RequestContext, type Route } from './router';
import type { SandboxState } from './state';
import type { Cluster } from './types';

export interface Pipeline {
  state: SandboxState;
  routes: readonly Route[];
  adminRoutes: readonly Route[];
  hostCluster: Cluster;
  urls: Record<Cluster, string>;
  faults: Faults;
  rateLimiter: RateLimiter;
  counters: { requests: number };
}

const NO_ROUTE = new ApiError(404, { key: 'not_found', message: 'Resource not found', details: 'No such operation.' });

/** One request: admin routes, cluster check, latency, rate limit, faults, routing, auth, handler. */
export async function handle(p: Pipeline, cluster: Cluster, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const requestId = newId('req_');
  const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
  const method = req.method ?? 'GET';
  let headers: Record<string, string> = { 'X-Request-Id': requestId };
  let drop = false;
  let reply: Reply;
  try {
    const body = await readBody(req);
    const ctx = (params: Record<string, string>): RequestContext => ({
      method, params, query: url.searchParams, headers: req.headers, body, requestId, state: p.state,
    });
    if (url.pathname.startsWith('/__sandbox/')) {
      const admin = matchRoute(p.adminRoutes, method, url.pathname);
      if (!admin) throw NO_ROUTE;
      reply = await admin.route.handle(ctx(admin.params));
    } else {
      p.counters.requests += 1;
      if (cluster !== p.hostCluster) throw wrongCluster(p);
      if (p.faults.latencyMs > 0) await sleep(p.faults.latencyMs);
      headers = { ...headers, ...p.rateLimiter.take() };
      const fault = p.faults.decide(method);
      if (fault.kind === 'fail') throw fault.error;
      drop = fault.kind === 'drop';
      const match = matchRoute(p.routes, method, url.pathname);
      if (!match) throw NO_ROUTE;
      const c = ctx(match.params);
      authenticate(c, match.route);
      reply = await match.route.handle(c);
    }
  } catch (error) {
    reply = toErrorReply(error, requestId);
  }
  if (drop) {
    // The write was carried out; the client never learns the outcome.
    req.socket.destroy();
    return;
  }
  writeReply(res, reply, headers);
}

function wrongCluster(p: Pipeline): ApiError {
  return new ApiError(401, {
    key: 'wrong_cluster',
    message: 'Wrong cluster',
    details: `This project is hosted on cluster ${p.hostCluster} (${p.urls[p.hostCluster]}); send requests there.`,
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
