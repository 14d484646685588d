import { type SpawnSyncReturns, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint, type Linter } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The project's own eslint.config.js on probe files written into the tree, so the layer map,
// the type-aware rules and the parsers all apply exactly as in `npm run lint`; and the folder-cycle
// check of `npm run lint` (scripts/folder-cycles.mjs) on the tree with and without a loop.
const root = path.resolve(import.meta.dirname, '../..');
const tag = randomUUID().slice(0, 8);

/** A probe in `folder` importing `name` from `from`: a path from the repository's root, or a package. */
function importing(folder: string, from: string, name: string): { folder: string; text: string } {
  const specifier = /^(electron|shared|renderer)\//.test(from) ? path.posix.relative(folder, from) : from;
  const local = name.split(' as ').at(-1) ?? name;
  return { folder, text: `import { ${name} } from '${specifier}';\nexport const probe = ${local};\n` };
}

/** Each probe's file, named after it. */
function named<P extends Record<string, { folder: string }>>(probes: P): { [K in keyof P]: P[K] & { file: string } } {
  const entries = Object.entries(probes).map(([name, probe]) => [name, { ...probe, file: `${probe.folder}/lint-probe-${name}-${tag}.ts` }]);
  return Object.fromEntries(entries) as { [K in keyof P]: P[K] & { file: string } };
}

/** Each forbidden direction, one probe each; every one must be refused by boundaries/dependencies, naming both sides. */
const refused = named({
  storeImportsBatches: { ...importing('electron/store', 'electron/batches/rows', 'SELECT_ROWS'), says: /"store" to elements of type "batches"/ },
  storeImportsOutbox: { ...importing('electron/store', 'electron/outbox/bodies', 'BODIES_FOLDER'), says: /"store" to elements of type "outbox"/ },
  dataImportsOtherData: { ...importing('electron/batches', 'electron/outbox/bodies', 'BODIES_FOLDER'), says: /"batches" to elements of type "outbox"/ },
  dataImportsDesk: { ...importing('electron/outbox', 'electron/desk/legacy-targets', 'legacySources'), says: /"outbox" to elements of type "desk"/ },
  dataImportsSync: { ...importing('electron/cache', 'electron/sync/progress', 'progressOf'), says: /"cache" to elements of type "sync"/ },
  dataImportsHost: { ...importing('electron/batches', 'electron/host/events', 'createEventEmitter'), says: /"batches" to elements of type "host"/ },
  deskImportsSync: { ...importing('electron/desk', 'electron/sync/progress', 'progressOf'), says: /"desk" to elements of type "sync"/ },
  syncImportsHost: { ...importing('electron/sync', 'electron/host/events', 'createEventEmitter'), says: /"sync" to elements of type "host"/ },
  syncImportsCli: { ...importing('electron/sync', 'electron/cli/format', 'table'), says: /"sync" to elements of type "cli"/ },
  hostImportsCli: { ...importing('electron/host', 'electron/cli/format', 'table'), says: /"host" to elements of type "cli"/ },
  appImportsEntry: { ...importing('electron/host', 'electron/updater', 'createUpdater'), says: /"host" to .* elements of type "entry"/ },
  unplacedFolder: { ...importing(`electron/lint-probe-${tag}`, 'electron/store/errors', 'StoreError'), says: /"entry" to elements of type "store"/ },
  sharedImportsElectron: { ...importing('shared', 'electron/store/errors', 'StoreError'), says: /"shared" to elements of type "store"/ },
  sharedImportsNode: { ...importing('shared/domain', 'node:fs', 'readFileSync'), says: /origin "core"/ },
  rendererImportsElectron: { ...importing('renderer/src', 'electron/store/errors', 'StoreError'), says: /"renderer" to elements of type "store"/ },
  electronImportsRenderer: { ...importing('electron/host', 'renderer/src/views', 'views'), says: /"host" to elements of type "renderer"/ },
  rendererImportsSqlJs: { ...importing('renderer/src', 'sql.js', 'default as initSqlJs'), says: /"sql.js"/ },
  rendererImportsKeytar: { ...importing('renderer/src', 'keytar', 'getPassword'), says: /"keytar"/ },
  dataImportsKeytar: { ...importing('electron/projects', 'keytar', 'getPassword'), says: /"keytar"/ },
  frontEndImportsSqlJs: { ...importing('electron/host', 'sql.js', 'default as initSqlJs'), says: /"sql.js"/ },
  rendererImportsSandbox: {
    ...importing('renderer/src', 'electron/local-service/clock', 'systemClock'),
    says: /"renderer" to elements of type "local-service"/,
  },
  appImportsSandbox: {
    ...importing('electron/cli', 'electron/local-service/clock', 'systemClock'),
    says: /"cli" to elements of type "local-service"/,
  },
  sandboxImportsApp: { ...importing('electron/local-service', 'electron/store/errors', 'StoreError'), says: /"local-service" to elements of type "store"/ },
  electronPackageOutsideMain: { ...importing('electron/host', 'electron', 'app'), says: /"electron"/ },
});

