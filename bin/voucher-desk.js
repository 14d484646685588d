#!/usr/bin/env node
// `voucher-desk` runs the command line's bundle, built with the app (`npm run build`). It never
// compiles the TypeScript sources itself: what runs is what the build and the tests produced.
import { existsSync } from 'node:fs';
import module from 'node:module';
import { fileURLToPath } from 'node:url';

const bundle = new URL('../dist/cli/cli.mjs', import.meta.url);
if (!existsSync(bundle)) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  process.stderr.write(
    `voucher-desk: the command line is not built (${fileURLToPath(bundle)} is missing).\n` +
      `Build it in ${root} with \`npm run build\` (or just the command line: \`npm run build:cli\`), then run voucher-desk again.\n`,
  );
  process.exit(1);
}
// Node 22.1+ keeps the compiled bundle between runs (a start-up cost paid once); older Node has no such cache.
module.enableCompileCache?.();
await import(bundle.href);
