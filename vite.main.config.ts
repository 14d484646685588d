import { builtinModules } from 'node:module';
import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string; dependencies: Record<string, string> };

/** The build's version, read by electron/host/app-version.ts; the vitest configs use the same. */
export const appVersionDefine = { __VOUCHER_DESK_VERSION__: JSON.stringify(pkg.version) };
const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];

interface Entry {
  input: string | Record<string, string>;
  format: 'cjs' | 'es';
  external: readonly string[];
  outDir: string;
  /** Only the first build into a folder empties it (no shell `rm`, so the scripts run on Windows too). */
  emptyOutDir: boolean;
}

// Built once per mode (`--mode main|preload|csv-parse-worker|cli`). Main and the sandboxed preload
// are CommonJS, and the preload can require nothing but 'electron'. The CSV worker is an ES module
// (it awaits at top level) that carries its dependencies inside, so it runs unpacked from the asar
// archive, where node_modules is not.
// `cli` is what `bin/voucher-desk.js`, `npm run web` and `npm run sandbox` run: one ES build of the
// three entry points plus a CSV worker of their own, split into chunks so that each command loads
// only the modules it imports. keytar is native and sql.js finds its .wasm beside its own package
// at run time, so both stay in node_modules; the rest is bundled, which spares Node resolving
// and reading hundreds of small files at every start.
const entries: Record<string, Entry> = {
  main: {
    input: 'electron/main.ts',
    format: 'cjs',
    external: ['electron', ...nodeBuiltins, ...Object.keys(pkg.dependencies)],
    outDir: 'dist/main',
    emptyOutDir: true,
  },
  preload: { input: 'electron/preload.ts', format: 'cjs', external: ['electron'], outDir: 'dist/main', emptyOutDir: false },
  'csv-parse-worker': { input: 'electron/batches/csv-parse-worker.ts', format: 'es', external: nodeBuiltins, outDir: 'dist/main', emptyOutDir: false },
  cli: {
    input: {
      cli: 'electron/cli.ts',
      'web-cli': 'electron/host/web-cli.ts',
      'sandbox-cli': 'electron/local-service/main.ts',
      'csv-parse-worker': 'electron/batches/csv-parse-worker.ts',
    },
    format: 'es',
    external: [...nodeBuiltins, 'keytar', 'sql.js'],
    outDir: 'dist/cli',
    emptyOutDir: true,
  },
};

export default defineConfig(({ mode }) => {
  const entry = entries[mode];
  if (!entry) throw new Error(`--mode must be one of ${Object.keys(entries).join(', ')}`);
  const ext = entry.format === 'es' ? 'mjs' : 'cjs';
  return {
    // What stays outside each bundle is decided by `external` below alone, not by Vite's SSR default.
    ssr: { noExternal: true },
    define: appVersionDefine,
    build: {
      outDir: entry.outDir,
      emptyOutDir: entry.emptyOutDir,
      ssr: true,
      target: 'node20',
      minify: false,
      rollupOptions: {
        input: entry.input,
        external: (id: string) => entry.external.some((e) => id === e || id.startsWith(`${e}/`)),
        // Chunks sit beside the entries: the CSV worker is looked up beside the module that starts it.
        output: { format: entry.format, entryFileNames: `[name].${ext}`, chunkFileNames: `[name]-[hash].${ext}` },
      },
    },
  };
});
