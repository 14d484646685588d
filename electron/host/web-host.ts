import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import type { EventChannel } from '../../shared/ipc/channels';
import { contentSecurityPolicy } from '../window/csp';
import type { SendEvent } from './events';
import { ipcFail } from '../../shared/ipc/result';
import { createIpcGuard, type InvokeHandlers } from './ipc-guard';

export const INVOKE_PREFIX = '/api/invoke/';
export const EVENTS_PATH = '/api/events';
export const TOKEN_HEADER = 'x-voucher-desk-token';
/** A CSV chunk or a page of edits fits well inside this; anything bigger is refused unread. */
export const MAX_BODY_BYTES = 8 * 1024 * 1024;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

export interface WebHostOptions {
  handlers: InvokeHandlers;
  /** The built renderer (dist/renderer). */
  rendererDir: string;
  /** 0 or absent: a free port. The host always binds 127.0.0.1. */
  port?: number;
  /** Generated when absent; tests pass their own only to check refusals. */
  token?: string;
  report?(channel: string, message: string): void;
}

export interface WebHost {
  /** The page to open, with the per-run token; the page keeps the token and drops it from the URL. */
  url: string;
  origin: string;
  token: string;
  /** Broadcasts an event to every open page (already validated by the event emitter). */
  send: SendEvent;
  close(): Promise<void>;
}

/** Broadcasts main's events to the pages' server-sent-event streams; usable before the host starts. */
export interface EventHub {
  send: SendEvent;
  attach(res: ServerResponse): void;
  closeAll(): void;
}

export function createEventHub(): EventHub {
  const streams = new Set<ServerResponse>();
  return {
    send(event: EventChannel, payload: unknown) {
      const frame = `event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`;
      for (const res of streams) res.write(frame);
    },
    attach(res) {
      streams.add(res);
      res.on('close', () => streams.delete(res));
    },
    closeAll() {
      for (const res of streams) res.end();
      streams.clear();
    },
  };
}

function sameToken(given: string | undefined, token: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

interface AnswerOptions {
  type?: string;
  /**
   * Ends the connection after the answer: a refusal given before the request's body was read
   * leaves that body unread, so the socket cannot carry another request.
   */
  close?: boolean;
}

function answer(res: ServerResponse, status: number, body: string, options: AnswerOptions = {}): void {
  res.writeHead(status, {
    'content-type': options.type ?? 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    ...(options.close && { connection: 'close' }),
  });
  res.end(body);
}

function refuse(res: ServerResponse, status: number, body: string): void {
  answer(res, status, body, { close: true });
}

/** The body, or undefined once it passes the limit; reading then stops, and the rest stays unread. */
function readBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        req.off('data', onData);
        req.pause();
        resolve(undefined);
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.once('error', reject);
  });
}

/** A percent-decoded path, or undefined when its encoding is malformed (`/%`, a cut UTF-8 sequence). */
function decodePath(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

function declaredLength(req: IncomingMessage): number {
  const text = req.headers['content-length'];
  return text === undefined ? 0 : Number(text);
}

/**
 * Serves the renderer and the contract to a browser on 127.0.0.1: POST /api/invoke/<channel> with
 * a JSON body answers the IPC envelope; GET /api/events is the event map as server-sent events.
 * Every API call must carry the per-run token, and every request a Host naming this server, so a
 * page on another site (or a DNS-rebound name) cannot drive the app.
 */
export async function startWebHost(options: WebHostOptions, hub: EventHub = createEventHub()): Promise<WebHost> {
  const token = options.token ?? randomBytes(24).toString('base64url');
  const guard = createIpcGuard<string | undefined>({
    handlers: options.handlers,
    isTrustedSender: (given) => sameToken(given, token),
    describeSender: (given) => (given === undefined ? 'a caller without the run token' : 'a caller with a wrong run token'),
    ...(options.report ? { report: options.report } : {}),
  });
  let allowedHosts: ReadonlySet<string> = new Set();
  const csp = contentSecurityPolicy();

  async function serveFile(res: ServerResponse, pathname: string): Promise<void> {
    const decoded = decodePath(pathname === '/' ? '/index.html' : pathname);
    if (decoded === undefined) return refuse(res, 400, 'Malformed percent-encoding in the path');
    const relative = normalize(decoded).replace(/^([/\\])+/, '');
    const file = join(options.rendererDir, relative);
    if (!file.startsWith(options.rendererDir + sep)) return answer(res, 404, 'Not found');
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) return answer(res, 404, 'Not found');
    res.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'content-security-policy': csp,
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-cache',
    });
    res.end(await readFile(file));
  }

  // Every check that needs no body comes first, so a caller without the token (or from another
  // origin) never gets a byte of its body read, let alone buffered and parsed.
  async function invoke(req: IncomingMessage, res: ServerResponse, encodedChannel: string): Promise<void> {
    if (req.method !== 'POST') return refuse(res, 405, 'Use POST');
    const channel = decodePath(encodedChannel);
    if (channel === undefined) return refuse(res, 400, 'Malformed percent-encoding in the channel name');
    const origin = req.headers.origin;
    if (origin !== undefined && !allowedHosts.has(origin.replace(/^http:\/\//, ''))) return refuse(res, 403, 'Foreign origin');
    const given = req.headers[TOKEN_HEADER];
    const sender = typeof given === 'string' ? given : undefined;
    if (!sameToken(sender, token)) {
      const message = `Refused ${channel}: ${sender === undefined ? 'the call carries no run token' : 'the run token is wrong'}.`;
      options.report?.(channel, message);
      return answer(res, 401, JSON.stringify(ipcFail({ code: 'forbidden_sender', channel, message })), { type: 'application/json', close: true });
    }
    const tooLarge = `The request is larger than ${MAX_BODY_BYTES} bytes`;
    if (declaredLength(req) > MAX_BODY_BYTES) return refuse(res, 413, tooLarge);
    const text = await readBody(req);
    if (text === undefined) return refuse(res, 413, tooLarge);
    let payload: unknown;
    try {
      payload = text === '' ? {} : JSON.parse(text);
    } catch {
      return answer(res, 400, 'The body is not JSON');
    }
    const result = await guard.handle(channel, sender, payload);
    const status = !result.ok && result.error.code === 'forbidden_sender' ? 401 : 200;
    answer(res, status, JSON.stringify(result), { type: 'application/json' });
  }

  function events(req: IncomingMessage, res: ServerResponse, url: URL): void {
    if (!sameToken(url.searchParams.get('token') ?? undefined, token)) return refuse(res, 401, 'Missing or wrong run token');
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
    res.write(': connected\n\n');
    hub.attach(res);
    req.on('close', () => res.end());
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!allowedHosts.has(req.headers.host ?? '')) return refuse(res, 421, 'Unknown Host header');
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    if (url.pathname.startsWith(INVOKE_PREFIX)) return invoke(req, res, url.pathname.slice(INVOKE_PREFIX.length));
    if (url.pathname === EVENTS_PATH) return events(req, res, url);
    if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(res, 405, 'Use GET');
    return serveFile(res, url.pathname);
  }

  const server: Server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      options.report?.('web-host', error instanceof Error ? error.message : String(error));
      if (!res.headersSent) answer(res, 500, 'Internal error');
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  allowedHosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}/?token=${token}`,
    origin,
    token,
    send: hub.send,
    async close() {
      hub.closeAll();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
