import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SEED_EARNING_RULE_IDS, startSandbox, type RunningSandbox } from '../../../electron/local-service/server';
import { createClient, type Publication, type VoucherClient } from '../../../shared/api';
import { makeTempDir } from '../cache/temp';
import { keysForSandbox, spawnBin, spawnJson } from './spawn-bin';

// Each test spawns the binary several times, slow on a busy machine.
vi.setConfig({ testTimeout: 180_000 });

const env = { VOUCHER_DESK_KEYCHAIN_SERVICE: `voucher-desk-inspect-test-${randomUUID()}`, VOUCHER_DESK_PROJECT: '' };
const tmp = makeTempDir();
const dataDir = join(tmp, 'data');
const at = ['--data-dir', dataDir];

let sb: RunningSandbox;
let client: VoucherClient;
let url: string;
let deleteKeys: (() => Promise<unknown>) | undefined;
const JUNCTION_OR = { junction: 'or', result: { conditions: { $is: 'FAILURE' } }, customer_id: { conditions: { $in: ['cust_alice0001'] } } };

beforeAll(async () => {
  if (!process.env.DBUS_SESSION_BUS_ADDRESS) {
    throw new Error('No D-Bus session: run these through `npm test -- test/integration/cli-inspect`, which starts a private keyring');
  }
  sb = await startSandbox();
  url = sb.urls[sb.hostCluster];
  client = createClient({ target: { sandbox: url }, auth: { type: 'keys', ...sb.credentials } });
  deleteKeys = await keysForSandbox(url, sb.credentials, env, at);
}, 60_000);

afterAll(async () => {
  await sb?.close();
  await deleteKeys?.();
});

