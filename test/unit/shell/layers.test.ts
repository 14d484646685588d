import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

function sources(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|svelte)$/.test(f))
    .map((f) => path.join(dir, f));
}

const importsElectron = /(from\s+|require\(\s*|import\(\s*)['"]electron(\/[^'"]*)?['"]/;

describe('who may import electron', () => {
  it('only main.ts, preload.ts and updater.ts, so everything else runs in plain Node', () => {
    const allowed = new Set(['electron/main.ts', 'electron/preload.ts', 'electron/updater.ts'].map((f) => path.normalize(f)));
    const offenders = ['electron', 'shared', 'renderer']
      .flatMap(sources)
      .filter((file) => !allowed.has(file) && importsElectron.test(readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('the contract in shared/ipc imports no Node module', () => {
    const offenders = sources('shared/ipc').filter((file) => /from\s+['"]node:/.test(readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
