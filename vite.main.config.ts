import { builtinModules } from 'node:module';
import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string> };
const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];

// Built once per entry (`--mode main|preload|csv-parse-worker`) so each is one self-contained
// file. Main and the sandboxed preload are CommonJS, and the preload can require nothing but
// 'electron'. The CSV worker is an ES module (it awaits at top level) that carries its dependencies
// inside, so it runs unpacked from the asar archive, where node_modules is not.
const entries = {
  main: { input: 'electron/main.ts', format: 'cjs', external: ['electron', ...nodeBuiltins, ...Object.keys(pkg.dependencies)] },
  preload: { input: 'electron/preload.ts', format: 'cjs', external: ['electron'] },
  'csv-parse-worker': { input: 'electron/batches/csv-parse-worker.ts', format: 'es', external: nodeBuiltins },
} as const;

export default defineConfig(({ mode }) => {
  if (!(mode in entries)) throw new Error(`--mode must be one of ${Object.keys(entries).join(', ')}`);
  const entry = entries[mode as keyof typeof entries];
  return {
    // What stays outside each bundle is decided by `external` below alone, not by Vite's SSR default.
    ssr: { noExternal: true },
    build: {
      outDir: 'dist/main',
      emptyOutDir: false,
      ssr: entry.input,
      target: 'node20',
      minify: false,
      rollupOptions: {
        external: (id: string) => entry.external.some((e) => id === e || id.startsWith(`${e}/`)),
        output: { format: entry.format, entryFileNames: entry.format === 'es' ? '[name].mjs' : '[name].cjs' },
      },
    },
  };
});
