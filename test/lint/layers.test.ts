import { randomUUID } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint, type Linter } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The project's own eslint.config.js on probe files written into the tree, so the layer map,
// the type-aware rules and the parsers all apply exactly as in `npm run lint`.
const root = path.resolve(import.meta.dirname, '../..');
const tag = randomUUID().slice(0, 8);

const probes = {
  sharedImportsElectron: {
    file: `shared/lint-probe-${tag}.ts`,
    text: "import { errorText } from '../electron/store/errors';\nexport const probe = errorText;\n",
  },
  sharedImportsNode: {
    file: `shared/domain/lint-probe-${tag}.ts`,
    text: "import { readFileSync } from 'node:fs';\nexport const probe = readFileSync;\n",
  },
  rendererImportsSandbox: {
    file: `renderer/src/lint-probe-${tag}.ts`,
    text: "import { systemClock } from '../../electron/local-service/clock';\nexport const probe = systemClock;\n",
  },
  electronImportsSandbox: {
    file: `electron/host/lint-probe-${tag}.ts`,
    text: "import { systemClock } from '../local-service/clock';\nexport const probe = systemClock;\n",
  },
  sandboxImportsApp: {
    file: `electron/local-service/lint-probe-${tag}.ts`,
    text: "import { errorText } from '../store/errors';\nexport const probe = errorText;\n",
  },
  electronPackageOutsideMain: {
    file: `electron/store/lint-probe-${tag}.ts`,
    text: "import { app } from 'electron';\nexport const probe = app;\n",
  },
  anyAndFloatingPromise: {
    file: `electron/store/lint-probe-any-${tag}.ts`,
    text: 'export function probe(value: any): void {\n  Promise.resolve(value);\n}\n',
  },
  rendererImportsShared: {
    file: `renderer/src/lint-probe-right-${tag}.ts`,
    text: "import { utf8ByteLength } from '../../shared/domain/utf8';\nexport const probe = (text: string): number => utf8ByteLength(text);\n",
  },
  electronImportsShared: {
    file: `electron/store/lint-probe-right-${tag}.ts`,
    text: "import { utf8ByteLength } from '../../shared/domain/utf8';\nimport { readFileSync } from 'node:fs';\nexport const probe = (file: string): number => utf8ByteLength(readFileSync(file, 'utf8'));\n",
  },
} satisfies Record<string, { file: string; text: string }>;

type Probe = keyof typeof probes;

/** Files of the tree that must stay allowed: the sandbox's two starters and the Electron entry point. */
const allowedReal = ['electron/cli/commands/sandbox.ts', 'electron/host/web-cli.ts', 'electron/main.ts'];

const messages = new Map<string, Linter.LintMessage[]>();

function messagesOf(probe: Probe): Linter.LintMessage[] {
  const found = messages.get(probes[probe].file);
  if (!found) throw new Error(`${probes[probe].file} was not linted`);
  return found;
}

function rulesOf(probe: Probe): (string | null)[] {
  return messagesOf(probe).map((m) => m.ruleId);
}

beforeAll(async () => {
  for (const { file, text } of Object.values(probes)) writeFileSync(path.join(root, file), text);
  try {
    const eslint = new ESLint({ cwd: root });
    const results = await eslint.lintFiles([...Object.values(probes).map((p) => p.file), ...allowedReal]);
    for (const result of results) messages.set(path.relative(root, result.filePath), result.messages);
  } finally {
    for (const { file } of Object.values(probes)) rmSync(path.join(root, file), { force: true });
  }
}, 300_000);

afterAll(() => {
  for (const { file } of Object.values(probes)) rmSync(path.join(root, file), { force: true });
});

describe('npm run lint: the layer map', () => {
  it('refuses shared/ importing electron/ or a Node module', () => {
    expect(rulesOf('sharedImportsElectron')).toEqual(['boundaries/dependencies']);
    expect(messagesOf('sharedImportsElectron')[0]?.message).toMatch(/"shared" to elements of type "electron"/);
    expect(rulesOf('sharedImportsNode')).toEqual(['boundaries/dependencies']);
    expect(messagesOf('sharedImportsNode')[0]?.message).toMatch(/origin "core"/);
  });

  it('refuses the sandbox from the renderer and from app code other than its two starters', () => {
    expect(rulesOf('rendererImportsSandbox')).toEqual(['boundaries/dependencies']);
    expect(messagesOf('rendererImportsSandbox')[0]?.message).toMatch(/"renderer" to elements of type "local-service"/);
    expect(rulesOf('electronImportsSandbox')).toEqual(['boundaries/dependencies']);
    expect(messagesOf('electronImportsSandbox')[0]?.message).toMatch(/"electron" to elements of type "local-service"/);
  });

  it('refuses the sandbox reaching into the app', () => {
    expect(rulesOf('sandboxImportsApp')).toEqual(['boundaries/dependencies']);
    expect(messagesOf('sandboxImportsApp')[0]?.message).toMatch(/"local-service" to elements of type "electron"/);
  });

  it('refuses the electron package outside main.ts, preload.ts and updater.ts', () => {
    expect(rulesOf('electronPackageOutsideMain')).toEqual(['boundaries/dependencies']);
    expect(messagesOf('electronPackageOutsideMain')[0]?.message).toMatch(/"electron"/);
  });

  it('refuses any and a floating promise', () => {
    const rules = rulesOf('anyAndFloatingPromise');
    expect(rules).toContain('@typescript-eslint/no-explicit-any');
    expect(rules).toContain('@typescript-eslint/no-floating-promises');
  });

  it('allows the imports the map permits, the sandbox starters and the Electron entry point', () => {
    expect(messagesOf('rendererImportsShared')).toEqual([]);
    expect(messagesOf('electronImportsShared')).toEqual([]);
    for (const file of allowedReal) expect({ file, messages: messages.get(file) }).toEqual({ file, messages: [] });
  });
});
