// The API calls a large sync makes, counted in the sandbox's own request log, and the progress the
// engine tells while the service works through the jobs.
import { describe, expect, it } from 'vitest';
import { generateIntoBatch } from '../../../electron/batches/generate';
import { queueImport } from '../../../electron/operations/imports';
import { planFor } from '../../../electron/sync/dry-run';
import { SyncEngine } from '../../../electron/sync/engine';
import type { SyncProgress } from '../../../electron/sync/progress';
import { DEFAULT_LOOK_POLICY } from '../../../shared/outbox/looks';
import { PERCENT_DEFAULTS, clientFor, desk, sandbox } from './helpers';

describe('sync: API calls near their floor', () => {
  it('syncs 100,000 codes with one token, one CSV import and a few looks; the dry run says 4 calls', async () => {
    // At the pace the looks assume, so the early look finds the job running (this process's sandbox
    // alone works through 100,000 codes faster than a look half-way to the assumed end).
    const sb = await sandbox({ jobItemsPerSecond: DEFAULT_LOOK_POLICY.codesPerSecond });
    const d = await desk();
    const batch = await d.batches.create({ name: 'big', defaults: { ...PERCENT_DEFAULTS } });
    await generateIntoBatch(d.library, (id) => d.outbox.frozenBy(id), batch.id, { spec: { count: 100_000, pattern: 'BIG-########' } });
    const op = await queueImport(d, String(batch.id), { format: 'csv-when-fits' });
    expect(op.kind).toBe('import-csv');
    const plan = planFor(d.outbox, 'sandbox', true);
    expect(plan.calls.total).toBe(4);

    const seen: SyncProgress[] = [];
    const engine = new SyncEngine({ outbox: d.outbox, client: clientFor(sb), onEvent: (e) => e.type === 'progress' && seen.push(e.progress) });
    expect((await engine.run()).state).toBe('finished');

    const calls = sb.requestLog().map((r) => `${r.method} ${r.path.replace(/aa_[^/]+$/, ':id')}`);
    // Token, one CSV import and the looks: two (early and final) as planned, or one more when the
    // service slowed (a loaded machine) and the final look found the job running: the bound, 3 + 2.
    expect(calls.length, calls.join('\n')).toBeLessThanOrEqual(5);
    expect(calls.slice(0, 2)).toEqual(['POST /v1/oauth/token', 'POST /v1/vouchers/importCSV']);
    expect(sb.stats().vouchers).toBeGreaterThanOrEqual(100_000);
    expect(d.outbox.tally(op.id)).toEqual({ applied: 100_000, present: 0, failed: 0 });
    // Between looks the engine told how far the job was, at the pace the service showed.
    const running = seen.map((p) => p.jobs).filter((j) => j !== undefined && j.inFlight > 0);
    expect(running.length).toBeGreaterThan(0);
    for (const j of running) {
      expect(j?.inFlight).toBe(100_000);
      expect(j?.codesPerSecond).toBeGreaterThan(0);
      expect(j?.processedInFlight).toBeLessThanOrEqual(100_000);
    }
  }, 180_000);

  // Several jobs at once: the calls the sandbox logged stay within max(1.25x, +2) of the fewest
  // possible (the imports, a token and one look), and the dry run says the number made, within 10%.
  it.each([
    { codes: 200_000, imports: 2 },
    { codes: 500_000, imports: 5 },
  ])(
    'syncs $codes codes in $imports imports within the call bound, as many as the dry run said',
    async ({ codes, imports }) => {
      const sb = await sandbox();
      const d = await desk();
      const batch = await d.batches.create({ name: 'several', defaults: { ...PERCENT_DEFAULTS } });
      await generateIntoBatch(d.library, (id) => d.outbox.frozenBy(id), batch.id, { spec: { count: codes, pattern: 'SEV-########' } });
      const op = await queueImport(d, String(batch.id), { format: 'csv-when-fits' });
      const said = planFor(d.outbox, 'sandbox', true).calls.total;
      expect((await new SyncEngine({ outbox: d.outbox, client: clientFor(sb) }).run()).state).toBe('finished');

      const calls = sb.requestLog().map((r) => `${r.method} ${r.path.replace(/aa_[^/]+$/, ':id')}`);
      expect(calls.filter((c) => c === 'POST /v1/vouchers/importCSV')).toHaveLength(imports);
      const fewest = imports + 2;
      expect(calls.length, calls.join('\n')).toBeLessThanOrEqual(Math.max(1.25 * fewest, fewest + 2));
      // Within 10%, which at these sizes is exact; a loaded machine can slow the service between two
      // looks (seen: its pace halved), so the end comes past the plan's last look and costs one more.
      expect(Math.abs(said - calls.length), `dry run ${said}, made ${calls.length}:\n${calls.join('\n')}`).toBeLessThanOrEqual(Math.max(1, 0.1 * calls.length));
      expect(d.outbox.tally(op.id)).toEqual({ applied: codes, present: 0, failed: 0 });
    },
    180_000,
  );

  it('reads every job in flight in one call per look: the job list while several run', async () => {
    const sb = await sandbox();
    const d = await desk();
    const batch = await d.batches.create({ name: 'four', defaults: { ...PERCENT_DEFAULTS } });
    await generateIntoBatch(d.library, (id) => d.outbox.frozenBy(id), batch.id, { spec: { count: 20_000, pattern: 'FOUR-########' } });
    const op = await queueImport(d, String(batch.id), { format: 'csv-when-fits', limits: { maxCodes: 5000 } });
    let looks = 0;
    const engine = new SyncEngine({
      outbox: d.outbox,
      client: clientFor(sb),
      onEvent: (e) => void (e.type === 'request' && e.step === 'look' && (looks += 1)),
    });
    expect((await engine.run()).state).toBe('finished');
    const calls = sb.requestLog().map((r) => `${r.method} ${r.path.replace(/aa_[^/]+$/, ':id')}`);
    // All four sent before the first look, which reads the four in one call to the job list.
    expect(calls.slice(0, 6)).toEqual(['POST /v1/oauth/token', ...Array<string>(4).fill('POST /v1/vouchers/importCSV'), 'GET /v1/async-actions']);
    // Every look is one call: the list while several jobs run, the job itself once one is left.
    expect(calls.slice(5).filter((c) => c.startsWith('GET /v1/async-actions'))).toHaveLength(looks);
    expect(calls.slice(5).every((c) => c.startsWith('GET /v1/async-actions'))).toBe(true);
    expect(d.outbox.tally(op.id)).toEqual({ applied: 20_000, present: 0, failed: 0 });
  }, 120_000);
});
