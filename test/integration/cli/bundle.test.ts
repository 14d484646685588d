import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCacheDatabase } from '../../../electron/cache';
import { Outbox } from '../../../electron/outbox/outbox';
import { writeProjectsFile } from '../../../electron/projects/project-file';
import { buildBundle } from '../../unit/shell/bundle-build';
import { fillCache } from '../cache/fill';
import { extraPublications } from '../cache/history';

const ROOT = resolve(import.meta.dirname, '../../..');
// Inside the checkout, so the bundle finds keytar and sql.js in node_modules as dist/cli does;
// a folder of this file's own, so the build the other tests run (dist/cli) is never replaced under them.
const outDir = join(ROOT, 'dist', `cli-test-${process.pid}`);
let work = '';

beforeAll(() => {
  buildBundle('cli', outDir);
  work = mkdtempSync(join(tmpdir(), 'vd-cli-bundle-'));
  // Logs every module Node's ES loader resolves, from a hook thread of its own.
  writeFileSync(
    join(work, 'hooks.mjs'),
    `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const found = await next(specifier, context);
  appendFileSync(${JSON.stringify(join(work, 'loaded.txt'))}, found.url + '\\n');
  return found;
}`,
  );
  writeFileSync(
    join(work, 'register.mjs'),
    `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(join(work, 'hooks.mjs')).href)});\n`,
  );
  // Records, at exit, Node's built-in modules loaded and the CommonJS files required (sql.js is).
  writeFileSync(
    join(work, 'exit-record.mjs'),
    `import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
process.on('exit', () => writeFileSync(${JSON.stringify(join(work, 'record.json'))}, JSON.stringify({ builtins: process.moduleLoadList, required: Object.keys(require.cache) })));
`,
  );
});

