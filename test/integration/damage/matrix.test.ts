import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLibraryServices } from '../../../electron/desk/library';
import { startSandbox } from '../../../electron/local-service/server';
import { checkDataDir, restoreCopy } from '../../../electron/data-folder/health';
import type { DatabaseName } from '../../../electron/store/kept';
import { SyncEngine } from '../../../electron/sync/engine';
import { clientFor } from '../sync/helpers';
import { DAMAGES, type Damage, damage } from './damage';
import { type Golden, QUEUED_CODES, buildGolden, copyGolden } from './golden';
import { type StartOutcome, startOnce } from './outcome';

// Every file the app writes x every way of damaging it: two starts, then what the design promises
// for that file. Figures are printed at the end (cases, refused naming the file, recovered).

type Family = 'database' | 'cache' | 'kept copy' | 'settings';
interface Target {
  label: string;
  family: Family;
  database?: DatabaseName;
  /** A journal: what it held since the last full save is lost when it is (the design's bound). */
  journal?: boolean;
  path(dir: string, golden: Golden): string;
}

const newestKept = (database: DatabaseName) => (dir: string) => {
  const gens = readdirSync(join(dir, 'kept-copies'))
    .map((n) => new RegExp(`^${database}\\.(\\d+)\\.sqlite$`).exec(n)?.[1])
    .filter(Boolean)
    .map(Number);
  return join(dir, 'kept-copies', `${database}.${Math.max(...gens)}.sqlite`);
};

const TARGETS: Target[] = [
  ...(['library', 'outbox'] as const).flatMap((database): Target[] => [
    { label: `${database}.sqlite`, family: 'database', database, path: (dir) => join(dir, `${database}.sqlite`) },
    { label: `${database}.commits`, family: 'database', database, journal: true, path: (dir) => join(dir, `${database}.commits`) },
    { label: `${database}.manifest.json`, family: 'database', database, path: (dir) => join(dir, `${database}.manifest.json`) },
    { label: `kept-copies/${database}.N.sqlite`, family: 'kept copy', database, path: newestKept(database) },
  ]),
  { label: 'cache.sqlite', family: 'cache', path: (dir) => join(dir, 'cache.sqlite') },
  { label: 'cache.commits', family: 'cache', path: (dir) => join(dir, 'cache.commits') },
  { label: 'cache.manifest.json', family: 'cache', path: (dir) => join(dir, 'cache.manifest.json') },
  { label: 'kept-copies/cache.N.sqlite', family: 'kept copy', database: 'cache', path: newestKept('cache') },
  { label: 'settings.json', family: 'settings', path: (dir) => join(dir, 'settings.json') },
];

interface Figure {
  target: string;
  damage: Damage;
  result:
    | 'unchanged'
    | 'refused, file named'
    | 'reported by check'
    | 'kept copy written again at close'
    | 'cache restarted, file named'
    | 'settings refused, file named'
    | 'settings back to defaults';
  recovered?: 'whole' | 'to the last full save';
  sync?: string;
}

const figures: Figure[] = [];
const root = mkdtempSync(join(tmpdir(), 'vd-damage-'));
let golden: Golden;
let caseNo = 0;

beforeAll(async () => {
  golden = await buildGolden(join(root, 'golden'));
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
  const count = (f: (x: Figure) => boolean) => figures.filter(f).length;
  const lines = figures.map(
    (f) => `${f.target.padEnd(34)} ${f.damage.padEnd(30)} ${f.result}${f.recovered ? `; restored ${f.recovered}` : ''}${f.sync ? `; sync: ${f.sync}` : ''}`,
  );
  console.log(
    [
      'Damage matrix',
      ...lines,
      `cases: ${figures.length}; damage changed nothing: ${count((f) => f.result === 'unchanged')}; refused naming the file: ${count((f) => f.result === 'refused, file named')}; ` +
        `recovered whole from kept copies: ${count((f) => f.recovered === 'whole')}; recovered to the last full save: ${count((f) => f.recovered === 'to the last full save')}; ` +
        `found by library check: ${count((f) => f.result === 'reported by check')}; kept copy written again at close: ${count((f) => f.result === 'kept copy written again at close')}; ` +
        `cache restarted naming the file: ${count((f) => f.result === 'cache restarted, file named')}; settings refused naming the file: ${count((f) => f.result === 'settings refused, file named')}; ` +
        `settings back to defaults: ${count((f) => f.result === 'settings back to defaults')}`,
    ].join('\n'),
  );
});

function expectWhole(outcome: StartOutcome): void {
  expect(outcome.library).toEqual({ kind: 'opened', contents: golden.contents });
}

async function expectCheckNames(dir: string, database: DatabaseName, file: string): Promise<void> {
  const health = await checkDataDir(dir);
  const db = health.databases.find((d) => d.database === database);
  expect(db?.ok, `library check passes ${file}`).toBe(false);
  expect(db?.problems.map((p) => p.file)).toContain(file);
}

