import { builtinModules } from 'node:module';
import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string> };
const mainExternal = [
  'electron',
  ...builtinModules,
  ...builtinModules.map((m) => `node:${m}`),
  ...Object.keys(pkg.dependencies),
];

// Built once per entry (`--mode main`, `--mode preload`) so each is one self-contained CommonJS
// file: a sandboxed preload can require nothing but 'electron', so it must not share chunks.
export default defineConfig(({ mode }) => ({
  build: {
    outDir: 'dist/main',
    emptyOutDir: false,
    ssr: `electron/${mode}.ts`,
    target: 'node20',
    minify: false,
    rollupOptions: {
      external: (id: string) =>
        (mode === 'preload' ? ['electron'] : mainExternal).some((e) => id === e || id.startsWith(`${e}/`)),
      output: { format: 'cjs', entryFileNames: '[name].cjs' },
    },
  },
}));
