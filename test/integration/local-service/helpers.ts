import { request, type IncomingHttpHeaders } from 'node:http';
import { afterEach } from 'vitest';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../../electron/local-service/server';

const running: RunningSandbox[] = [];

/** Starts a sandbox that is closed after the current test. */
export async function sandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const sb = await startSandbox(options);
  running.push(sb);
  return sb;
}

afterEach(async () => {
  await Promise.all(running.splice(0).map((sb) => sb.close()));
});

export function keyHeaders(sb: RunningSandbox): Record<string, string> {
  return { 'X-App-Id': sb.credentials.appId, 'X-App-Token': sb.credentials.appToken };
}

/** The key pair headers of the named project. */
export function projectHeaders(sb: RunningSandbox, name: string): Record<string, string> {
  const project = sb.projects.find((p) => p.name === name);
  if (!project) throw new Error(`no project ${name}`);
  return { 'X-App-Id': project.credentials.appId, 'X-App-Token': project.credentials.appToken };
}

export interface Answer {
  status: number;
  // The service's JSON as it came; the tests' assertions check its shape.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  headers: Headers;
}

/** One call to the hosting cluster with the key pair unless other headers are given. */
export async function call(
  sb: RunningSandbox,
  method: string,
  path: string,
  init: { json?: unknown; headers?: Record<string, string>; body?: RequestInit['body']; cluster?: keyof RunningSandbox['urls'] } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...(init.headers ?? keyHeaders(sb)) };
  let body = init.body;
  if (init.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(init.json);
  }
  const res = await fetch(`${sb.urls[init.cluster ?? sb.hostCluster]}${path}`, { method, headers, body });
  const text = await res.text();
  return { status: res.status, body: text === '' ? undefined : JSON.parse(text), headers: res.headers };
}

export async function token(sb: RunningSandbox, scope: string, headers = keyHeaders(sb)): Promise<Answer> {
  return call(sb, 'POST', '/v1/oauth/token', {
    headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope }).toString(),
  });
}

export function bearer(accessToken: string): Record<string, string> {
  return { Authorization: `Bearer ${accessToken}` };
}

/** Polls an async action until it is DONE or FAILED, failing after the deadline. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the async action's JSON, checked by the caller
export async function waitForJob(sb: RunningSandbox, id: string, deadlineMs = 20_000, headers = keyHeaders(sb)): Promise<any> {
  const until = Date.now() + deadlineMs;
  for (;;) {
    const { body } = await call(sb, 'GET', `/v1/async-actions/${id}`, { headers });
    if (body.status === 'DONE' || body.status === 'FAILED') return body;
    if (Date.now() > until) throw new Error(`async action ${id} still ${body.status} after ${deadlineMs} ms`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

export function expectErrorObject(answer: Answer, status: number, key?: string): void {
  if (
    answer.status !== status ||
    typeof answer.body?.request_id !== 'string' ||
    answer.body.code !== status ||
    typeof answer.body.message !== 'string' ||
    (key !== undefined && answer.body.key !== key)
  ) {
    throw new Error(`expected error ${status} ${key ?? ''}, got ${answer.status} ${JSON.stringify(answer.body)}`);
  }
}

export type RawAnswer = { kind: 'answer'; status: number; headers: IncomingHttpHeaders; text: string } | { kind: 'dropped' } | { kind: 'timeout' };

/** One request over node:http that reports a dropped connection or a client-side timeout instead of throwing. */
export function raw(
  sb: RunningSandbox,
  method: string,
  path: string,
  init: { json?: unknown; timeoutMs?: number; headers?: Record<string, string> } = {},
): Promise<RawAnswer> {
  const body = init.json === undefined ? '' : JSON.stringify(init.json);
  const headers: Record<string, string> = { ...(init.headers ?? keyHeaders(sb)), 'Content-Length': String(Buffer.byteLength(body)) };
  if (init.json !== undefined) headers['Content-Type'] = 'application/json';
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, sb.urls[sb.hostCluster]), { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ kind: 'answer', status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', () => resolve({ kind: 'dropped' }));
    });
    req.setTimeout(init.timeoutMs ?? 10_000, () => {
      resolve({ kind: 'timeout' });
      req.destroy();
    });
    req.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNRESET' || error.message === 'socket hang up' ? resolve({ kind: 'dropped' }) : reject(error),
    );
    req.end(body);
  });
}

/** A call to an admin route under /__sandbox/ (no credentials), on the given cluster's port. */
export async function admin(sb: RunningSandbox, method: string, path: string, json?: unknown, cluster = sb.hostCluster): Promise<Answer> {
  const res = await fetch(`${sb.urls[cluster]}/__sandbox/${path}`, {
    method,
    headers: json === undefined ? {} : { 'Content-Type': 'application/json' },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const text = await res.text();
  return { status: res.status, body: text === '' ? undefined : JSON.parse(text), headers: res.headers };
}

/** Polls `read` until it returns true, failing after the deadline. */
export async function until(read: () => Promise<boolean> | boolean, what: string, deadlineMs = 10_000): Promise<void> {
  const end = Date.now() + deadlineMs;
  while (!(await read())) {
    if (Date.now() > end) throw new Error(`${what}: not within ${deadlineMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
