import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDataDir } from '../../../electron/data-folder/health';
import { BODIES_FOLDER } from '../../../electron/outbox/bodies';
import { Outbox } from '../../../electron/outbox/outbox';
import { outboxMigrations } from '../../../electron/outbox/schema';
import { openOutbox } from '../../../electron/store/databases';
import { tempDir } from './helpers';

// Schema version 4 renamed the outbox's `chunks` table to `requests`, its `polls` column to
// `looks` and the operations' `chunk_counts` to `request_counts`. The folder is the one a release
// before projects wrote (see test/integration/projects/migration.test.ts): one import synced, one
// import and a reward queued, with the import's body file beside the outbox.

const QUEUED_BODY = join(BODIES_FOLDER, '3f0e4220-aeb4-41d8-8254-84ab28e10b20', '0.body');

function oldFolder(): string {
  const dir = tempDir();
  execFileSync('tar', ['xzf', join(process.cwd(), 'test', 'integration', 'projects', 'pre-projects-folder.tar.gz'), '-C', dir]);
  return dir;
}

/** The rows as the previous schema (version 3) holds them, each request with its operation's counts. */
async function atVersion3(dir: string): Promise<{ operations: Record<string, unknown>[]; requests: Record<string, unknown>[] }> {
  const db = await openOutbox(dir, outboxMigrations.slice(0, 3));
  try {
    expect(db.schemaVersion).toBe(3);
    return {
      operations: db.all('SELECT id, uid, kind, payload, state, codes, chunk_counts AS request_counts, project FROM operations ORDER BY id'),
      requests: db.all(
        'SELECT op_id, idx, state, attempts, async_action_id, body_file, body_hash, codes, bytes, polls AS looks, result FROM chunks ORDER BY op_id, idx',
      ),
    };
  } finally {
    await db.close();
  }
}

describe('the outbox at schema version 4', () => {
  it('opens an outbox written at version 3 with every operation and request intact, under the new names', async () => {
    const dir = oldFolder();
    const before = await atVersion3(dir);
    expect(before.operations.map((op) => op.state)).toEqual(['done', 'queued', 'queued']);
    expect(before.requests.length).toBeGreaterThanOrEqual(3);
    // The synced import was looked at: the old column's count must come across.
    expect(before.requests.some((r) => Number(r.looks) > 0)).toBe(true);

    // Through the outbox: counts and looks land on the renamed fields.
    const outbox = await Outbox.open(dir);
    try {
      for (const op of outbox.operations()) {
        const counted = Object.values(op.requestCounts).reduce((a, b) => a + b, 0);
        expect(outbox.requests(op.id).length).toBe(counted);
      }
      const looks = outbox.operations().flatMap((op) => outbox.requests(op.id).map((r) => r.looks));
      expect(looks).toEqual(before.requests.map((r) => r.looks));
    } finally {
      await outbox.close();
    }

    // The file itself: the same rows under the new names, and no table or index says the old words.
    const db = await openOutbox(dir, outboxMigrations);
    try {
      expect(db.schemaVersion).toBe(outboxMigrations.at(-1)?.version);
      // Version 5: requests queued with body files keep them; none refers to batch rows.
      expect(db.all('SELECT op_id FROM requests WHERE rows_from IS NOT NULL OR rows_to IS NOT NULL')).toEqual([]);
      const after = {
        operations: db.all('SELECT id, uid, kind, payload, state, codes, request_counts, project FROM operations ORDER BY id'),
        requests: db.all(
          'SELECT op_id, idx, state, attempts, async_action_id, body_file, body_hash, codes, bytes, looks, result FROM requests ORDER BY op_id, idx',
        ),
      };
      expect(after).toEqual(before);
      const names = db.all<{ type: string; name: string }>("SELECT type, name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name");
      expect(names.filter((n) => /chunk|poll/.test(n.name))).toEqual([]);
      expect(names).toEqual(
        expect.arrayContaining([
          { type: 'table', name: 'requests' },
          { type: 'index', name: 'requests_state' },
          { type: 'index', name: 'requests_job' },
        ]),
      );
    } finally {
      await db.close();
    }
  });

  it('checks the request files of an outbox not yet opened at version 4, under its old table name', async () => {
    const dir = oldFolder();
    rmSync(join(dir, QUEUED_BODY));
    const outbox = (await checkDataDir(dir)).databases.find((d) => d.database === 'outbox');
    expect(outbox?.ok).toBe(false);
    expect(outbox?.problems).toEqual([expect.objectContaining({ file: join(dir, QUEUED_BODY), problem: expect.stringContaining('missing') })]);
  });
});
