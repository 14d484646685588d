import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { UsageError } from '../../../electron/command-line/flags';
import { parseWebArgs } from '../../../electron/host/web-cli';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function runCli(args: string[]): Run {
  const child = spawn(process.execPath, ['dist/cli/sandbox-cli.mjs', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let text = '';
  child.stdout?.on('data', (chunk) => (text += String(chunk)));
  child.stderr?.on('data', (chunk) => (text += String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => text, exited };
}

/** A port free at the moment of asking. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(run: Run, needle: string, ms = 30_000): Promise<string> {
  const deadline = Date.now() + ms;
  while (!run.output().includes(needle)) {
    if (Date.now() > deadline || run.child.exitCode !== null) throw new Error(`"${needle}" not printed; output:\n${run.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return run.output();
}

describe('sandbox command line', () => {
  it('prints each cluster URL, the hosting cluster and the key pair, serves, and stops cleanly on SIGTERM', async () => {
    const run = runCli(['--cluster', 'as1.api', '--app-id', 'cli-app', '--app-token', 'cli-secret', '--rate-limit', '50/min']);
    const text = await waitFor(run, 'Serving until stopped');
    expect(text).toContain('Project hosted on cluster: as1.api');
    expect(text).toContain('App ID:    cli-app');
    expect(text).toContain('App Token: cli-secret');
    expect(text).toContain('Rate limit: 50 calls a minute');
    const urls = Object.fromEntries([...text.matchAll(/^\s+(\S+)\s+(http:\/\/127\.0\.0\.1:\d+)/gm)].map((m) => [m[1], m[2]]));
    expect(Object.keys(urls).sort()).toEqual(['api', 'as1.api', 'as1.download', 'download', 'us1.api', 'us1.download']);
    expect(text).toMatch(/as1\.download\s+http:\/\/127\.0\.0\.1:\d+ {3}<- export files/);
    const answer = await fetch(`${urls['as1.api']}/v1/vouchers/SUMMER-001`, { headers: { 'X-App-Id': 'cli-app', 'X-App-Token': 'cli-secret' } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-rate-limit-limit')).toBe('50');
    const wrong = await fetch(`${urls.api}/v1/vouchers/SUMMER-001`, { headers: { 'X-App-Id': 'cli-app', 'X-App-Token': 'cli-secret' } });
    expect(((await wrong.json()) as { key: string }).key).toBe('wrong_cluster');
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    expect(run.output()).toContain('Sandbox stopped.');
  });

  it('stops cleanly on SIGINT too', async () => {
    const run = runCli([]);
    await waitFor(run, 'Serving until stopped');
    expect(run.output()).toContain('Rate limit: 300,000 calls a month (the default plan)');
    run.child.kill('SIGINT');
    expect(await run.exited).toBe(0);
    expect(run.output()).toContain('Received SIGINT');
  });

  it('explains a bad option and exits with code 2', async () => {
    for (const args of [['--cluster', 'eu'], ['--rate-limit', 'fast'], ['--port', 'x'], ['--colour']]) {
      const run = runCli(args);
      expect(await run.exited).toBe(2);
      expect(run.output()).toContain('Usage:');
    }
    const help = runCli(['--help']);
    expect(await help.exited).toBe(0);
    for (const route of ['gatewayNext', 'rateLimitNext', 'dropNext', 'stallNext', '/__sandbox/requests', '/__sandbox/keys/block'])
      expect(help.output()).toContain(route);
  });

  it('takes --port=N as --port N, and refuses --port with an empty value (exit 2)', async () => {
    const port = await freePort();
    const run = runCli([`--port=${port}`]);
    const text = await waitFor(run, 'Serving until stopped');
    expect(text).toContain(`api          http://127.0.0.1:${port}   <- the project lives here`);
    expect(text).toContain(`download     http://127.0.0.1:${port + 3}   <- export files`);
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    for (const args of [['--port', ''], ['--port='], ['--port']]) {
      const refused = runCli(args);
      expect(await refused.exited).toBe(2);
      expect(refused.output()).toMatch(/sandbox: (--port must be a whole number from 0 to 65,533 \(got ""\)|Option '--port <value>' argument missing)/);
      expect(refused.output()).toContain('Usage:');
    }
  });

  it('serves --project and --sandbox-project on one address and prints each name, kind and key pair', async () => {
    const run = runCli(['--project', 'shop:app-shop:token-shop', '--sandbox-project', 'trial:app-trial:token-trial', '--rate-limit', '500/min']);
    const text = await waitFor(run, 'Serving until stopped');
    expect(text).toContain('Projects hosted on cluster: api (2 projects on one address; the key pair selects the project)');
    expect(text).toContain('Project shop (production), key pair (headers X-App-Id and X-App-Token):\n  App ID:    app-shop\n  App Token: token-shop');
    expect(text).toContain('Project trial (sandbox-project), key pair (headers X-App-Id and X-App-Token):\n  App ID:    app-trial\n  App Token: token-trial');
    expect(text).toContain('  Rate limit: 500 calls a minute');
    expect(text).toContain("  Rate limit: 100 calls an hour (the sandbox project's fixed budget)");
    const url = /(http:\/\/127\.0\.0\.1:\d+) {3}<- the projects live here/.exec(text)?.[1];
    const shop = await fetch(`${url}/v1/vouchers/SUMMER-001`, { headers: { 'X-App-Id': 'app-shop', 'X-App-Token': 'token-shop' } });
    expect(shop.status).toBe(200);
    expect(shop.headers.get('x-rate-limit-limit')).toBe('500');
    const trial = await fetch(`${url}/v1/vouchers/SUMMER-001`, { headers: { 'X-App-Id': 'app-trial', 'X-App-Token': 'token-trial' } });
    expect(trial.status).toBe(404);
    expect(trial.headers.get('x-rate-limit-limit')).toBe('100');
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  });

  it('refuses a bad --project or --sandbox-project, naming the flag and the shape NAME:APP_ID:APP_TOKEN (exit 2)', async () => {
    const cases: [string[], string][] = [
      [['--project', 'shop:app-shop'], '--project must be NAME:APP_ID:APP_TOKEN'],
      [['--project', 'shop::token'], '--project must be NAME:APP_ID:APP_TOKEN'],
      [['--sandbox-project', 'trial'], '--sandbox-project must be NAME:APP_ID:APP_TOKEN'],
      [['--project', 'my shop:a:b'], '--project/--sandbox-project: project name "my shop" is not allowed: use 1 to 40 letters, digits'],
      [['--project', 'shop:a:b', '--project', 'SHOP:c:d'], '--project/--sandbox-project: project name "SHOP" is given twice'],
      [
        ['--project', 'shop:a:b', '--sandbox-project', 'trial:a:c'],
        '--project/--sandbox-project: project "trial": app id "a" is already the key of project "shop"',
      ],
      [['--sandbox-project', 't1:a:b', '--sandbox-project', 't2:c:d'], '--sandbox-project may be given once'],
      [['--project', 'shop:a:b', '--app-id', 'x'], '--app-id and --app-token make the one project'],
    ];
    for (const [args, message] of cases) {
      const refused = runCli(args);
      expect(await refused.exited).toBe(2);
      expect(refused.output()).toContain(`sandbox: ${message}`);
      expect(refused.output()).toContain('Usage:');
    }
  });

  it('seeds a history of --seed-publications N publications and lists them; refuses a bad N', async () => {
    const run = runCli(['--seed-publications', '1500', '--app-id', 'cli-app', '--app-token', 'cli-secret']);
    const text = await waitFor(run, 'Serving until stopped');
    expect(text).toContain('Publications: 1,500 listed');
    const url = /(http:\/\/127\.0\.0\.1:\d+) {3}<- the project lives here/.exec(text)?.[1];
    const answer = await fetch(`${url}/v1/publications?limit=1&result=FAILURE`, { headers: { 'X-App-Id': 'cli-app', 'X-App-Token': 'cli-secret' } });
    const failed = ((await answer.json()) as { total: number }).total;
    expect(failed).toBeGreaterThan(0);
    expect(failed).toBeLessThan(1500);
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    for (const bad of ['lots', '-5', '1000001']) {
      // With `=`: parseArgs takes a value starting with a dash only so, as the CLI does.
      const refused = runCli([`--seed-publications=${bad}`]);
      expect(await refused.exited).toBe(2);
      expect(refused.output()).toContain('--seed-publications must be a whole number from 0 to 1,000,000');
    }
  });

  it('passes --seed-publications to the web host only with --sandbox', () => {
    expect(parseWebArgs(['--sandbox', '--seed-publications', '2000', '--data-dir', 'x']).seedPublications).toBe(2000);
    expect(() => parseWebArgs(['--seed-publications', '2000'])).toThrow(UsageError);
    expect(() => parseWebArgs(['--sandbox', '--seed-publications', 'many'])).toThrow(/whole number/);
  });
});
