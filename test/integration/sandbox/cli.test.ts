import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { UsageError } from '../../../electron/cli/flags';
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
    expect(Object.keys(urls).sort()).toEqual(['api', 'as1.api', 'us1.api']);
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
    for (const bad of ['lots', '-5', '300001']) {
      const refused = runCli(['--seed-publications', bad]);
      expect(await refused.exited).toBe(2);
      expect(refused.output()).toContain('--seed-publications must be a whole number from 0 to 300,000');
    }
  });

  it('passes --seed-publications to the web host only with --sandbox', () => {
    expect(parseWebArgs(['--sandbox', '--seed-publications', '2000', '--data-dir', 'x']).seedPublications).toBe(2000);
    expect(() => parseWebArgs(['--seed-publications', '2000'])).toThrow(UsageError);
    expect(() => parseWebArgs(['--sandbox', '--seed-publications', 'many'])).toThrow(/whole number/);
  });
});
