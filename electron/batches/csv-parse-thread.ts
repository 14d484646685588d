import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { readCsvRows, type ParsedMessage } from './csv-rows';
import type { BatchDefaults } from './types';

/**
 * The parsed rows of a CSV file, read in a worker thread when the worker's source can be loaded
 * (run from the TypeScript sources, as the command line, tests and benchmarks do), else in this
 * thread. Ending the iteration early stops the worker.
 */
export function parsedCsvRows(file: string, defaults: BatchDefaults): AsyncIterable<ParsedMessage> {
  const worker = workerSource();
  return worker ? fromWorker(worker, file, defaults) : readCsvRows(file, defaults);
}

interface WorkerSource {
  script: string;
  tsx: string;
}

function workerSource(): WorkerSource | null {
  if (!import.meta.url.startsWith('file:') || !import.meta.url.endsWith('.ts')) return null;
  const script = fileURLToPath(new URL('./csv-parse-worker.ts', import.meta.url));
  if (!existsSync(script)) return null;
  try {
    const tsxPackage = createRequire(import.meta.url).resolve('tsx/package.json');
    return { script, tsx: join(dirname(tsxPackage), 'dist/esm/api/index.mjs') };
  } catch {
    return null;
  }
}

async function* fromWorker(source: WorkerSource, file: string, defaults: BatchDefaults): AsyncGenerator<ParsedMessage> {
  // The worker loads TypeScript through tsx, as the command line does.
  const bootstrap = `import(${JSON.stringify(pathToFileURL(source.tsx).href)})
    .then(({ register }) => { register(); return import(${JSON.stringify(pathToFileURL(source.script).href)}); })`;
  const worker = new Worker(bootstrap, { eval: true, workerData: { file, defaults } });
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
