import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ParsedMessage } from './csv-rows';
import type { BatchDefaults } from './types';

/**
 * The parsed rows of a CSV file, always read in a worker thread started from the file beside this
 * module (see workerSource). Ending the iteration early stops the worker.
 */
export function parsedCsvRows(file: string, defaults: BatchDefaults): AsyncIterable<ParsedMessage> {
  return fromWorker(workerSource(import.meta.url), file, defaults);
}

export type WorkerSource = { kind: 'bundle'; script: string } | { kind: 'sources'; script: string; tsx: string };

/** The worker's file (or what starts it) is not where this build puts it; nothing falls back to reading in this thread. */
export class CsvWorkerMissingError extends Error {
  constructor(readonly file: string) {
    super(`The CSV reader cannot start: ${file} is missing. Reinstall Voucher Desk, or from the sources run \`npm run build\` (or \`npm install\`) again.`);
    this.name = 'CsvWorkerMissingError';
  }
}

function present(file: string): string {
  if (!existsSync(file)) throw new CsvWorkerMissingError(file);
  return file;
}

/**
 * One rule for every way the app runs: the worker sits beside the module that starts it. From the
 * TypeScript sources (the command line, tests, benchmarks, under tsx) that is csv-parse-worker.ts,
 * loaded through tsx; in a build (`npm run build`, the packaged app) this module is inside
 * main.cjs and the worker is the bundle csv-parse-worker.mjs beside it.
 */
export function workerSource(moduleUrl: string): WorkerSource {
  if (!moduleUrl.startsWith('file:')) throw new CsvWorkerMissingError(`csv-parse-worker beside ${moduleUrl} (not a file)`);
  const here = fileURLToPath(moduleUrl);
  if (!here.endsWith('.ts')) return bundledWorker(here);
  const script = present(join(dirname(here), 'csv-parse-worker.ts'));
  let tsxPackage: string;
  try {
    tsxPackage = createRequire(moduleUrl).resolve('tsx/package.json');
  } catch {
    throw new CsvWorkerMissingError(join(dirname(here), 'node_modules', 'tsx'));
  }
  return { kind: 'sources', script, tsx: present(join(dirname(tsxPackage), 'dist/esm/api/index.mjs')) };
}

/**
 * The worker bundle beside the main bundle. In the packaged app it is unpacked from the asar
 * archive (build/electron-builder.yml), because a worker thread cannot start from inside one.
 */
export function bundledWorker(mainBundle: string): WorkerSource {
  const beside = join(dirname(mainBundle), 'csv-parse-worker.mjs');
  return { kind: 'bundle', script: present(beside.replace(/\.asar([\\/])/, '.asar.unpacked$1')) };
}

export async function* fromWorker(source: WorkerSource, file: string, defaults: BatchDefaults): AsyncGenerator<ParsedMessage> {
  const worker =
    source.kind === 'bundle'
      ? new Worker(source.script, { workerData: { file, defaults } })
      : new Worker(tsxBootstrap(source.tsx, source.script), { eval: true, workerData: { file, defaults } });
  const queue: ParsedMessage[] = [];
  let failure: ParsedMessage | null = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  worker.on('message', (message: ParsedMessage) => {
    queue.push(message);
    notify();
  });
  worker.on('error', (error) => {
    failure = { kind: 'failed', message: error.message };
    notify();
  });
  worker.on('exit', () => {
    failure ??= { kind: 'failed', message: 'the CSV reader stopped before the end of the file' };
    notify();
  });
  try {
    for (;;) {
      const message = queue.shift();
      if (message) {
        worker.postMessage('next');
        yield message;
        if (message.kind === 'end' || message.kind === 'failed') return;
        continue;
      }
      if (failure) {
        yield failure;
        return;
      }
      await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    await worker.terminate();
  }
}

// From the sources, the worker loads TypeScript through tsx, as the command line does.
function tsxBootstrap(tsx: string, script: string): string {
  return `import(${JSON.stringify(pathToFileURL(tsx).href)})
    .then(({ register }) => { register(); return import(${JSON.stringify(pathToFileURL(script).href)}); })`;
}