describe('voucher-desk publications, stacks, rewards, earning-rule (the real binary)', () => {
  it('pulls online, then lists offline with filters, orders and pages exactly as the sandbox answers', async () => {
    const pulled = await spawnBin(['publications', 'pull', '--target', url, ...at], { env });
    expect(pulled.status, pulled.stderr).toBe(0);
    const total = (await client.listPublications({ limit: 1 })).total;
    expect(pulled.stdout).toContain(`Pulled ${total} publications in 1 page from ${url} (production, local sandbox ${url})`);
    expect(pulled.stderr).toBe('');

    const byCampaign = await spawnJson<{ items: number; complete: boolean }>(['publications', 'pull', '--campaign', 'Summer Sale', ...at], { env });
    expect(byCampaign).toMatchObject({ items: (await client.listPublications({ campaign: 'Summer Sale', limit: 1 })).total, complete: true });

    const page2 = (await client.listPublications({ result: 'SUCCESS', order: 'voucher_code', page: 2, limit: 4 })).items.map((p) => p.id);
    const successTotal = (await client.listPublications({ result: 'SUCCESS', limit: 1 })).total;
    const orWanted = (await client.listPublications({ filters: JUNCTION_OR as never, order: '-channel', limit: 100 })).items.map((p) => p.id);
    const summer = (await client.listPublications({ campaign: 'Summer Sale', order: 'id', limit: 100 })).items.map((p) => p.id);
    await sb.close();

    // No --target from here on: the cache remembers where the last pull went.
    const listed = await spawnJson<{ items: Publication[]; total: number; offset: number }>(
      ['publications', 'list', '--result', 'SUCCESS', '--order', 'voucher_code', '--page', '2', '--limit', '4', ...at],
      { env },
    );
    expect(listed.items.map((p) => p.id)).toEqual(page2);
    expect(listed).toMatchObject({ total: successTotal, offset: 4 });

    const filters = JSON.stringify(JUNCTION_OR);
    const or = await spawnJson<{ items: Publication[] }>(['publications', 'list', '--filters', filters, '--order=-channel', '--limit', '100', ...at], { env });
    expect(or.items.map((p) => p.id)).toEqual(orWanted);

    const learned = await spawnJson<{ items: Publication[]; undetermined: number }>(
      ['publications', 'list', '--campaign', 'Summer Sale', '--order', 'id', '--limit', '100', ...at],
      { env },
    );
    expect(learned.items.map((p) => p.id)).toEqual(summer);
    expect(learned.undetermined).toBe(0);

    const table = await spawnBin(['publications', 'list', '--result', 'SUCCESS', '--order', 'voucher_code', '--page', '2', '--limit', '4', ...at], { env });
    expect(table.status).toBe(0);
    expect(table.stdout.split('\n')[0]).toMatch(/^ID\s+CREATED\s+CUSTOMER\s+CHANNEL\s+RESULT\s+CAMPAIGN\s+CODES \/ FAILURE$/);
    expect(table.stdout).toContain(page2[0]);
    expect(table.stdout).toContain(`Showing 5-8 of ${successTotal} cached publications (page 2 of ${Math.ceil(successTotal / 4)}).`);
    expect(table.stdout).toMatch(/Last pull: #2 at \S+ \(done\) with \{"campaign":"Summer Sale"\}\./);

    for (const file of ['cache.sqlite', 'cache.commits']) {
      const path = join(dataDir, file);
      if (existsSync(path)) expect(readFileSync(path).includes(Buffer.from(sb.credentials.appToken))).toBe(false);
    }
    expect(pulled.stdout + pulled.stderr + table.stdout).not.toContain(sb.credentials.appToken);
  });

  it('says what is wrong with a bad query, naming the option or field, with the right exit code', async () => {
    const order = await spawnBin(['publications', 'list', '--order', 'newest', ...at], { env });
    expect(order.status).toBe(2);
    expect(order.stderr).toMatch(/order.*"newest".*id, -id, voucher_code/);
    const filters = await spawnBin(['publications', 'list', '--filters', '[1]', ...at], { env });
    expect(filters.status).toBe(2);
    expect(filters.stderr).toContain('--filters must be a JSON object');
    const noKey = await spawnBin(['publications', 'pull', '--target', 'http://127.0.0.1:9', ...at], { env });
    expect(noKey.status).toBe(1);
    expect(noKey.stderr).toContain('No project is named after http://127.0.0.1:9: add it with `voucher-desk project add');
  });
});

describe('stacks, rewards and earning rules through the binary', () => {
  let dir: string[];
  let sb2: RunningSandbox;
  let url2: string;

  beforeAll(async () => {
    sb2 = await startSandbox();
    url2 = sb2.urls[sb2.hostCluster];
    dir = ['--data-dir', join(tmp, 'data2')];
    const deleteKeys2 = await keysForSandbox(url2, sb2.credentials, env, dir);
    return async () => {
      await sb2.close();
      await deleteKeys2();
    };
  });

  it('pulls stacks, rewards and rules, then shows them offline', async () => {
    const c = createClient({ target: { sandbox: url2 }, auth: { type: 'keys', ...sb2.credentials } });
    const byName = (await c.listStacks({ order: '-name', limit: 100 })).items.map((s) => s.id);
    const summer = (await c.listCampaignStacks('camp_summersale01')).items.map((s) => s.id).sort();
    const rewards = (await c.listRewards({ limit: 100 })).items.map((r) => r.id);
    const rule = await c.getEarningRule(SEED_EARNING_RULE_IDS.proportional);

    const pulled = await spawnBin(['stacks', '--pull', '--target', url2, ...dir], { env });
    expect(pulled.status, pulled.stderr).toBe(0);
    expect(pulled.stdout).toContain(`Pulled ${byName.length} stacks from ${url2} (production, local sandbox ${url2}).`);
    expect(pulled.stdout.split('\n')[1]).toMatch(/^ID\s+NAME\s+CAMPAIGN\s+TIERS\s+MODE\s+CREATED\s+UPDATED$/);
    expect((await spawnBin(['rewards', '--pull', ...dir], { env })).status).toBe(0);
    const fetched = await spawnBin(['earning-rule', SEED_EARNING_RULE_IDS.proportional, ...dir], { env });
    expect(fetched.status, fetched.stderr).toBe(0);
    await sb2.close();

    const stacks = await spawnJson<{ stacks: { id: string }[] }>(['stacks', '--order=-name', ...dir], { env });
    expect(stacks.stacks.map((s) => s.id)).toEqual(byName);
    const camp = await spawnJson<{ stacks: { id: string }[] }>(['stacks', '--campaign', 'camp_summersale01', ...dir], { env });
    expect(camp.stacks.map((s) => s.id).sort()).toEqual(summer);
    const cachedRewards = await spawnJson<{ rewards: { id: string }[] }>(['rewards', ...dir], { env });
    expect(cachedRewards.rewards.map((r) => r.id)).toEqual(rewards);

    const offline = await spawnBin(['earning-rule', SEED_EARNING_RULE_IDS.proportional, '--offline', ...dir], { env });
    expect(offline.status, offline.stderr).toBe(0);
    const effect = rule.earnings?.[0]?.effects as { points_proportional: { points_expiration: { rolling_expiration: { period: { value: number } } } } }[];
    const days = effect[0]?.points_proportional.points_expiration.rolling_expiration.period.value;
    expect(offline.stdout).toContain(`Earning rule ${SEED_EARNING_RULE_IDS.proportional} "${rule.name}" (${rule.status})`);
    expect(offline.stdout).toContain(`points expire ${days} days after they are earned`);
    expect(offline.stdout).toContain('(cached copy at');
    expect(offline.stdout).toBe(fetched.stdout.replace('(fetched at', '(cached copy at'));

    const unknown = await spawnBin(['earning-rule', 'ern_notcached001', '--offline', ...dir], { env });
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('Earning rule ern_notcached001 is not in the cache');
  });
});

describe('voucher-desk sandbox', () => {
  it('runs the sandbox until interrupted', async () => {
    const child = spawn(process.execPath, [join(process.cwd(), 'bin', 'voucher-desk.js'), 'sandbox', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    const deadline = Date.now() + 30_000;
    while (!out.includes('Serving until stopped') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const served = out.includes('Serving until stopped');
    const base = /api\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
    const answer = base ? await fetch(`${base}/v1/publications`).then((r) => r.status) : undefined;
    child.kill('SIGINT');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    expect(await exited).toBe(0);
    clearTimeout(timer);
    expect(served).toBe(true);
    expect(answer).toBe(401);
    expect(out).toContain('Sandbox stopped.');
  });

  it('shows the sandbox options', async () => {
    const help = await spawnBin(['sandbox', 'run', '--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('--rate-limit N/min');
  });
});