/** Each allowed direction, one probe each: nothing to say about any of them. */
const allowed = named({
  storeImportsSharedAndNode: {
    folder: 'electron/store',
    text: "import { readFileSync } from 'node:fs';\nimport { utf8ByteLength } from '../../shared/domain/utf8';\nexport const probe = (file: string): number => utf8ByteLength(readFileSync(file, 'utf8'));\n",
  },
  dataImportsStore: importing('electron/batches', 'electron/store/errors', 'StoreError'),
  projectsImportsSecrets: importing('electron/projects', 'electron/secrets/memory-store', 'MemorySecretStore'),
  deskImportsData: importing('electron/desk', 'electron/outbox/bodies', 'BODIES_FOLDER'),
  syncImportsData: importing('electron/sync', 'electron/cache/state', 'cacheState'),
  syncImportsDesk: importing('electron/sync', 'electron/desk/legacy-targets', 'legacySources'),
  hostImportsSync: importing('electron/host', 'electron/sync/progress', 'progressOf'),
  cliImportsEngineRules: importing('electron/cli', 'electron/update/availability', 'initialUpdateStatus'),
  rendererImportsShared: importing('renderer/src', 'shared/domain/utf8', 'utf8ByteLength'),
});

/** Rules of the code, not of the map. */
const typed = {
  file: `electron/store/lint-probe-any-${tag}.ts`,
  text: 'export function probe(value: any): void {\n  Promise.resolve(value);\n}\n',
};

/** Files of the tree that must stay allowed: the entry points, the sandbox's two starters, what it shares, and the packages' owners. */
const allowedReal = [
  'electron/main.ts',
  'electron/cli.ts',
  'electron/updater.ts',
  'electron/cli/commands/sandbox.ts',
  'electron/host/web-cli.ts',
  'electron/local-service/db.ts',
  'electron/local-service/cli-args.ts',
  'electron/store/sqljs.ts',
  'electron/secrets/keytar-store.ts',
];

/** Two folders the map places side by side, made to import each other. */
const cycle = [
  {
    file: `electron/window/lint-probe-cycle-${tag}.ts`,
    text: `import { other } from '../update/lint-probe-cycle-${tag}';\nexport const probe = (): string => other();\n`,
  },
  {
    file: `electron/update/lint-probe-cycle-${tag}.ts`,
    text: `import { probe } from '../window/lint-probe-cycle-${tag}';\nexport const other = (): string => typeof probe;\n`,
  },
];

type Refused = keyof typeof refused;
type Allowed = keyof typeof allowed;
const probeFiles = [...Object.values(refused), ...Object.values(allowed), typed];
const unplacedFolder = path.join(root, `electron/lint-probe-${tag}`);

