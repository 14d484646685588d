import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openLibraryServices } from '../../../electron/desk/library';
import { writeFixtureCsv } from './csv-fixture';
import { PERCENT_DEFAULTS, useLibraries } from './library-fixture';

const libraries = useLibraries();
const ROWS = 200_000;

/** Starts the import in a child process and SIGKILLs it once a line matches `killWhen`. */
function importAndKill(dataDir: string, csv: string, killWhen: (line: string) => boolean): Promise<string[]> {
  // node itself runs the script (tsx as a loader), so the SIGKILL hits the process doing the import.
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'import-child.ts'), dataDir, csv], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: string[] = [];
  const deadline = setTimeout(() => child.kill('SIGKILL'), 120_000);
  let buffered = '';
  child.stdout?.on('data', (data: Buffer) => {
    buffered += data.toString();
    let end: number;
    while ((end = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 1);
      lines.push(line);
      if (killWhen(line)) child.kill('SIGKILL');
    }
  });
  return new Promise((resolve) => {
    child.on('exit', (_code, signal) => {
      clearTimeout(deadline);
      lines.push(`exit ${signal ?? ''}`);
      resolve(lines);
    });
  });
}

describe('a process killed during a large import', () => {
  it('leaves the previous library intact and loadable, whether killed while reading or while saving', async () => {
    const dir = libraries.tempDir();
    const csv = join(libraries.tempDir(), 'big.csv');
    await writeFixtureCsv(csv, ROWS);
    const before = await openLibraryServices(dir);
    const good = await before.batches.create({ name: 'Good', defaults: PERCENT_DEFAULTS });
    await before.drafts.add(good.id, [{ code: 'G-1' }, { code: 'G-2' }]);
    await before.db.compact();
    await before.drafts.add(good.id, [{ code: 'G-3' }]);
    await before.close();

    const whileReading = await importAndKill(dir, csv, (line) => line.startsWith('progress') && Number(line.split(' ')[1]) >= 50_000);
    expect(whileReading.at(-1)).toBe('exit SIGKILL');
    expect(whileReading).not.toContain('done');

    const afterRead = await libraries.open(dir);
    expect(afterRead.drafts.page(good.id).rows.map((r) => r.code)).toEqual(['G-1', 'G-2', 'G-3']);
    const crash = afterRead.batches.find('Crash');
    expect(crash.rows).toBe(0);
    expect(readdirSync(dir).filter((name) => name.includes('.tmp-') || name.includes('.unreadable-'))).toEqual([]);
    await afterRead.close();

    const whileSaving = await importAndKill(dir, csv, (line) => line === 'saving');
    expect(whileSaving).toContain('saving');
    const afterSave = await libraries.open(dir);
    expect(afterSave.drafts.counts(good.id).rows).toBe(3);
    // The kill lands before or after the rename of the new file: all rows or none, never a part.
    expect([0, ROWS]).toContain(afterSave.batches.find('Crash').rows);
  });
});
