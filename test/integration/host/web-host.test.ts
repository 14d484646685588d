import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventHub, MAX_BODY_BYTES, startWebHost, type WebHost } from '../../../electron/host/web-host';

interface Answer {
  status: number;
  body: string;
}

// node:http rather than fetch, because fetch will not send a forged Host header.
function call(host: WebHost, path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  const url = new URL(path, host.origin);
  return new Promise((resolve, reject) => {
    const req = request(url, { method: init.method ?? 'GET', headers: init.headers ?? {}, timeout: 5_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

interface RawAnswer {
  status: number;
  headers: string;
  /** Body bytes the client had written when the server's answer began to arrive. */
  sentWhenAnswered: number;
  /** The server ended the connection. */
  closedByServer: boolean;
}

/**
 * A request over a bare socket that announces `declared` body bytes but sends only `sent` of them,
 * then waits for the answer: an answer that arrives proves the server did not wait for the body.
 */
function rawRequest(host: WebHost, head: string, declared: number, sent: number): Promise<RawAnswer> {
  const { port } = new URL(host.origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    let text = '';
    let sentWhenAnswered = -1;
    let written = 0;
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within 5 s; got ${JSON.stringify(text)}`));
    }, 5_000);
    socket.on('data', (chunk: Buffer) => {
      if (sentWhenAnswered < 0) sentWhenAnswered = written;
      text += chunk.toString('latin1');
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      const [headers = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(headers.split(' ')[1]), headers: headers.toLowerCase(), sentWhenAnswered, closedByServer: text !== '' });
    });
    socket.write(`${head}\r\nhost: ${new URL(host.origin).host}\r\ncontent-length: ${declared}\r\n\r\n`);
    const piece = Buffer.alloc(Math.min(sent, 64 * 1024), 'x');
    for (; written < sent; written += piece.length) socket.write(piece);
  });
}

function invoke(host: WebHost, channel: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  return call(host, `/api/invoke/${channel}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-voucher-desk-token': host.token, ...headers },
    body: JSON.stringify(body),
  });
}

describe('web host', () => {
  let dir: string;
  let host: WebHost;
  const hub = createEventHub();

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'voucher-desk-webhost-'));
    mkdirSync(join(dir, 'renderer'));
    writeFileSync(join(dir, 'renderer', 'index.html'), '<!doctype html><title>t</title>');
    writeFileSync(join(dir, 'secret.txt'), 'outside the renderer');
    host = await startWebHost({ handlers: { 'app.info': () => ({ name: 'Voucher Desk', version: '9.9.9' }) }, rendererDir: join(dir, 'renderer') }, hub);
  });

  afterAll(async () => {
    await host?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('binds 127.0.0.1 and prints a URL with a long random token', () => {
    expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]{32}$/);
  });

  it('answers a contract call that carries the token', async () => {
    const answer = await invoke(host, 'app.info', {});
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ ok: true, value: { name: 'Voucher Desk', version: '9.9.9' } });
  });

  it('refuses calls without the token or with a wrong one', async () => {
    const without = await call(host, '/api/invoke/app.info', { method: 'POST', body: '{}' });
    expect(without.status).toBe(401);
    expect(JSON.parse(without.body).error.code).toBe('forbidden_sender');
    // The last character changed to another: a token that happened to end in the one chosen would pass.
    const last = host.token.endsWith('x') ? 'y' : 'x';
    const wrong = await invoke(host, 'app.info', {}, { 'x-voucher-desk-token': `${host.token.slice(0, -1)}${last}` });
    expect(wrong.status).toBe(401);
  });

  it('refuses a Host header naming another site (DNS rebinding), even with the token', async () => {
    const answer = await invoke(host, 'app.info', {}, { host: `evil.example:${new URL(host.origin).port}` });
    expect(answer.status).toBe(421);
    const page = await call(host, '/', { headers: { host: 'evil.example' } });
    expect(page.status).toBe(421);
  });

  it('refuses a call from a page of another origin', async () => {
    const answer = await invoke(host, 'app.info', {}, { origin: 'http://evil.example' });
    expect(answer.status).toBe(403);
  });

  it('validates the payload with the contract and names unknown channels', async () => {
    const invalid = JSON.parse((await invoke(host, 'app.info', { extra: 1 })).body);
    expect(invalid.error.code).toBe('invalid_request');
    const unknown = JSON.parse((await invoke(host, 'fs.readFile', {})).body);
    expect(unknown.error).toMatchObject({ code: 'unknown_channel', channel: 'fs.readFile' });
    const notJson = await call(host, '/api/invoke/app.info', { method: 'POST', headers: { 'x-voucher-desk-token': host.token }, body: '{' });
    expect(notJson.status).toBe(400);
  });

  it('refuses a body over the size limit, and ends the connection', async () => {
    const answer = await call(host, '/api/invoke/app.info', {
      method: 'POST',
      headers: { 'x-voucher-desk-token': host.token },
      body: 'x'.repeat(MAX_BODY_BYTES + 1),
    });
    expect(answer.status).toBe(413);
    const announced = await rawRequest(host, `POST /api/invoke/app.info HTTP/1.1\r\nx-voucher-desk-token: ${host.token}`, MAX_BODY_BYTES + 1, 64 * 1024);
    expect(announced).toMatchObject({ status: 413, closedByServer: true });
    expect(announced.headers).toContain('connection: close');
  });

  it('refuses a call without the token, or from another origin, before reading its body', async () => {
    const eightMegabytes = MAX_BODY_BYTES;
    const tokenless = await rawRequest(host, 'POST /api/invoke/app.info HTTP/1.1', eightMegabytes, 64 * 1024);
    expect(tokenless).toMatchObject({ status: 401, closedByServer: true, sentWhenAnswered: 64 * 1024 });
    expect(tokenless.headers).toContain('connection: close');
    const foreign = await rawRequest(
      host,
      `POST /api/invoke/app.info HTTP/1.1\r\norigin: http://evil.example\r\nx-voucher-desk-token: ${host.token}`,
      eightMegabytes,
      64 * 1024,
    );
    expect(foreign).toMatchObject({ status: 403, closedByServer: true, sentWhenAnswered: 64 * 1024 });
    expect(foreign.headers).toContain('connection: close');
    const wrongHost = await rawRequest(host, 'POST /api/invoke/app.info HTTP/1.1\r\nhost: evil.example', eightMegabytes, 64 * 1024);
    expect(wrongHost).toMatchObject({ status: 421, closedByServer: true });
  });

  it('lets go of a call whose client went away before sending its whole body', async () => {
    const reports: string[] = [];
    const other = await startWebHost({ handlers: {}, rendererDir: join(dir, 'renderer'), report: (_channel, message) => reports.push(message) });
    try {
      const socket = connect(Number(new URL(other.origin).port), '127.0.0.1');
      await new Promise<void>((resolve) => socket.once('connect', resolve));
      socket.write(
        `POST /api/invoke/app.info HTTP/1.1\r\nhost: ${new URL(other.origin).host}\r\nx-voucher-desk-token: ${other.token}\r\ncontent-length: 1000000\r\n\r\n`,
      );
      socket.write(Buffer.alloc(10_000, 'x'));
      socket.destroy();
      // Node reports the cut body as the request's 'aborted' error; the read ends with it instead of waiting forever.
      await expect.poll(() => reports, { timeout: 5_000 }).toContain('aborted');
    } finally {
      await other.close();
    }
  });

  it('answers 400, not 500, to malformed percent-encoding in a path', async () => {
    for (const path of ['/%', '/%E0%A4%A', '/api/invoke/%', '/api/invoke/app.%E0%A4%A']) {
      const answer = await call(host, path, path.startsWith('/api/') ? { method: 'POST', headers: { 'x-voucher-desk-token': host.token }, body: '{}' } : {});
      expect({ path, status: answer.status }).toEqual({ path, status: 400 });
    }
  });

  it('serves the renderer but nothing outside its folder', async () => {
    const page = await call(host, '/');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>t</title>');
    expect((await call(host, '/../secret.txt')).status).toBe(404);
    expect((await call(host, '/%2e%2e/secret.txt')).status).toBe(404);
  });

  it('streams events to a page holding the token, and to nobody else', async () => {
    expect((await call(host, '/api/events')).status).toBe(401);
    const received = new Promise<string>((resolve, reject) => {
      const req = request(new URL(`/api/events?token=${host.token}`, host.origin), (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString('utf8');
          if (text.includes('event: sync.progress')) {
            req.destroy();
            resolve(text);
          }
        });
        // The stream is open once the greeting arrived; only then is there someone to send to.
        res.once('data', () => hub.send('sync.progress', { running: true, operationsDone: 1, operationsTotal: 2 }));
      });
      req.on('error', reject);
      req.end();
    });
    const text = await received;
    expect(text).toContain('event: sync.progress\ndata: {"running":true,"operationsDone":1,"operationsTotal":2}');
  });
});