afterAll(() => {
  rmSync(outDir, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});

function cli(entry: string, args: readonly string[]): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, ['--import', pathToFileURL(join(work, 'register.mjs')).href, entry, ...args], {
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('the command line as it ships: the bundle of a fresh build', () => {
  it('creates and lists a batch, loading only the bundle, Node built-ins and the two native-side packages', () => {
    const dataDir = join(work, 'data');
    const created = cli(join(outDir, 'cli.mjs'), ['batch', 'create', 'Fresh', '--data-dir', dataDir, '--json']);
    expect(created.stderr).toBe('');
    expect(JSON.parse(created.stdout)).toMatchObject({ id: 1, name: 'Fresh' });
    const listed = cli(join(outDir, 'cli.mjs'), ['batch', 'list', '--data-dir', dataDir]);
    expect(listed.status).toBe(0);
    expect(listed.stdout).toMatch(/^\s*1\s+Fresh\s+0\s+0\s+0\s/m);

    const loaded = readFileSync(join(work, 'loaded.txt'), 'utf8').trim().split('\n');
    const files = loaded.filter((url) => url.startsWith('file:'));
    expect(files.length).toBeGreaterThan(1);
    expect(files.filter((url) => /\.(c|m)?tsx?$/.test(url) || url.includes('/node_modules/tsx/') || url.includes('/node_modules/esbuild/'))).toEqual([]);
    const outside = files.filter((url) => !url.startsWith(pathToFileURL(outDir).href) && !/\/node_modules\/(sql\.js|keytar)\//.test(url));
    expect(outside).toEqual([]);
    expect(loaded.filter((url) => !url.startsWith('file:') && !url.startsWith('node:'))).toEqual([]);
    // Nor through require(), which the hook above does not see: no file of the build names tsx or a .ts file.
    const built = readdirSync(outDir).map((name) => readFileSync(join(outDir, name), 'utf8'));
    expect(built.filter((code) => /(require|import)\(\s*["'](tsx|esbuild)([/"'])|["'][^"'\n]+\.ts["']\)/.test(code))).toEqual([]);
  });

  it('loads only the modules of the command it runs', () => {
    rmSync(join(work, 'loaded.txt'), { force: true });
    const help = cli(join(outDir, 'cli.mjs'), ['--help']);
    expect(help.status).toBe(0);
    const files = readFileSync(join(work, 'loaded.txt'), 'utf8')
      .trim()
      .split('\n')
      .filter((url) => url.startsWith('file:'));
    // The general help needs the names of the groups, not their code, the database or the keychain.
    expect(files.filter((url) => url.includes('/node_modules/'))).toEqual([]);
    const bytes = (urls: readonly string[]) => urls.reduce((sum, url) => sum + statSync(new URL(url)).size, 0);
    const built = readdirSync(outDir).map((name) => pathToFileURL(join(outDir, name)).href);
    expect(bytes(files)).toBeLessThan(bytes(built) / 10);
  });

  it('answers `batch list` from the library listing without sql.js, node:crypto or node:v8, which `batch show` loads', () => {
    const dataDir = join(work, 'listed');
    const record = (args: readonly string[]) => {
      const run = spawnSync(
        process.execPath,
        ['--import', pathToFileURL(join(work, 'exit-record.mjs')).href, join(outDir, 'cli.mjs'), ...args, '--data-dir', dataDir],
        {
          encoding: 'utf8',
          timeout: 60_000,
          env: { ...process.env, NODE_OPTIONS: '' },
        },
      );
      expect(run.status, run.stderr).toBe(0);
      const loaded = JSON.parse(readFileSync(join(work, 'record.json'), 'utf8')) as { builtins: string[]; required: string[] };
      return { stdout: run.stdout, builtins: loaded.builtins, sqlJs: loaded.required.filter((file) => file.includes('/node_modules/sql.js/')) };
    };
    record(['batch', 'create', 'Listed']);
    const listed = record(['batch', 'list']);
    expect(listed.stdout).toMatch(/^\s*1\s+Listed\s+0\s+0\s+0\s/m);
    expect(listed.sqlJs).toEqual([]);
    expect(listed.builtins.filter((name) => ['NativeModule crypto', 'NativeModule v8'].includes(name))).toEqual([]);
    // A brief command that opens the library sets V8's flag for sql.js first (Command.brief).
    const shown = record(['batch', 'show', 'Listed']);
    expect(shown.sqlJs.length).toBeGreaterThan(0);
    expect(shown.builtins).toContain('NativeModule v8');
  });

  it('answers outbox list, sync --dry-run, project list and publications list without sql.js, node:crypto, papaparse or the API client', async () => {
    const dataDir = join(work, 'queued');
    const project = { id: 'prj_bundle', name: 'bundle', location: 'http://127.0.0.1:9', appId: 'app', kind: 'sandbox-project' } as const;
    writeProjectsFile(dataDir, { version: 1, current: project.id, projects: [project] });
    const outbox = await Outbox.open(dataDir);
    const payload = { batchId: 1, batchName: 'queued', webhooksEnable: false };
    await outbox.enqueue({
      kind: 'import-csv',
      uid: 'op-1',
      batchId: 1,
      dependsOn: [],
      codes: 5,
      requests: [{ codes: 5, bytes: 99 }],
      project: project.id,
      payload,
    });
    await outbox.close();
    const cache = await openCacheDatabase(dataDir);
    await fillCache(cache, project.id, extraPublications(3));
    await cache.close();
    const record = (args: readonly string[]) => {
      rmSync(join(work, 'loaded.txt'), { force: true });
      const hooks = ['--import', pathToFileURL(join(work, 'register.mjs')).href, '--import', pathToFileURL(join(work, 'exit-record.mjs')).href];
      const run = spawnSync(process.execPath, [...hooks, join(outDir, 'cli.mjs'), ...args, '--data-dir', dataDir], {
        encoding: 'utf8',
        timeout: 60_000,
        env: { ...process.env, NODE_OPTIONS: '', VOUCHER_DESK_KEYCHAIN_SERVICE: `voucher-desk-bundle-${process.pid}` },
      });
      expect(run.status, run.stderr).toBe(0);
      const loaded = JSON.parse(readFileSync(join(work, 'record.json'), 'utf8')) as { builtins: string[]; required: string[] };
      const chunks = readFileSync(join(work, 'loaded.txt'), 'utf8')
        .trim()
        .split('\n')
        .map((url) => url.slice(url.lastIndexOf('/') + 1));
      return {
        stdout: run.stdout,
        sqlJs: loaded.required.filter((file) => file.includes('/node_modules/sql.js/')),
        crypto: loaded.builtins.filter((name) => name === 'NativeModule crypto'),
        // Chunks are named after their first module: the CSV library, the API client and the sync engine.
        heavy: chunks.filter((name) => /^(papaparse|api|engine)-/.test(name)),
      };
    };
    for (const args of [
      ['outbox', 'list'],
      ['sync', '--dry-run'],
      ['project', 'list'],
    ]) {
      const seen = record(args);
      expect(seen.stdout, args.join(' ')).toMatch({ project: /bundle/, publications: /Showing 1-3 of 3/ }[args[0] as string] ?? /queued/);
      expect({ sqlJs: seen.sqlJs, crypto: seen.crypto, heavy: seen.heavy }, args.join(' ')).toEqual({ sqlJs: [], crypto: [], heavy: [] });
    }
  });

  it('bin/voucher-desk.js runs the build of dist/cli and says how to build it when it is missing', () => {
    const shipped = spawnSync(process.execPath, [join(ROOT, 'bin', 'voucher-desk.js'), '--help'], { encoding: 'utf8', timeout: 60_000 });
    expect(shipped.status).toBe(0);
    expect(shipped.stdout).toContain('Usage: voucher-desk <command>');

    const bare = join(work, 'checkout');
    mkdirSync(join(bare, 'bin'), { recursive: true });
    copyFileSync(join(ROOT, 'bin', 'voucher-desk.js'), join(bare, 'bin', 'voucher-desk.js'));
    const missing = spawnSync(process.execPath, [join(bare, 'bin', 'voucher-desk.js'), 'batch', 'list'], { encoding: 'utf8', timeout: 60_000 });
    expect(missing.status).toBe(1);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toContain(`the command line is not built (${join(bare, 'dist', 'cli', 'cli.mjs')} is missing)`);
    expect(missing.stderr).toContain('npm run build');
  });
});
