// The fault matrix's world: one sandbox per test file, a fresh data folder per case, another client
// of the same project (its own key, raw HTTP), and the faults a real network has. Every case is
// judged by the sandbox's own data and request log, then by the app's report.
import { afterAll, beforeAll, expect } from 'vitest';
import type { FetchLike, VoucherClient } from '../../../../shared/api';
import { startSandbox, type FaultSettings, type RunningSandbox, type SandboxRequestRecord } from '../../../../electron/local-service/server';
import type { Outbox } from '../../../../electron/outbox/outbox';
import type { OperationRecord } from '../../../../electron/outbox/records';
import { SyncEngine } from '../../../../electron/sync/engine';
import { OPERATIONS, sendWith } from '../../../../electron/operations/registry';
import { parseOperation } from '../../../../shared/operations/all';
import { clientFor, desk, type Desk } from '../helpers';

export type FaultName = 'gateway-500' | 'gateway-502' | 'gateway-504' | 'drop' | 'stall' | 'fail-503' | 'rate-429' | 'crash-before' | 'crash-after';

export const FAULTS: readonly FaultName[] = [
  'gateway-500',
  'gateway-502',
  'gateway-504',
  'drop',
  'stall',
  'fail-503',
  'rate-429',
  'crash-before',
  'crash-after',
];

/** Faults after which the first write was carried out on the service. */
export const CARRIED_OUT: ReadonlySet<FaultName> = new Set(['gateway-500', 'gateway-502', 'gateway-504', 'drop', 'stall', 'crash-after']);

/** Nobody else writes; another client imports its own codes; another client imports some of ours. */
export type Other = 'none' | 'theirs' | 'ours';

const STALL_MS = 900;
const CLIENT_TIMEOUT_MS = 350;

export function faultSettings(fault: FaultName, match: { method: string; path: string }): FaultSettings | undefined {
  switch (fault) {
    case 'gateway-500':
      return { gatewayNext: { count: 1, status: 500, body: 'html', ...match } };
    case 'gateway-502':
      return { gatewayNext: { count: 1, status: 502, body: 'empty', ...match } };
    case 'gateway-504':
      return { gatewayNext: { count: 1, status: 504, body: 'html', ...match } };
    case 'drop':
      return { dropNext: { count: 1, ...match } };
    case 'stall':
      return { stallNext: { count: 1, ms: STALL_MS, ...match } };
    case 'fail-503':
      return { failNext: { count: 1, status: 503, ...match } };
    case 'rate-429':
      return { rateLimitNext: { count: 1, retryAfterSeconds: 1, ...match } };
    default:
      return undefined;
  }
}

/**
 * One sandbox for a whole test file (started before its cases, closed after), with the other
 * client's key. Cases use their own codes, so each one's jobs are strangers to the next.
 */
export function sharedSandbox(): { readonly sb: RunningSandbox; readonly other: { appId: string; appToken: string } } {
  const world: { sb?: RunningSandbox; other?: { appId: string; appToken: string } } = {};
  beforeAll(async () => {
    world.sb = await startSandbox();
    world.other = world.sb.addKey();
  });
  afterAll(() => world.sb?.close());
  return {
    get sb() {
      if (!world.sb) throw new Error('the sandbox starts before the first case');
      return world.sb;
    },
    get other() {
      if (!world.other) throw new Error('the sandbox starts before the first case');
      return world.other;
    },
  };
}

async function raw(
  sb: RunningSandbox,
  key: { appId: string; appToken: string },
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${sb.urls[sb.hostCluster]}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', 'X-App-Id': key.appId, 'X-App-Token': key.appToken },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as unknown) : undefined };
}