const messages = new Map<string, Linter.LintMessage[]>();
let elementPatterns: string[] = [];
let cyclesClean: SpawnSyncReturns<string>;
let cyclesWithLoop: SpawnSyncReturns<string>;

function messagesOf(file: string): Linter.LintMessage[] {
  const found = messages.get(file);
  if (!found) throw new Error(`${file} was not linted`);
  return found;
}

function removeProbes(): void {
  for (const { file } of [...probeFiles, ...cycle]) rmSync(path.join(root, file), { force: true });
  rmSync(unplacedFolder, { recursive: true, force: true });
}

const folderCycles = (): SpawnSyncReturns<string> => spawnSync(process.execPath, ['scripts/folder-cycles.mjs'], { cwd: root, encoding: 'utf8' });

beforeAll(async () => {
  try {
    cyclesClean = folderCycles();
    for (const { file, text } of cycle) writeFileSync(path.join(root, file), text);
    cyclesWithLoop = folderCycles();
    mkdirSync(unplacedFolder, { recursive: true });
    for (const { file, text } of probeFiles) writeFileSync(path.join(root, file), text);
    const eslint = new ESLint({ cwd: root });
    const results = await eslint.lintFiles([...probeFiles.map((p) => p.file), ...cycle.map((p) => p.file), ...allowedReal]);
    for (const result of results) messages.set(path.relative(root, result.filePath), result.messages);
    const config = (await eslint.calculateConfigForFile('electron/main.ts')) as { settings: { 'boundaries/elements': { pattern: string }[] } };
    elementPatterns = config.settings['boundaries/elements'].map((element) => element.pattern);
  } finally {
    removeProbes();
  }
}, 300_000);

afterAll(removeProbes);

describe('npm run lint: the layer map', () => {
  it.each(Object.keys(refused) as Refused[])('refuses %s', (name) => {
    const { file, says } = refused[name];
    const found = messagesOf(file);
    expect(found.map((m) => m.ruleId)).toEqual(['boundaries/dependencies']);
    expect(found[0]?.message).toMatch(says);
  });

  it.each(Object.keys(allowed) as Allowed[])('allows %s', (name) => {
    expect(messagesOf(allowed[name].file)).toEqual([]);
  });

  it('allows the entry points, the sandbox starters, what the sandbox shares and the packages in their owners', () => {
    for (const file of allowedReal) expect({ file, messages: messagesOf(file) }).toEqual({ file, messages: [] });
  });

  it('refuses two folders of one layer importing each other', () => {
    for (const { file } of cycle) expect(messagesOf(file).map((m) => m.ruleId)).toEqual(['boundaries/dependencies']);
  });

  it('places every folder of electron/ in the map', () => {
    const folders = readdirSync(path.join(root, 'electron'), { withFileTypes: true }).filter(
      (entry) => entry.isDirectory() && !entry.name.startsWith('lint-probe-'),
    );
    const unplaced = folders.map((entry) => `electron/${entry.name}`).filter((folder) => !elementPatterns.includes(folder));
    expect(unplaced, 'add each to electronLayers in eslint.config.js').toEqual([]);
  });

  it('refuses any and a floating promise', () => {
    const rules = messagesOf(typed.file).map((m) => m.ruleId);
    expect(rules).toContain('@typescript-eslint/no-explicit-any');
    expect(rules).toContain('@typescript-eslint/no-floating-promises');
  });
});

describe('npm run lint: no folders importing each other', () => {
  it('finds none in the tree', () => {
    expect({ status: cyclesClean.status, stderr: cyclesClean.stderr }).toEqual({ status: 0, stderr: '' });
  });

  it('refuses a loop of two folders, naming the imports that make it', () => {
    expect(cyclesWithLoop.status).toBe(1);
    expect(cyclesWithLoop.stderr).toContain('Folders importing each other: electron/update, electron/window.');
    for (const { file } of cycle) expect(cyclesWithLoop.stderr).toContain(`${file} imports`);
  });
});
