import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openLibraryServices } from '../../../electron/desk/library';
import { writeFixtureCsv } from './csv-fixture';
import { runChild } from '../kill-child';
import { PERCENT_DEFAULTS, useLibraries } from './library-fixture';

const libraries = useLibraries();
const ROWS = 200_000;

/** Starts the import in a child process and SIGKILLs it once a line matches `killWhen`. */
function importAndKill(dataDir: string, csv: string, killWhen: (line: string) => boolean): Promise<string[]> {
  return runChild(join(import.meta.dirname, 'import-child.ts'), [dataDir, csv], (line, child) => {
    if (killWhen(line)) child.kill('SIGKILL');
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
