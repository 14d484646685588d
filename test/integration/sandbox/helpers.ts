import { afterEach } from 'vitest';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../../electron/sandbox/server';

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

export interface Answer {
  status: number;
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
export async function waitForJob(sb: RunningSandbox, id: string, deadlineMs = 20_000): Promise<any> {
  const until = Date.now() + deadlineMs;
  for (;;) {
    const { body } = await call(sb, 'GET', `/v1/async-actions/${id}`);
    if (body.status === 'DONE' || body.status === 'FAILED') return body;
    if (Date.now() > until) throw new Error(`async action ${id} still ${body.status} after ${deadlineMs} ms`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

export function expectErrorObject(answer: Answer, status: number, key?: string): void {
  if (answer.status !== status || typeof answer.body?.request_id !== 'string' || answer.body.code !== status || typeof answer.body.message !== 'string' || (key !== undefined && answer.body.key !== key)) {
    throw new Error(`expected error ${status} ${key ?? ''}, got ${answer.status} ${JSON.stringify(answer.body)}`);
  }
}
