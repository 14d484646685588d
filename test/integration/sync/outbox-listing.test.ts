import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Outbox, type NewOperation } from '../../../electron/outbox/outbox';
import { outboxListing, readOutboxListing } from '../../../electron/outbox/outbox-listing';
import type { OutboxReads } from '../../../electron/outbox/outbox-reads';
import { outboxMigrations } from '../../../electron/outbox/schema';
import { openOutbox } from '../../../electron/store/databases';
import { databaseFiles } from '../../../electron/store/files';
import { budgetKey, planFor } from '../../../electron/sync/dry-run';
import { useTempDirs } from '../store/temp-dir';

// The outbox's listing (outbox/outbox-listing.ts): `outbox list` and `sync --dry-run` read it instead
// of the outbox only while its files are the ones it was made from. Judged against the outbox itself,
// opened in full: the same operations, request groups, kept values and plans.

const tempDir = useTempDirs();
const PROJECT = 'prj_listing';
const OTHER = 'prj_other';

function importOp(n: number, project: string, requests: number): NewOperation {
  const sizes = Array.from({ length: requests }, (_, i) => ({ codes: 1000 + i, bytes: 48_000 + 7 * i }));
  return {
    kind: 'import-csv',
    uid: `op-import-${n}`,
    batchId: n,
    dependsOn: [],
    codes: sizes.reduce((sum, r) => sum + r.codes, 0),
    requests: sizes,
    project,
    payload: { batchId: n, batchName: `batch ${n}`, webhooksEnable: false },
  };
}

/** One request per code, as an add to a campaign queues them. */
function perCodeOp(n: number, project: string, codes: number): NewOperation {
  return {
    kind: 'add-to-campaign',
    uid: `op-campaign-${n}`,
    batchId: n,
    dependsOn: [],
    codes,
    requests: Array.from({ length: codes }, (_, i) => ({ codes: 1, bytes: 60 + (i % 3), body: '{}', code: `C-${i}`, rowNo: i + 1 })),
    project,
    payload: { batchId: n, batchName: `batch ${n}`, campaignId: 'camp_1' },
  };
}

/** An outbox with operations of two projects in several states, a request left in sending and a budget seen. */
async function outboxWithWork(dir: string): Promise<void> {
  const outbox = await Outbox.open(dir);
  const first = await outbox.enqueue(importOp(1, PROJECT, 3));
  await outbox.move(first.id, 0, { type: 'send' });
  await outbox.move(first.id, 0, { type: 'accepted', asyncActionId: 'aa_1' });
  await outbox.move(first.id, 1, { type: 'send' });
  const campaign = await outbox.enqueue(perCodeOp(2, PROJECT, 250));
  await outbox.move(campaign.id, 0, { type: 'send' });
  await outbox.move(campaign.id, 0, { type: 'done' });
  await outbox.move(campaign.id, 7, { type: 'send' });
  await outbox.move(campaign.id, 8, { type: 'send' });
  await outbox.enqueue(importOp(3, OTHER, 2));
  const cancelled = await outbox.enqueue(importOp(4, PROJECT, 1));
  await outbox.cancel(cancelled.id);
  await outbox.setSyncState(budgetKey(PROJECT), JSON.stringify({ limit: 100, remaining: 61, seenAt: 1_700_000_000_000 }));
  await outbox.close();
}

/** Every answer the reading commands take from the outbox. */
function answers(reads: OutboxReads) {
  const all = reads.operations();
  return {
    all,
    open: reads.operations({ open: true }),
    ofProject: reads.operations({ project: PROJECT }),
    openOfOther: reads.operations({ open: true, project: OTHER }),
    sizes: all.map((op) => reads.requestSizes(op.id)),
    budget: reads.syncState(budgetKey(PROJECT)),
    none: reads.syncState('no such key'),
    plans: [PROJECT, OTHER].map((id) => planFor(reads, 'target', true, { id, kind: 'production' }, 1_700_000_100_000)),
    whole: planFor(reads, 'target', false, undefined, 1_700_000_100_000),
  };
}

async function fromOutbox(dir: string) {
  const outbox = await Outbox.open(dir);
  try {
    return answers(outbox);
  } finally {
    await outbox.close();
  }
}

