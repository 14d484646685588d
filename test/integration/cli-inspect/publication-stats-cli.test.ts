import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cachedPublicationStats, listPulls, openCacheDatabase } from '../../../electron/cache';
import type { RunningSandbox } from '../../../electron/local-service/server';
import type { PublicationStats } from '../../../shared/ipc/publication-history';
import { extraPublications } from '../cache/history';
import { makeTempDir } from '../cache/temp';
import { historyProject, killedWhen, type HistoryProject } from './history-project';
import { spawnBin, spawnJson } from './spawn-bin';

vi.setConfig({ testTimeout: 180_000 });

const ZONE = 'Europe/Warsaw';
const env = { VOUCHER_DESK_KEYCHAIN_SERVICE: `voucher-desk-stats-test-${randomUUID()}`, VOUCHER_DESK_PROJECT: '', TZ: ZONE };
const tmp = makeTempDir();
const dataDir = join(tmp, 'data');
const at = ['--data-dir', dataDir];
const EXTRA = 1500;

let history: HistoryProject;
let sb: RunningSandbox;
let url: string;
let projectId: string;

beforeAll(async () => {
  history = await historyProject(tmp, extraPublications(EXTRA, 0, Date.UTC(2026, 2, 27)), env, at);
  ({ sb, url, projectId } = history);
}, 60_000);

afterAll(() => history?.close());

const listRequests = (): number => sb.requestLog().filter((r) => r.path === '/v1/publications').length;

/** Starts `publications pull --full` and kills it (SIGKILL) once the sandbox has answered `pages` list requests. */
async function killedPull(pages: number): Promise<void> {
  const before = listRequests();
  await killedWhen(['publications', 'pull', '--full', '--target', url, ...at], env, () => listRequests() - before >= pages);
}

describe('voucher-desk publications pull, stats and export (the real binary)', () => {
  it('carries on a pull whose process was killed, without reading again the pages it stored', async () => {
    sb.setFaults({ latencyMs: 60 });
    await killedPull(5);
    sb.setFaults({ latencyMs: 0 });
    const db = await openCacheDatabase(dataDir);
    const [killed] = listPulls(db, projectId);
    await db.close();
    expect(killed?.status).toBe('running');
    expect(killed?.pages).toBeGreaterThan(0);

    const before = listRequests();
    const pulled = await spawnJson<{ pullId: number; requests: number; resumed: boolean; complete: boolean; items: number }>(
      ['publications', 'pull', '--target', url, ...at],
      { env },
    );
    const pages = Math.ceil((EXTRA + 30) / 100);
    expect(pulled).toMatchObject({ pullId: killed?.id, resumed: true, complete: true, requests: pages - (killed?.pages ?? 0) });
    expect(listRequests() - before).toBe(pulled.requests);

    const again = await spawnBin(['publications', 'pull', '--target', url, ...at], { env });
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toMatch(
      /Pulled 100 publications in 1 page from \S+ \(production, local sandbox \S+\) \(pull #\d+, new at the top: 0 new, 1 request\)\./,
    );
  });

  it('prints the same numbers as the dashboard, by week in the local zone, as JSON and as text', async () => {
    const json = await spawnJson<PublicationStats & { project: string }>(
      ['publications', 'stats', '--by', 'week', '--from', '2026-03-23', '--target', url, ...at],
      { env },
    );
    const db = await openCacheDatabase(dataDir);
    const dashboard = cachedPublicationStats(db, projectId, { selection: {}, narrowing: { from: '2026-03-22T23:00:00.000Z' }, by: 'week', timeZone: ZONE });
    await db.close();
    const { project, ...stats } = json;
    expect(project).toBe(url);
    expect(stats).toEqual(dashboard);
    expect(stats.total).toBe(EXTRA);
    expect(stats.buckets[0]?.start).toBe('2026-03-23T00:00:00+01:00');

    const text = await spawnBin(['publications', 'stats', '--by', 'week', '--from', '2026-03-23', '--channel', 'Email', '--target', url, ...at], { env });
    expect(text.status, text.stderr).toBe(0);
    const emails = stats.channels.find((c) => c.channel === 'Email')?.count ?? 0;
    expect(text.stdout).toContain(`Publications by week in ${ZONE}, from the offline cache of ${url} (production, local sandbox ${url}):`);
    expect(text.stdout).toMatch(new RegExp(`2026-03-23 +${emails} +\\d+ +\\d+ +${emails}\\n`));
    expect(text.stdout).toContain(`Total: ${emails.toLocaleString('en-US')} publications`);
    expect(text.stdout).toMatch(/Failures:\n {2}\w+: \d+\n {4}\d+ × Failed: \w+/);
  });

  it('refuses a wrong --by or date naming the option and what is allowed', async () => {
    const by = await spawnBin(['publications', 'stats', '--by', 'year', ...at], { env });
    expect(by.status).toBe(2);
    expect(by.stderr).toContain('--by must be one of day, week, month (got "year")');
    const from = await spawnBin(['publications', 'stats', '--from', '2026-02-30', ...at], { env });
    expect(from.status).toBe(2);
    expect(from.stderr).toMatch(/--from must be a day as YYYY-MM-DD \(local, in Europe\/Warsaw\) or an instant with Z or an offset.*\(got "2026-02-30"\)/);
    const instant = await spawnBin(['publications', 'stats', '--from', '2026-02-30T09:30:00Z', ...at], { env });
    expect(instant.status).toBe(2);
    expect(instant.stderr).toMatch(
      /--from must be a day as YYYY-MM-DD \(local, in Europe\/Warsaw\) or an instant with Z or an offset.*\(got "2026-02-30T09:30:00Z"\)/,
    );
    const range = await spawnBin(['publications', 'stats', '--from', '2026-04-01', '--to', '2026-03-01', ...at], { env });
    expect(range.status).toBe(2);
    expect(range.stderr).toContain('--from must be before --to');
  });

  it('exports the filtered list to CSV, newest first, with local and ISO times', async () => {
    const file = join(tmp, 'failures.csv');
    const out = await spawnBin(
      ['publications', 'export', '--out', file, '--result', 'FAILURE', '--from', '2026-03-01', '--to', '2026-03-28', '--target', url, ...at],
      { env },
    );
    expect(out.status, out.stderr).toBe(0);
    const lines = readFileSync(file, 'utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'id,created_at_local,created_at,result,channel,customer_id,campaign,codes,failure_code,failure_message,tracking_id,source_id,is_referral_code',
    );
    const rows = lines.slice(1).map((l) => l.split(','));
    expect(out.stdout).toBe(`Wrote ${rows.length} publications of ${url} (production, local sandbox ${url}) to ${file}.\n`);
    const expected = extraPublications(EXTRA, 0, Date.UTC(2026, 2, 27)).filter(
      (d) => d.facts.result === 'FAILURE' && Date.parse(d.item.created_at) < Date.parse('2026-03-28T23:00:00Z'),
    );
    expect(rows.length).toBe(expected.length);
    expect(rows.map((r) => r[2])).toEqual([...rows.map((r) => r[2] ?? '')].sort().reverse());
    for (const r of rows) {
      expect(Date.parse(r[1] ?? '')).toBe(Date.parse(r[2] ?? ''));
      expect(r[1]).toMatch(/\+01:00$/);
      expect(r[3]).toBe('FAILURE');
    }
  });
});
