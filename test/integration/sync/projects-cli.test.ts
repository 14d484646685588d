import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cachedCounts, openCacheDatabase } from '../../../electron/cache';
import { createClient } from '../../../shared/api';
import { SEED_EARNING_RULE_IDS, type RunningSandbox } from '../../../electron/local-service/server';
import { spawnBin, spawnJson } from '../cli-inspect/spawn-bin';
import { codesOnService, sandbox, tempDir } from './helpers';

// Two projects on one sandbox address, as an account has them: a batch is synced to the sandbox
// project, looked at, then to production. Judged by what each project's own key reads on the sandbox
// and by the sandbox's request log (which records the project each request was signed for).

const env = { VOUCHER_DESK_KEYCHAIN_SERVICE: `voucher-desk-projects-test-${randomUUID()}`, VOUCHER_DESK_PROJECT: '' };

async function ok(args: readonly string[]): Promise<string> {
  const result = await spawnBin(args, { env });
  expect(result.status, `${args.join(' ')}: ${result.stderr}`).toBe(0);
  return result.stdout;
}

function keyOf(sb: RunningSandbox, name: string) {
  const project = sb.projects.find((p) => p.name === name);
  if (!project) throw new Error(`no sandbox project ${name}`);
  return project.credentials;
}

function clientOf(sb: RunningSandbox, name: string) {
  return createClient({ target: { sandbox: sb.urls[sb.hostCluster] }, auth: { type: 'keys', ...keyOf(sb, name) } });
}

const writesOf = (sb: RunningSandbox, project: string) =>
  sb.requestLog().filter((r) => r.project === project && r.method !== 'GET' && !r.path.startsWith('/v1/oauth'));

/**
 * Runs the binary on a real pseudo-terminal (util-linux `script`), typing `typed` at its prompt: how a
 * person answers the production question. Killed after 60 s.
 */
function onTerminal(args: readonly string[], typed: string): Promise<{ status: number | null; output: string }> {
  const command = [process.execPath, join(process.cwd(), 'bin', 'voucher-desk.js'), ...args].map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(' ');
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-qec', command, '/dev/null'], { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    for (const stream of [child.stdout, child.stderr]) stream.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.on('error', reject);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, output });
    });
    child.stdin.end(`${typed}\n`);
  });
}

async function twoProjects(seedPublications?: number): Promise<{ sb: RunningSandbox; at: string[] }> {
  const sb = await sandbox({
    projects: [{ name: 'prod' }, { name: 'trial', sandboxProject: true }],
    ...(seedPublications !== undefined && { seedPublications }),
  });
  const url = sb.urls[sb.hostCluster];
  const at = ['--data-dir', tempDir()];
  await spawnBin(['project', 'add', 'shop', '--region', url, '--app-id', keyOf(sb, 'prod').appId, ...at], { input: keyOf(sb, 'prod').appToken, env });
  const trial = keyOf(sb, 'trial');
  expect(
    (await spawnBin(['project', 'add', 'shop-trial', '--region', url, '--app-id', trial.appId, '--sandbox-project', ...at], { input: trial.appToken, env }))
      .status,
  ).toBe(0);
  return { sb, at };
}

