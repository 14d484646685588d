import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { invalidPayload, limitExceeded } from './errors';

/** The service refuses bodies above 10 MB; the sandbox counts in decimal megabytes, the stricter reading. */
export const MAX_BODY_BYTES = 10_000_000;
/** Room for multipart boundaries and headers around a 10 MB CSV file. */
const MULTIPART_SLACK = 64 * 1024;

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** A file sent as text in chunks instead of a JSON body; `byteLength` is its exact size. */
  file?: { contentType: string; byteLength: number; chunks: () => Iterable<string> };
  /** Injected fault: the connection is closed after this many bytes of `file`. */
  cutAfterBytes?: number;
}

// Ids are a random per-run part plus a counter: unique across restarts over one data file, and cheap
// enough for imports that create 100,000 vouchers.
const RUN = randomBytes(5).toString('hex');
let counter = 0;

export function newId(prefix: string): string {
  counter += 1;
  return `${prefix}${RUN}${counter.toString(36).padStart(7, '0')}`;
}

export function readBody(req: IncomingMessage): Promise<Buffer> {
  const limit = MAX_BODY_BYTES + (isMultipart(req) ? MULTIPART_SLACK : 0);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      // Keep draining past the limit so the client gets the 400 instead of a reset connection.
      if (size <= limit) chunks.push(chunk);
    });
    req.on('end', () => {
      if (size > limit) {
        reject(limitExceeded(`The request body is ${size} bytes; at most ${MAX_BODY_BYTES} bytes (10 MB) are accepted.`));
      } else {
        resolve(Buffer.concat(chunks, size));
      }
    });
    req.on('error', reject);
  });
}

function isMultipart(req: IncomingMessage): boolean {
  return (req.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/form-data');
}

export function parseJsonBody(body: Buffer, contentType: string | undefined): unknown {
  if (body.length === 0) return undefined;
  if (!(contentType ?? '').toLowerCase().includes('application/json')) {
    throw invalidPayload('The request body must be JSON with Content-Type: application/json.');
  }
  try {
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch {
    throw invalidPayload('The request body is not valid JSON.');
  }
}

export function writeReply(res: ServerResponse, reply: Reply, extraHeaders: Record<string, string>): void {
  const headers: Record<string, string> = { ...extraHeaders, ...reply.headers };
  if (reply.body === undefined) {
    res.writeHead(reply.status, headers);
    res.end();
    return;
  }
  writeText(res, reply.status, headers, 'application/json; charset=utf-8', JSON.stringify(reply.body));
}

export function writeText(res: ServerResponse, status: number, headers: Record<string, string>, contentType: string | undefined, text: string): void {
  const all: Record<string, string> = { ...headers, 'Content-Length': String(Buffer.byteLength(text)) };
  if (contentType !== undefined) all['Content-Type'] = contentType;
  res.writeHead(status, all);
  res.end(text);
}

/** Streams a file reply with Content-Length, minding backpressure; a cut closes the connection mid-file. */
export async function writeFile(res: ServerResponse, reply: Reply, extraHeaders: Record<string, string>): Promise<void> {
  const file = reply.file;
  if (!file) throw new Error('writeFile needs a file reply');
  res.writeHead(reply.status, { ...extraHeaders, ...reply.headers, 'Content-Type': file.contentType, 'Content-Length': String(file.byteLength) });
  let left = reply.cutAfterBytes ?? Number.POSITIVE_INFINITY;
  for (const text of file.chunks()) {
    let chunk = Buffer.from(text);
    if (chunk.length >= left) {
      chunk = chunk.subarray(0, left);
      // The bytes so far reach the client, then the connection ends without the rest.
      await new Promise<void>((resolve) => res.write(chunk, () => resolve()));
      res.destroy();
      return;
    }
    left -= chunk.length;
    if (!res.write(chunk)) {
      // A client gone mid-file never drains. The listener that did not fire goes too: a big file
      // waits for drain thousands of times, and left behind they pile up on the response.
      await new Promise<void>((resolve) => {
        const done = (): void => {
          res.off('drain', done);
          res.off('close', done);
          resolve();
        };
        res.on('drain', done);
        res.on('close', done);
      });
    }
    if (res.destroyed) return;
  }
  res.end();
}
