import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { readCsvRows, type ParsedMessage } from './csv-rows';
import type { BatchDefaults } from './types';

/**
 * The parsed rows of a CSV file, read in a worker thread when the worker can be loaded (from the
 * TypeScript sources, as the command line, tests and benchmarks run, or from the bundle built
 * beside main.cjs, as the packaged app runs), else in this thread. Ending the iteration early
 * stops the worker.
 */
export function parsedCsvRows(file: string, defaults: BatchDefaults): AsyncIterable<ParsedMessage> {
  const worker = workerSource();
  return worker ? fromWorker(worker, file, defaults) : readCsvRows(file, defaults);
}

export type WorkerSource = { kind: 'bundle'; script: string } | { kind: 'sources'; script: string; tsx: string };

function workerSource(): WorkerSource | null {
  if (!import.meta.url.startsWith('file:')) return null;
  if (!import.meta.url.endsWith('.ts')) return bundledWorker(fileURLToPath(import.meta.url));
  const script = fileURLToPath(new URL('./csv-parse-worker.ts', import.meta.url));
  if (!existsSync(script)) return null;
  try {
    const tsxPackage = createRequire(import.meta.url).resolve('tsx/package.json');
    return { kind: 'sources', script, tsx: join(dirname(tsxPackage), 'dist/esm/api/index.mjs') };
  } catch {
    return null;
  }
}

/**
 * The worker bundle beside the main bundle. In the packaged app it is unpacked from the asar
 * archive (build/electron-builder.yml), because a worker thread cannot start from inside one.
 */
export function bundledWorker(mainBundle: string): WorkerSource | null {
  const beside = join(dirname(mainBundle), 'csv-parse-worker.mjs');
  const script = beside.replace(/\.asar([\\/])/, '.asar.unpacked$1');
  return existsSync(script) ? { kind: 'bundle', script } : null;
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
