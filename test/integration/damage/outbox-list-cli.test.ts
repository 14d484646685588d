import { statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Outbox, type NewOperation } from '../../../electron/outbox/outbox';
import { readOutboxListing } from '../../../electron/outbox/outbox-listing';
import { writeProjectsFile } from '../../../electron/projects/project-file';
import { databaseFiles } from '../../../electron/store/files';
import { runBin } from '../cli/run-bin';
import { useTempDirs } from '../store/temp-dir';
import { DAMAGES, damage } from './damage';

// `outbox list` and `sync --dry-run` answer from the outbox's listing while its files are unchanged
// (outbox/outbox-listing.ts). Each file of the outbox x each way of damaging it, with a listing in
// place that held until then: both must refuse and name the file, as a full open does, never print the listing.

const tempDir = useTempDirs();
const PROJECT = { id: 'prj_damage', name: 'damage', location: 'http://127.0.0.1:9', appId: 'app', kind: 'production' } as const;
const READERS = [
  ['outbox', 'list'],
  ['sync', '--dry-run', '--project', PROJECT.name],
] as const;

function importOp(n: number): NewOperation {
  return {
    kind: 'import-csv',
    uid: `op-${n}`,
    batchId: n,
    dependsOn: [],
    codes: 10,
    requests: [{ codes: 10, bytes: 480 }],
    project: PROJECT.id,
    payload: { batchId: n, batchName: `batch ${n}`, webhooksEnable: false },
  };
}

/** An outbox with an operation in its last full save and one only in the journal since, and its listing. */
async function outboxWithListing(): Promise<string> {
  const dir = tempDir();
  writeProjectsFile(dir, { version: 1, current: PROJECT.id, projects: [PROJECT] });
  const outbox = await Outbox.open(dir);
  await outbox.enqueue(importOp(1));
  await outbox.checkpoint();
  await outbox.enqueue(importOp(2));
  await outbox.close();
  return dir;
}

describe('outbox list and sync --dry-run with a listing in place', () => {
  it('print the listing while the files are unchanged, the same as a full open prints', async () => {
    const dir = await outboxWithListing();
    expect(
      readOutboxListing(dir)
        ?.operations()
        .map((op) => op.uid),
    ).toEqual(['op-1', 'op-2']);
    for (const args of READERS) {
      const fromListing = runBin([...args, '--json', '--data-dir', dir]);
      expect(fromListing.status, fromListing.stderr).toBe(0);
      damage(databaseFiles(dir, 'outbox').listing, 'bit flipped mid-file');
      expect(readOutboxListing(dir)).toBeUndefined();
      const fromOutbox = runBin([...args, '--json', '--data-dir', dir]);
      expect(fromOutbox.status, fromOutbox.stderr).toBe(0);
      // The dry run says how old the budget is from the clock; none was seen, so the text is the same.
      expect(fromOutbox.stdout).toBe(fromListing.stdout);
      expect(readOutboxListing(dir), 'the full open wrote the listing again').toBeDefined();
    }
    expect(JSON.parse(runBin(['sync', '--dry-run', '--json', '--project', PROJECT.name, '--data-dir', dir]).stdout)).toMatchObject({
      requests: 2,
      codes: 20,
      bytes: 960,
    });
  });

  for (const target of ['snapshot', 'journal', 'manifest'] as const) {
    it(`refuse naming the outbox's ${target} file for each damage to it`, async () => {
      let cases = 0;
      for (const kind of DAMAGES) {
        for (const args of READERS) {
          const dir = await outboxWithListing();
          const file = databaseFiles(dir, 'outbox')[target];
          expect(statSync(file).size, `${target} has bytes to damage`).toBeGreaterThan(0);
          expect(readOutboxListing(dir), 'a listing holds before the damage').toBeDefined();
          if (!damage(file, kind)) continue;
          cases += 1;
          const run = runBin([...args, '--data-dir', dir]);
          expect(run.status, `${args.join(' ')}, ${target} ${kind}: ${run.stdout}`).toBe(1);
          expect(run.stdout).toBe('');
          expect(run.stderr).toContain(file);
        }
      }
      expect(cases).toBe(DAMAGES.length * READERS.length);
    }, 240_000);
  }
});
