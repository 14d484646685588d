import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ParsedMessage } from './csv-rows';
import type { BatchDefaults } from './types';

/**
 * The parsed rows of a CSV file, always read in a worker thread started from the built worker file
 * (see workerSource). Ending the iteration early stops the worker.
 */
export function parsedCsvRows(file: string, defaults: BatchDefaults): AsyncIterable<ParsedMessage> {
  return fromWorker(workerSource(import.meta.url), file, defaults);
}

/** The worker's file is not where this build puts it; nothing falls back to reading in this thread. */
export class CsvWorkerMissingError extends Error {
  constructor(readonly file: string) {
    super(`The CSV reader cannot start: ${file} is missing. Reinstall Voucher Desk, or from the sources run \`npm run build\` again.`);
    this.name = 'CsvWorkerMissingError';
  }
}

/**
 * The worker is always the built csv-parse-worker.mjs, started as a file: in a build (main.cjs of
 * the app, the chunks of dist/cli) it sits beside the module that starts it, and in the packaged
 * app it is unpacked from the asar archive (build/electron-builder.yml), because a worker thread
 * cannot start from inside one. Only the TypeScript sources themselves (loaded by the tests) have
 * no build beside them; they use the command line's build, which `npm test` makes first.
 */
export function workerSource(moduleUrl: string): string {
  if (!moduleUrl.startsWith('file:')) throw new CsvWorkerMissingError(`csv-parse-worker.mjs beside ${moduleUrl} (not a file)`);
  const here = fileURLToPath(moduleUrl);
  const folder = here.endsWith('.ts') ? join(dirname(here), '..', '..', 'dist', 'cli') : dirname(here);
  return present(join(folder, 'csv-parse-worker.mjs').replace(/\.asar([\\/])/, '.asar.unpacked$1'));
}

function present(file: string): string {
  if (!existsSync(file)) throw new CsvWorkerMissingError(file);
  return file;
}

export async function* fromWorker(script: string, file: string, defaults: BatchDefaults): AsyncGenerator<ParsedMessage> {
  // Loaded here, not with this module: every command that opens the library loads this module, and
  // worker_threads (with the networking and timing modules it pulls in) costs each of them ~4 ms.
  const { Worker } = await import('node:worker_threads');
  const worker = new Worker(script, { workerData: { file, defaults } });
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
