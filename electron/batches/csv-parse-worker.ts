import { parentPort, workerData } from 'node:worker_threads';
import { readCsvRows } from './csv-rows';
import type { BatchDefaults } from './types';

// Worker thread entry: reads the file and posts its rows, never more than a few pieces ahead of
// the thread that stores them, so a slow disk or database cannot make the rows pile up in memory.

const MAX_AHEAD = 4;
const { file, defaults } = workerData as { file: string; defaults: BatchDefaults };
const port = parentPort;
if (!port) throw new Error('csv-parse-worker must run as a worker thread');

let ahead = 0;
let wake: (() => void) | null = null;
port.on('message', () => {
  ahead -= 1;
  wake?.();
  wake = null;
});

for await (const message of readCsvRows(file, defaults)) {
  while (ahead >= MAX_AHEAD) await new Promise<void>((resolve) => (wake = resolve));
  ahead += 1;
  port.postMessage(message);
}
