// Fault matrix, imports: JSON and CSV × every fault × another client's import in the window (none,
// its own codes, some of ours). Judged by the sandbox's vouchers and request log, then the report.
import { describe, expect, it } from 'vitest';
import { queueImport } from '../../../../electron/operations/imports';
import { batchOf, codes, codesOnService } from '../helpers';
import { CARRIED_OUT, FAULTS, carriedOutWrites, otherImport, runCase, sharedSandbox, type FaultName, type Other } from './world';

const CODES = 30;
/** Ours that the other client imports in the 'ours' variant: the first, one inside, the last. */
const TAKEN = [0, 11, CODES - 1];

const world = sharedSandbox();

const FORMATS = [
  { format: 'json', path: '/v1/vouchers/import' },
  { format: 'csv', path: '/v1/vouchers/importCSV' },
] as const;
const OTHERS: readonly Other[] = ['none', 'theirs', 'ours'];
const cases = FORMATS.flatMap((f) => FAULTS.flatMap((fault) => OTHERS.map((o) => ({ ...f, fault, other: o }))));

/**
 * Codes of ours the report must show as already there: those the other client put on the service
 * before our write was carried out. A CSV import updates existing codes (spec 4.5), so a CSV sent
 * again after a 429 (not carried out, nothing to reconcile) writes them as its own.
 */
function expectedPresent(format: 'json' | 'csv', fault: FaultName, other: Other, taken: string[]): string[] {
  if (other !== 'ours' || CARRIED_OUT.has(fault)) return [];
  return format === 'csv' && fault === 'rate-429' ? [] : taken;
}

describe('fault matrix: imports', () => {
  it.each(cases)('$format import, $fault, other client: $other', async ({ format, path, fault, other: o }) => {
    const { sb, other } = world;
    const prefix = `${format}-${fault}-${o}`.toUpperCase();
    const list = codes(prefix, CODES);
    const taken = TAKEN.map((i) => list[i] as string);
    const theirs = codes(`${prefix}-THEIRS`, 3);
    const vouchersBefore = sb.stats().vouchers;
    const c = await runCase(
      sb,
      fault,
      { method: 'POST', path },
      async (d) => queueImport(d, String(await batchOf(d, prefix, list)), { format }),
      async () => {
        if (o === 'theirs') await otherImport(sb, other, theirs);
        if (o === 'ours') await otherImport(sb, other, taken);
      },
    );

    // The service: every code once, nothing else of ours, and one carried-out write of the request.
    expect(await codesOnService(c.client, list)).toEqual(list);
    expect(sb.stats().vouchers - vouchersBefore).toBe(CODES + (o === 'theirs' ? theirs.length : 0));
    expect(carriedOutWrites(c, 'POST', path)).toHaveLength(1);

    // The report: codes already there are named, never counted as created, nothing failed.
    const present = expectedPresent(format, fault, o, taken);
    expect(
      c.d.outbox
        .present(c.op.id)
        .map((p) => p.code)
        .sort(),
    ).toEqual([...present].sort());
    expect(c.d.outbox.tally(c.op.id)).toEqual({ applied: CODES - present.length, present: present.length, failed: 0 });
    expect(c.d.outbox.failures(c.op.id)).toEqual([]);
  });
});