describe('projects on one sandbox address (the real binary)', () => {
  it('syncs a batch to the sandbox project, then to production only once confirmed, each code once and in its own project', async () => {
    const { sb, at } = await twoProjects();
    const defaults = { discount: { type: 'PERCENT', percent_off: 10, effect: 'APPLY_TO_ORDER' } };
    await ok(['batch', 'create', 'spring', '--type', 'discount', '--defaults', JSON.stringify(defaults), ...at]);
    await ok(['batch', 'generate', 'spring', '--count', '40', '--pattern', 'SPRING-####', ...at]);
    const seeded = { prod: sb.stats('prod').vouchers, trial: sb.stats('trial').vouchers };
    const codes = (await spawnJson<{ page: { rows: { code: string }[] } }>(['batch', 'show', 'spring', '--limit', '100', ...at], { env })).page.rows.map(
      (r) => r.code,
    );

    // Queued to both projects: the batch stays frozen while either operation is open.
    expect(await ok(['queue', 'import', 'spring', '--project', 'shop-trial', ...at])).toContain('Queued operation 1 for shop-trial (sandbox project,');
    expect(await ok(['queue', 'import', 'spring', '--project', 'shop', ...at])).toContain('Queued operation 2 for shop (production,');
    const ops = await spawnJson<{ id: number; dependsOn: number[] }[]>(['outbox', ...at], { env });
    expect(ops.map((op) => op.dependsOn)).toEqual([[], []]);
    expect(await ok(['outbox', 'show', '2', ...at])).toMatch(/^Operation 2 \(import-csv, batch "spring", project shop\): queued;/);

    // The sandbox project needs no confirmation, even with no terminal.
    const trialSync = await spawnBin(['sync', '--project', 'shop-trial', ...at], { env });
    expect(trialSync.status, trialSync.stderr).toBe(0);
    expect(trialSync.stdout).toMatch(/Sync finished\.\n40 codes done by this sync/);
    expect(trialSync.stdout).toContain('Project: shop-trial (sandbox project, local sandbox');
    expect(trialSync.stderr).toMatch(/Syncing shop-trial \(sandbox project, .*\)\. The sync needs about \d+ API calls/);
    expect(await codesOnService(clientOf(sb, 'trial'), codes)).toEqual(codes);
    expect(await codesOnService(clientOf(sb, 'prod'), codes)).toEqual([]);
    const refusedRename = await spawnBin(['batch', 'rename', 'spring', 'summer', ...at], { env });
    expect(refusedRename.status).toBe(1);
    expect(refusedRename.stderr).toContain('(operation 2)');

    // Production with no terminal and no --yes: refused, and nothing written with production's key.
    const refused = await spawnBin(['sync', '--project', 'shop', ...at], { env });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('This sync writes to the PRODUCTION project shop (production, local sandbox');
    expect(refused.stderr).toContain('1 operation, 1 request, 40 codes');
    expect(refused.stderr).toContain("Nothing was sent: confirm on a terminal by typing the project's name, or pass --yes");
    expect(writesOf(sb, 'prod')).toEqual([]);
    expect(sb.stats('prod').vouchers).toBe(seeded.prod);
    // The dry run never asks, and says what the run would send.
    const plan = await spawnJson<{ requests: number; codes: number; project: string }>(['sync', '--dry-run', '--project', 'shop', ...at], { env });
    expect(plan).toMatchObject({ requests: 1, codes: 40, project: 'shop' });

    const confirmed = await spawnBin(['sync', '--project', 'shop', '--yes', ...at], { env });
    expect(confirmed.status, confirmed.stderr).toBe(0);
    expect(confirmed.stdout).toMatch(/40 codes done by this sync, 0 already on the service before it, 0 failed, of 40/);
    expect(await codesOnService(clientOf(sb, 'prod'), codes)).toEqual(codes);
    expect(writesOf(sb, 'prod').map((r) => r.path)).toEqual(['/v1/vouchers/importCSV']);
    expect(writesOf(sb, 'trial').map((r) => r.path)).toEqual(['/v1/vouchers/importCSV']);
    expect([sb.stats('prod').vouchers - seeded.prod, sb.stats('trial').vouchers - seeded.trial]).toEqual([40, 40]);
    expect((await spawnBin(['batch', 'rename', 'spring', 'summer', ...at], { env })).status).toBe(0);
  }, 170_000);

  it("on a terminal, sends to production only when the project's name is typed", async () => {
    const { sb, at } = await twoProjects();
    const defaults = { discount: { type: 'PERCENT', percent_off: 10, effect: 'APPLY_TO_ORDER' } };
    await ok(['batch', 'create', 'typed', '--type', 'discount', '--defaults', JSON.stringify(defaults), ...at]);
    await ok(['batch', 'generate', 'typed', '--count', '5', '--pattern', 'TYPED-##', ...at]);
    await ok(['queue', 'import', 'typed', '--project', 'shop', ...at]);
    const wrong = await onTerminal(['sync', '--project', 'shop', ...at], 'shop-trial');
    expect(wrong.output).toContain("Type the project's name (shop) to send it:");
    expect(wrong.output).toContain('"shop-trial" is not the project\'s name; nothing was sent.');
    expect(wrong.status).toBe(1);
    expect(writesOf(sb, 'prod')).toEqual([]);
    const right = await onTerminal(['sync', '--project', 'shop', ...at], 'shop');
    expect(right.output).toMatch(/Sync finished\./);
    expect(right.status).toBe(0);
    expect(writesOf(sb, 'prod').map((r) => r.path)).toEqual(['/v1/vouchers/importCSV']);
  }, 170_000);

  it("caches each project's history apart, each equal to what its own key lists", async () => {
    const { sb, at } = await twoProjects(400);
    for (const name of ['shop', 'shop-trial']) expect((await spawnBin(['publications', 'pull', '--project', name, ...at], { env })).status).toBe(0);
    const cachedIds: Record<string, string[]> = {};
    for (const [name, sandboxName] of [
      ['shop', 'prod'],
      ['shop-trial', 'trial'],
    ] as const) {
      cachedIds[name] = [];
      // Every page of the 400, not the first alone: a cache keyed by address would mix the two from anywhere.
      for (let page = 1; page <= 4; page += 1) {
        const listed = await clientOf(sb, sandboxName).listPublications({ limit: 100, page });
        const cached = await spawnJson<{ total: number; items: { id: string }[]; project: string }>(
          ['publications', 'list', '--limit', '100', '--page', String(page), '--project', name, ...at],
          { env },
        );
        expect(cached.project).toBe(name);
        expect(cached.total).toBe(listed.total);
        expect(cached.items.map((p) => p.id)).toEqual(listed.items.map((p) => p.id));
        cachedIds[name].push(...cached.items.map((p) => p.id));
      }
    }
    expect(cachedIds['shop']).toHaveLength(400);
    expect(cachedIds['shop']?.filter((id) => cachedIds['shop-trial']?.includes(id))).toEqual([]);
  }, 170_000);

  it("caches each project's rewards, stacks and earning rules apart, and names the project", async () => {
    const { sb, at } = await twoProjects();
    await clientOf(sb, 'trial').createReward({ type: 'COIN', name: 'Trial coins', exchange_ratio: 1, points_ratio: 10 });
    for (const [name, sandboxName] of [
      ['shop', 'prod'],
      ['shop-trial', 'trial'],
    ] as const) {
      const client = clientOf(sb, sandboxName);
      const rewards = await spawnJson<{ project: string; rewards: { id: string }[] }>(['rewards', '--pull', '--project', name, ...at], { env });
      expect(rewards.project).toBe(name);
      expect(rewards.rewards.map((r) => r.id).sort()).toEqual((await client.listRewards({ limit: 100 })).items.map((r) => r.id).sort());
      const stacks = await spawnJson<{ stacks: { id: string }[] }>(['stacks', '--pull', '--project', name, ...at], { env });
      expect(stacks.stacks.map((s) => s.id).sort()).toEqual((await client.listStacks({ limit: 100 })).items.map((s) => s.id).sort());
    }
    const offline = (name: string) => ok(['rewards', '--project', name, ...at]);
    expect(await offline('shop-trial')).toContain('Trial coins');
    expect(await offline('shop')).not.toContain('Trial coins');
    expect(await offline('shop')).toMatch(/Project: shop \(production, local sandbox http:\/\/127\.0\.0\.1:\d+\)\.\n$/);
    expect(await ok(['stacks', '--project', 'shop-trial', ...at])).toMatch(/Project: shop-trial \(sandbox project, /);
    // An earning rule fetched for one project is in that project's cache only.
    expect(await ok(['earning-rule', SEED_EARNING_RULE_IDS.points, '--project', 'shop-trial', ...at])).toMatch(/Project: shop-trial \(sandbox project, /);
    expect(await ok(['earning-rule', SEED_EARNING_RULE_IDS.points, '--offline', '--project', 'shop-trial', ...at])).toContain('cached copy');
    const other = await spawnBin(['earning-rule', SEED_EARNING_RULE_IDS.points, '--offline', '--project', 'shop', ...at], { env });
    expect(other.status).toBe(1);
    expect(other.stderr).toContain(`Earning rule ${SEED_EARNING_RULE_IDS.points} is not in the cache for shop (production,`);

    // A project that holds only cached copies is removed after it says what it holds, and only its copies go.
    const listed = await spawnJson<{ id: string; name: string }[]>(['project', 'list', ...at], { env });
    const ids = Object.fromEntries(listed.map((p) => [p.name, p.id]));
    const asked = await spawnBin(['project', 'remove', 'shop-trial', ...at], { env });
    expect(asked.status).toBe(1);
    expect(asked.stderr).toMatch(/Project "shop-trial" holds \d+ cached promotion stack\(s\), \d+ cached reward\(s\), 1 cached earning rule\(s\)\./);
    await ok(['project', 'remove', 'shop-trial', '--yes', ...at]);
    const cache = await openCacheDatabase(at[1] ?? '');
    try {
      expect(cachedCounts(cache, ids['shop-trial'] ?? '')).toEqual({ publications: 0, stacks: 0, rewards: 0, earningRules: 0 });
      expect(cachedCounts(cache, ids['shop'] ?? '').rewards).toBeGreaterThan(0);
    } finally {
      await cache.close();
    }
  }, 120_000);

  it('says a refused key and a wrong region about the project, one way', async () => {
    const { sb, at } = await twoProjects();
    sb.blockKey(keyOf(sb, 'trial').appId);
    const blocked = await spawnBin(['publications', 'pull', '--project', 'shop-trial', '--json', ...at], { env });
    expect(blocked.status).toBe(1);
    const error = (JSON.parse(blocked.stderr) as { error: { kind: string; message: string } }).error;
    expect(error.kind).toBe('CredentialsRejectedError');
    expect(error.message).toMatch(
      /^The key of project shop-trial \(sandbox project, local sandbox .*\) was refused: it may be blocked, deleted or another project's\./,
    );
    // The production key on another cluster's address: the service says the project is not hosted there.
    const elsewhere = sb.urls['us1.api'];
    const prod = keyOf(sb, 'prod');
    await spawnBin(['project', 'add', 'shop-us', '--region', elsewhere, '--app-id', prod.appId, ...at], { input: prod.appToken, env });
    const wrong = await spawnBin(['publications', 'pull', '--project', 'shop-us', ...at], { env });
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toContain(`Project "shop-us" is not hosted at ${elsewhere}: the service says so for its key.`);
  }, 170_000);

  it("says how many calls a plan needs against the sandbox project's hourly budget, and how long when it cannot fit", async () => {
    const { sb, at } = await twoProjects();
    await ok(['queue', 'reward', '--name', 'Coins', '--type', 'COIN', '--exchange-ratio', '1', '--points-ratio', '1', '--project', 'shop-trial', ...at]);
    expect(await ok(['sync', '--project', 'shop-trial', ...at])).toMatch(/Sync finished/);
    // What the service's headers said at the end of that sync is the budget the next plan counts on.
    const left = sb.requestLog().filter((r) => r.project === 'trial').length;
    const codes = Array.from({ length: 150 }, (_, i) => `GONE-${i}`);
    await ok(['queue', 'delete', ...codes, '--project', 'shop-trial', ...at]);
    const plan = await spawnJson<{ fits: boolean; budget: { limit: number; remaining: number; known: boolean }; message: string }>(
      ['sync', '--dry-run', '--project', 'shop-trial', ...at],
      { env },
    );
    expect(plan.budget).toEqual({ limit: 100, remaining: 100 - left, known: true });
    expect(plan.fits).toBe(false);
    expect(plan.message).toMatch(
      /The sync needs about 15\d API calls but \d+ of 100 calls left when last seen: it cannot fit in one hour\. .* 1 more hour \(about 60 minutes\)/,
    );
  }, 170_000);
});
