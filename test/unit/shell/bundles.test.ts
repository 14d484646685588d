import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBundle, requiredModules } from './bundle-build';

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { main: string; dependencies: Record<string, string> };
let outDir = '';
let main = '';
let preload = '';

beforeAll(() => {
  outDir = mkdtempSync(path.join(os.tmpdir(), 'vd-shell-bundles-'));
  main = buildBundle('main', outDir);
  preload = buildBundle('preload', outDir);
});

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('main and preload bundles', () => {
  it('the sandboxed preload requires nothing but electron', () => {
    expect(requiredModules(preload)).toEqual(['electron']);
    expect(preload).not.toMatch(/^\s*(import|export)\s/m);
  });

  it('the preload carries the channel names but not the schemas', () => {
    expect(preload).toContain('"app.info"');
    expect(preload).toContain('"update.status"');
    expect(preload).not.toContain('safeParse');
  });

  it('main requires only electron, Node built-ins and production dependencies', () => {
    const allowed = new Set(['electron', ...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);
    const production = Object.keys(pkg.dependencies);
    const strays = requiredModules(main).filter((name) => !allowed.has(name) && !production.some((dep) => name === dep || name.startsWith(`${dep}/`)));
    expect(strays).toEqual([]);
    expect(requiredModules(main)).toEqual(expect.arrayContaining(['electron', 'electron-updater', 'zod']));
  });

  it("main is the file package.json's main field names", () => {
    expect(pkg.main).toBe('dist/main/main.cjs');
    expect(main).toContain('requestSingleInstanceLock');
  });
});
