import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import os from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CsvWorkerMissingError, fromWorker, workerSource } from '../../../electron/batches/csv-parse-thread';
import { readCsvRows, type ParsedMessage } from '../../../electron/batches/csv-rows';
import { buildBundle } from '../../unit/shell/bundle-build';
import { writeFixtureCsv } from './csv-fixture';
import { PERCENT_DEFAULTS } from './library-fixture';

let outDir = '';
let code = '';
let main = '';

beforeAll(() => {
  outDir = mkdtempSync(join(os.tmpdir(), 'vd-csv-worker-'));
  // In the order of `npm run build`: the main build empties the folder first.
  main = buildBundle('main', outDir);
  code = buildBundle('csv-parse-worker', outDir);
});

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

async function collect(messages: AsyncIterable<ParsedMessage>): Promise<ParsedMessage[]> {
  const all: ParsedMessage[] = [];
  for await (const message of messages) all.push(message);
  return all;
}

// The packaged app runs the CSV reader from the bundle built beside main.cjs, not from the sources.
describe('the bundled CSV worker', () => {
  it('imports nothing but Node built-ins, so it runs unpacked outside the asar archive', () => {
    const imported = [...code.matchAll(/^import .* from "([^"]+)"/gm)].map((m) => m[1] ?? '');
    const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);
    expect(imported.filter((name) => !builtins.has(name))).toEqual([]);
  });

  it('is found by the main bundle beside itself, and delivers exactly the rows this thread reads', async () => {
    // Inside main.cjs the module's own URL is main.cjs's, so the worker is looked up beside it.
    expect(main).toContain('workerSource(require("url").pathToFileURL(__filename).href)');
    const source = workerSource(pathToFileURL(join(outDir, 'main.cjs')).href);
    expect(source).toBe(join(outDir, 'csv-parse-worker.mjs'));
    const csv = join(outDir, 'in.csv');
    await writeFixtureCsv(csv, 5_000, new Set([7, 4_321]));
    const defaults = { ...PERCENT_DEFAULTS, category: 'default' };
    expect(await collect(fromWorker(source, csv, defaults))).toEqual(await collect(readCsvRows(csv, defaults)));
  });

  it('is looked up in the unpacked copy of an asar archive', () => {
    const resources = join(outDir, 'resources');
    mkdirSync(join(resources, 'app.asar.unpacked', 'dist', 'main'), { recursive: true });
    const unpacked = join(resources, 'app.asar.unpacked', 'dist', 'main', 'csv-parse-worker.mjs');
    writeFileSync(unpacked, '');
    expect(workerSource(pathToFileURL(join(resources, 'app.asar', 'dist', 'main', 'main.cjs')).href)).toBe(unpacked);
  });

  it('fails loudly, naming the missing file, instead of reading in the main thread', () => {
    const elsewhere = join(outDir, 'elsewhere');
    const fromBuild = () => workerSource(pathToFileURL(join(elsewhere, 'main.cjs')).href);
    expect(fromBuild).toThrow(CsvWorkerMissingError);
    expect(fromBuild).toThrow(`The CSV reader cannot start: ${join(elsewhere, 'csv-parse-worker.mjs')} is missing.`);
    // The sources use the command line's build (dist/cli), never the TypeScript worker through a loader.
    const fromSources = () => workerSource(pathToFileURL(join(elsewhere, 'electron', 'batches', 'csv-parse-thread.ts')).href);
    expect(fromSources).toThrow(`${join(elsewhere, 'dist', 'cli', 'csv-parse-worker.mjs')} is missing`);
  });
});
