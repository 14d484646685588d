import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Builds one entry of vite.main.config.ts into `outDir` exactly as `npm run build` does, and returns its code. */
export function buildBundle(mode: 'main' | 'preload' | 'csv-parse-worker' | 'cli', outDir: string): string {
  const vite = path.join(repoRoot, 'node_modules/vite/bin/vite.js');
  execFileSync(process.execPath, [vite, 'build', '--config', 'vite.main.config.ts', '--mode', mode, '--outDir', outDir, '--logLevel', 'warn'], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 120_000,
  });
  return readFileSync(path.join(outDir, `${mode}.${mode === 'main' || mode === 'preload' ? 'cjs' : 'mjs'}`), 'utf8');
}

/** Every module name a CommonJS bundle requires. */
export function requiredModules(code: string): string[] {
  return [...new Set([...code.matchAll(/\brequire\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1] ?? ''))].sort();
}