/**
 * Syncs against a fresh sandbox and checks that every voucher it holds is exactly what was queued.
 * `damagedBody`: the operation must stop for attention, its error naming what it could not read.
 */
async function syncAndCheck(dir: string, damagedBody?: string): Promise<string> {
  const sb = await startSandbox();
  const seeded = sb.stats().vouchers;
  try {
    const client = clientFor(sb);
    const library = await openLibraryServices(dir);
    let state: string;
    try {
      state = (await new SyncEngine({ outbox: library.outbox, client }).run()).state;
      const ops = library.outbox.operations();
      state += ops.map((op) => `, operation ${op.state}`).join('');
      if (damagedBody) {
        expect(ops.map((op) => op.state)).toEqual(['needs_attention']);
        const request = library.outbox.requests(ops[0]?.id ?? 0)[0];
        expect(request?.lastError?.message).toContain(damagedBody);
        state += ' naming the file';
      }
    } finally {
      await library.close();
    }
    let present = 0;
    for (const [n, code] of QUEUED_CODES.entries()) {
      const voucher = await client.getVoucher(code).catch(() => undefined);
      if (!voucher) continue;
      present += 1;
      expect(voucher.metadata).toEqual({ n });
    }
    expect(sb.stats().vouchers - seeded).toBe(present);
    return `${state}, ${present} of ${QUEUED_CODES.length} codes on the service, all as queued`;
  } finally {
    await sb.close();
  }
}

async function runCase(target: Target, kind: Damage): Promise<Figure> {
  const dir = join(root, `case-${(caseNo += 1)}`);
  copyGolden(golden, dir);
  const file = target.path(dir, golden);
  const figure: Figure = { target: target.label, damage: kind, result: 'unchanged' };
  if (!damage(file, kind)) return figure;
  const first = await startOnce(dir);
  const second = await startOnce(dir);
  switch (target.family) {
    case 'database': {
      const database = target.database as DatabaseName;
      for (const outcome of [first, second]) {
        expect(outcome.library).toMatchObject({ kind: 'refused', database, file });
        expect(outcome.library.kind === 'refused' && outcome.library.message).toContain(file);
      }
      figure.result = 'refused, file named';
      await expectCheckNames(dir, database, file);
      const copy = (await checkDataDir(dir)).databases.find((d) => d.database === database)?.keptCopies[0];
      await restoreCopy(dir, database, copy?.id ?? 'none');
      const after = await startOnce(dir);
      if (after.library.kind === 'opened' && JSON.stringify(after.library.contents) === JSON.stringify(golden.contents)) figure.recovered = 'whole';
      else {
        expect(target.journal, `${target.label} ${kind}: restore lost more than the journal`).toBe(true);
        expect(after.library.kind).toBe('opened');
        const contents = after.library.kind === 'opened' ? after.library.contents : undefined;
        expect(contents?.vouchers).toBeGreaterThanOrEqual(golden.savedContents.vouchers);
        expect(contents?.batches).toEqual(expect.arrayContaining(golden.savedContents.batches));
        figure.recovered = 'to the last full save';
      }
      // The queued import is made from the library's rows at send: a library put back to its last
      // full save lacks the queued batch (added since), so the import must stop, naming its rows.
      if (database === 'outbox' || figure.recovered === 'whole') figure.sync = await syncAndCheck(dir);
      else figure.sync = await syncAndCheck(dir, `rows 1 to ${QUEUED_CODES.length} of batch 2 that request 1 sends`);
      break;
    }
    case 'cache':
      expectWhole(first);
      expect(first.cache).toBe('opened');
      expect(first.cacheWarnings.join()).toContain(file);
      expect(second).toMatchObject({ cache: 'opened', cacheWarnings: [] });
      figure.result = 'cache restarted, file named';
      break;
    case 'kept copy': {
      expectWhole(first);
      expectWhole(second);
      const database = target.database as DatabaseName;
      const health = (await checkDataDir(dir)).databases.find((d) => d.database === database);
      if (health?.ok) {
        // A close found the newest copy gone and saved it again: restoring it must give everything.
        await restoreCopy(dir, database, health.keptCopies[0]?.id ?? 'none');
        expectWhole(await startOnce(dir));
        figure.result = 'kept copy written again at close';
      } else {
        expect(health?.problems.map((p) => p.file)).toContain(file);
        figure.result = 'reported by check';
      }
      break;
    }
    case 'settings':
      if (kind === 'deleted') {
        expect(first.settings).toBe('read');
        figure.result = 'settings back to defaults';
      } else {
        for (const outcome of [first, second]) expect(outcome.settings).toContain(file);
        figure.result = 'settings refused, file named';
      }
      expectWhole(first);
      break;
  }
  return figure;
}

describe('damage matrix: every file the app writes, every way of damaging it', () => {
  for (const target of TARGETS) {
    it(`${target.label}: ${DAMAGES.join(', ')}`, { timeout: 120_000 }, async () => {
      for (const kind of DAMAGES) figures.push(await runCase(target, kind));
    });
  }
});
