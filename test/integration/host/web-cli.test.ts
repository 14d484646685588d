import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildRenderer } from '../../e2e/harness';

// The web host as it ships: `node dist/cli/web-cli.mjs`, the build `npm test` has just made, not
// started through npm (so no npm_package_* variables reach it).
const ROOT = resolve(import.meta.dirname, '../../..');
const BUILT = join(ROOT, 'dist', 'cli', 'web-cli.mjs');
// A copy of that build with a renderer beside it, as dist/ holds them after `npm run build`; inside
// the checkout so it finds node_modules, and of this file's own so no other test's build is touched.
const SERVING = join(ROOT, 'dist', `web-cli-test-${process.pid}`);

const children: ChildProcess[] = [];
let dataDir = '';

beforeAll(async () => {
  cpSync(join(ROOT, 'dist', 'cli'), join(SERVING, 'cli'), { recursive: true });
  await buildRenderer(join(SERVING, 'renderer'));
  dataDir = mkdtempSync(join(tmpdir(), 'vd-web-cli-'));
}, 120_000);

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

afterAll(() => {
  rmSync(SERVING, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

interface Run {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

function run(entry: string, args: readonly string[]): Run {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('npm_')));
  const child = spawn(process.execPath, [entry, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk) => (out += String(chunk)));
  child.stderr?.on('data', (chunk) => (err += String(chunk)));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  return { child, stdout: () => out, stderr: () => err, exited };
}

async function printed(r: Run, pattern: RegExp, ms = 30_000): Promise<RegExpExecArray> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = pattern.exec(r.stdout());
    if (found) return found;
    if (Date.now() > deadline || r.child.exitCode !== null) throw new Error(`${pattern} not printed; stdout:\n${r.stdout()}\nstderr:\n${r.stderr()}`);
    await new Promise((wake) => setTimeout(wake, 50));
  }
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

describe('node dist/cli/web-cli.mjs', () => {
  it('refuses wrong flags with exit code 2, naming the flag and what it allows, and the usage', async () => {
    const cases: [string[], string][] = [
      [['--port', ''], '--port must be a whole number from 0 to 65,535 (got "")'],
      [['--port=70000'], '--port must be a whole number from 0 to 65,535 (got "70000")'],
      [['--port'], "Option '--port <value>' argument missing"],
      [['--port', '--sandbox'], "Option '--port' argument is ambiguous"],
      [['--verbose'], "Unknown option '--verbose'"],
      [['--sandbox=yes'], "Option '--sandbox' does not take an argument"],
      [['serve'], "Unexpected argument 'serve'"],
      [['--seed-publications=10'], '--seed-publications needs --sandbox.'],
    ];
    for (const [args, message] of cases) {
      const r = run(BUILT, args);
      expect(await r.exited, args.join(' ')).toBe(2);
      expect(r.stderr()).toContain(`web: ${message}`);
      expect(r.stderr()).toContain('Usage: npm run web -- [options]');
      expect(r.stdout()).toBe('');
    }
  });

  it('listens on the port given as --port=N and stops cleanly', async () => {
    const port = await freePort();
    const r = run(join(SERVING, 'cli', 'web-cli.mjs'), [`--port=${port}`, `--data-dir=${dataDir}`, '--memory-keychain']);
    const [, origin] = await printed(r, /^ {2}(http:\/\/127\.0\.0\.1:\d+)\/\?token=\S+$/m);
    expect(new URL(origin ?? '').port).toBe(String(port));
    expect((await fetch(`${origin}/`)).status).toBe(200);
    r.child.kill('SIGTERM');
    expect(await r.exited).toBe(0);
  });

  it("reports package.json's version, taken from the build, with no npm_package_version set", async () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    const r = run(join(SERVING, 'cli', 'web-cli.mjs'), [`--data-dir=${dataDir}`, '--memory-keychain']);
    const [, address] = await printed(r, /^ {2}(http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)$/m);
    const url = new URL(address ?? '');
    const answer = await fetch(new URL('/api/invoke/app.info', url), {
      method: 'POST',
      headers: { 'x-voucher-desk-token': url.searchParams.get('token') ?? '', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(await answer.json()).toEqual({ ok: true, value: { name: 'Voucher Desk', version } });
    r.child.kill('SIGTERM');
    expect(await r.exited).toBe(0);
  });
});
