import { get, createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { writeFile } from '../../../electron/local-service/http';

// A download the client reads slowly makes the sandbox wait for `drain` again and again; each wait
// must leave no listener behind on the response (they piled up into a MaxListenersExceededWarning
// while a 100,000-publication export was fetched).

const PIECE = 'x'.repeat(64 * 1024);
const PIECES = 40;

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

describe('a file reply', () => {
  it('streams a big file to a slow reader whole, leaving no drain or close listener behind', async () => {
    const left: { drain: number; close: number }[] = [];
    server = createServer((_req, res) => {
      const before = { drain: res.listenerCount('drain'), close: res.listenerCount('close') };
      const file = { contentType: 'text/plain', byteLength: PIECE.length * PIECES, chunks: () => Array.from({ length: PIECES }, () => PIECE) };
      void writeFile(res, { status: 200, file }, {}).then(() => {
        left.push({ drain: res.listenerCount('drain') - before.drain, close: res.listenerCount('close') - before.close });
      });
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const received = await new Promise<number>((resolve, reject) => {
      get({ host: '127.0.0.1', port, path: '/' }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          // Reading slowly keeps the server's buffer full, so it waits for drain many times.
          res.pause();
          setImmediate(() => res.resume());
        });
        res.on('end', () => resolve(bytes));
        res.on('error', reject);
      }).on('error', reject);
    });
    expect(received).toBe(PIECE.length * PIECES);
    await expect.poll(() => left.length, { timeout: 5000 }).toBe(1);
    expect(left[0]).toEqual({ drain: 0, close: 0 });
  });
});