/** Another client of the project: imports codes by raw HTTP with its own key and waits for its job. */
export async function otherImport(sb: RunningSandbox, key: { appId: string; appToken: string }, codes: readonly string[]): Promise<unknown> {
  const items = codes.map((code) => ({ code, type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 5, effect: 'APPLY_TO_ORDER' } }));
  const started = await raw(sb, key, 'POST', '/v1/vouchers/import', items);
  expect(started.status).toBe(202);
  const id = (started.json as { async_action_id: string }).async_action_id;
  const deadline = Date.now() + 10_000;
  for (;;) {
    const job = await raw(sb, key, 'GET', `/v1/async-actions/${id}`);
    const { status, result } = job.json as { status: string; result?: unknown };
    if (status === 'DONE') return result;
    if (Date.now() > deadline) throw new Error(`the other client's job ${id} did not finish`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Real fetch that runs `inWindow` once, right after the first request matching `match` came back
 * (answered or failed) and before the app sees the outcome: the window between a write and its
 * reconciliation.
 */
export function windowFetch(match: { method: string; path: string }, inWindow: () => Promise<void>): FetchLike {
  let done = false;
  const hits = (url: string, method: string): boolean => {
    const path = new URL(url).pathname;
    return !done && method === match.method && (path === match.path || path.startsWith(`${match.path}/`));
  };
  return async (input, init) => {
    const hit = hits(String(input), init.method ?? 'GET');
    if (hit) done = true;
    try {
      const response = await fetch(input, init);
      if (hit) await inWindow();
      return response;
    } catch (error) {
      if (hit) await inWindow();
      throw error;
    }
  };
}

/**
 * A crash as it leaves the outbox: the first pending request marked `sending` (the durable step before
 * it leaves). With `carriedOut`, the request then leaves exactly as the engine sends it, and the
 * process dies before it can record the answer.
 */
export async function crash(outbox: Outbox, client: VoucherClient, op: OperationRecord, carriedOut: boolean): Promise<void> {
  const now = Date.now();
  const request = await outbox.move(op.id, 0, { type: 'send' }, { attempts: 1, sentAt: now, firstTryAt: now, nextTryAt: null });
  if (!carriedOut) return;
  const parsed = parseOperation(op.kind, op.payload);
  if (!parsed.ok) throw new Error(parsed.reason);
  // The engine's own send, with every durable write after the request lost with the process.
  const lostWrites = new Proxy(outbox, {
    get: (target, prop) => (prop === 'move' || prop === 'note' ? async () => request : (Reflect.get(target, prop, target) as unknown)),
  });
  await sendWith(OPERATIONS, { outbox: lostWrites, client, clock: { now: () => Date.now() } }, { op, parsed: parsed.op, request });
}

export interface Case {
  sb: RunningSandbox;
  d: Desk;
  client: VoucherClient;
  /** The sandbox's request log from this case on. */
  requests(): SandboxRequestRecord[];
}

/**
 * Runs one case: queue, arm the fault (or leave the outbox as a crash would), let the other client
 * write in the window, sync to the end, and hand back what the checks need.
 */
export async function runCase(
  sb: RunningSandbox,
  fault: FaultName,
  match: { method: string; path: string },
  queue: (d: Desk) => Promise<OperationRecord>,
  inWindow: () => Promise<void>,
): Promise<Case & { op: OperationRecord }> {
  const d = await desk();
  const firstSeq = (sb.requestLog().at(-1)?.seq ?? 0) + 1;
  // Only the stall needs a client that gives up early; any other call (a token mint on a loaded
  // machine) keeps the usual timeout, or a slow answer would pause the sync as offline.
  const timeout = fault === 'stall' ? { timeoutMs: CLIENT_TIMEOUT_MS } : {};
  const crashing = fault === 'crash-before' || fault === 'crash-after';
  const client = clientFor(sb, crashing ? timeout : { fetch: windowFetch(match, inWindow), ...timeout });
  const op = await queue(d);
  sb.setFaults(faultSettings(fault, match) ?? {});
  if (fault === 'crash-before' || fault === 'crash-after') {
    await crash(d.outbox, client, op, fault === 'crash-after');
    await inWindow();
  }
  const status = await new SyncEngine({ outbox: d.outbox, client, retry: { baseDelayMs: 10, maxDelayMs: 50 } }).run();
  sb.setFaults({});
  expect(status.state).toBe('finished');
  expect(d.outbox.operation(op.id).state, JSON.stringify(d.outbox.requests(op.id).map((k) => k.lastError))).toBe('done');
  return { sb, d, client, op, requests: () => sb.requestLog().filter((r) => r.seq >= firstSeq) };
}

/** Writes of the app's key the service carried out, at `path` (or under it) with `method`. */
export function carriedOutWrites(c: Case, method: string, path: string): SandboxRequestRecord[] {
  return c
    .requests()
    .filter((r) => r.appId === c.sb.credentials.appId && r.carriedOut && r.method === method && (r.path === path || r.path.startsWith(`${path}/`)));
}
