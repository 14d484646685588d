import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsedCsvRows } from '../../../electron/batches/csv-parse-thread';
import { readCsvRows, type ParsedMessage } from '../../../electron/batches/csv-rows';
import { writeFixtureCsv } from './csv-fixture';
import { PERCENT_DEFAULTS } from './library-fixture';
import { useTempDirs } from '../store/temp-dir';

const tempDir = useTempDirs();

async function collect(messages: AsyncIterable<ParsedMessage>): Promise<ParsedMessage[]> {
  const all: ParsedMessage[] = [];
  for await (const message of messages) all.push(message);
  return all;
}

describe('CSV rows read in a worker thread', () => {
  it('arrive exactly as read in this thread, piece by piece, with problems and shared field sets', async () => {
    const csv = join(tempDir(), 'in.csv');
    await writeFixtureCsv(csv, 40_000, new Set([3, 20_000, 39_999]));
    for (const defaults of [{}, { ...PERCENT_DEFAULTS, category: 'default' }]) {
      const here = await collect(readCsvRows(csv, defaults));
      const there = await collect(parsedCsvRows(csv, defaults));
      expect(there).toEqual(here);
      const rows = here.flatMap((message) => (message.kind === 'rows' ? message.rows : []));
      expect(rows).toEqual(Array.from({ length: 40_000 }, (_, i) => i + 1));
      const flagged = here.flatMap((message) => (message.kind === 'rows' ? message.flagged.map((i) => message.rows[i]) : []));
      expect(flagged).toEqual([3, 20_000, 39_999]);
      // The fixture's rows differ only in code, percent (90 values) and region (tied to the percent).
      const sets = here.flatMap((message) => (message.kind === 'rows' ? message.newSets : []));
      expect(sets).toHaveLength(91);
      expect(here.filter((message) => message.kind === 'rows').length).toBeGreaterThan(1);
      expect(here.at(-1)).toMatchObject({ kind: 'end', rows: 40_000 });
    }
  });

  it('stop the worker when the reader stops early', async () => {
    const csv = join(tempDir(), 'in.csv');
    await writeFixtureCsv(csv, 200_000);
    const workers = () => process.getActiveResourcesInfo().filter((name) => name === 'Worker' || name === 'MessagePort').length;
    const before = workers();
    let pieces = 0;
    for await (const message of parsedCsvRows(csv, {})) {
      if (message.kind === 'rows') pieces += 1;
      if (pieces === 1) expect(workers()).toBeGreaterThan(before);
      if (pieces === 2) break;
    }
    expect(pieces).toBe(2);
    expect(workers()).toBe(before);
  });

  it('report a file that cannot be read', async () => {
    const messages = await collect(parsedCsvRows(join(tempDir(), 'missing.csv'), {}));
    expect(messages).toEqual([{ kind: 'failed', message: expect.stringContaining('no such file') }]);
  });
});