describe('the outbox listing', () => {
  it('is written at close and answers as the open outbox does, plans included', async () => {
    const dir = tempDir();
    await outboxWithWork(dir);
    const listed = readOutboxListing(dir);
    expect(listed).toBeDefined();
    const fromListing = answers(listed as OutboxReads);
    expect(fromListing).toEqual(await fromOutbox(dir));
    expect(fromListing.all.map((op) => op.state)).toEqual(['running', 'running', 'queued', 'cancelled']);
    expect(fromListing.open.map((op) => op.id)).toEqual([1, 2, 3]);
    expect(fromListing.openOfOther.map((op) => op.id)).toEqual([3]);
    // 250 one-code requests are four groups: the done one, the pending ones, and each in sending alone.
    expect(fromListing.sizes[1]).toEqual([
      { state: 'done', codes: 1, bytes: 60, count: 1 },
      { state: 'pending', codes: 247, bytes: expect.any(Number) as number, count: 247 },
      { state: 'sending', codes: 1, bytes: 61, count: 1 },
      { state: 'sending', codes: 1, bytes: 62, count: 1 },
    ]);
    const plan = fromListing.plans[0];
    expect(plan?.operations.map((op) => [op.id, op.requests, op.codes])).toEqual([
      [1, 2, 2003],
      [2, 249, 249],
    ]);
    // The import's request in sending is probed by the job list and 7 codes; each code request by one look-up.
    expect(plan?.calls.reconcile).toBe(1 + 7 + 1 + 1);
    expect(plan?.budget).toEqual({ limit: 100, remaining: 61, known: true });
  });

  it('follows every committed change, and is not used after a change no close recorded', async () => {
    const dir = tempDir();
    await outboxWithWork(dir);
    const outbox = await Outbox.open(dir);
    await outbox.retry(4).catch(() => undefined);
    await outbox.enqueue(importOp(5, OTHER, 1));
    // Refused like an open while the outbox is open, never read from a state it is changing.
    expect(() => readOutboxListing(dir)).toThrow(/is open in another Voucher Desk process/);
    await outbox.close();
    expect(answers(readOutboxListing(dir) as OutboxReads)).toEqual(await fromOutbox(dir));
    expect(
      readOutboxListing(dir)
        ?.operations()
        .map((op) => op.id),
    ).toEqual([1, 2, 3, 4, 5]);
    // An open without the listing (an older version, a tool) changes the files and writes none.
    const raw = await openOutbox(dir, outboxMigrations);
    await raw.write((tx) => tx.run("UPDATE operations SET state = 'done' WHERE id = 5"));
    await raw.close();
    expect(readOutboxListing(dir)).toBeUndefined();
    expect((await fromOutbox(dir)).all.find((op) => op.id === 5)?.state).toBe('done');
    expect(
      readOutboxListing(dir)
        ?.operations()
        .find((op) => op.id === 5)?.state,
    ).toBe('done');
  });

  it('is not used when any file of the outbox was rewritten, even with the same bytes', async () => {
    for (const which of ['snapshot', 'journal', 'manifest'] as const) {
      const dir = tempDir();
      await outboxWithWork(dir);
      expect(readOutboxListing(dir), which).toBeDefined();
      const file = databaseFiles(dir, 'outbox')[which];
      writeFileSync(file, readFileSync(file));
      expect(readOutboxListing(dir), which).toBeUndefined();
    }
  });

  it('is not used when damaged or of another kind', async () => {
    const dir = tempDir();
    await outboxWithWork(dir);
    const file = databaseFiles(dir, 'outbox').listing;
    const good = readFileSync(file, 'utf8');
    const flipped = Buffer.from(good);
    const at = good.indexOf('op-import-3') + 4;
    flipped[at] = (flipped[at] ?? 0) ^ 0x04;
    writeFileSync(file, flipped);
    expect(readOutboxListing(dir)).toBeUndefined();
    writeFileSync(file, good.replace(outboxListing.kind, 'outbox reads 0'));
    expect(readOutboxListing(dir)).toBeUndefined();
    writeFileSync(file, good);
    expect(readOutboxListing(dir)).toBeDefined();
  });
});
