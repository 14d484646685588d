import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SegmentSummer } from '../../../electron/batches/segments';
import { csvPacking } from '../../../shared/domain/csv-packing';
import { importBody, importBodyOfRows, type ImportFormat } from '../../../shared/domain/import-bodies';
import { importRequests, planImportRequests } from '../../../shared/domain/request-planner';
import { planFromSegments } from '../../../shared/domain/segment-plan';
import type { VoucherDraft } from '../../../shared/domain/voucher';
import { anyDraft, csvDraft } from './arbitraries';

// Planning from segment summaries must cut exactly the requests the row-by-row planner cuts, with the
// same sizes and CSV columns, or say it cannot (undefined): the summaries are what the outbox trusts
// for a batch of ten million codes, and the body is made from the rows only at send.

const code = fc.oneof(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 16 }), fc.constantFrom('A,B', 'say "hi"', ' lead', 'Ünïcode', 'x'));

interface Case {
  templates: VoucherDraft[];
  rows: { set: number; code: string }[];
  size: number;
}

const aCase: fc.Arbitrary<Case> = fc
  .record({
    templates: fc.array(fc.oneof(csvDraft, anyDraft), { minLength: 1, maxLength: 4 }),
    picks: fc.array(fc.record({ set: fc.nat(), code }), { minLength: 1, maxLength: 40 }),
    size: fc.integer({ min: 1, max: 9 }),
  })
  .map(({ templates, picks, size }) => ({
    // A template is a field set's draft with an empty code, its first key, as the library overlays it.
    templates: templates.map(({ code: _code, ...rest }) => ({ code: '', ...rest })),
    rows: picks.map((pick) => ({ set: pick.set % templates.length, code: pick.code })),
    size,
  }));

function drafts(c: Case): VoucherDraft[] {
  return c.rows.map((row) => ({ ...(c.templates[row.set] as VoucherDraft), code: row.code }));
}

/** Row numbers with gaps, as rows skipped by an import leave them. */
const rowNo = (i: number) => 10 + 2 * i;

function plannedFromSegments(c: Case, choice: 'json' | 'csv' | 'csv-when-fits', maxBytes?: number) {
  const summer = new SegmentSummer(c.size);
  c.rows.forEach((row, i) => summer.add(rowNo(i), row.code, row.set + 1));
  const templates = new Map(c.templates.map((t, i) => [i + 1, t]));
  return planFromSegments(summer.finish(), templates, choice, { maxCodes: c.size, maxBytes });
}

function rowByRow(c: Case, choice: 'json' | 'csv' | 'csv-when-fits'): ImportFormat {
  if (choice === 'json') return { format: 'json' };
  const packing = csvPacking(drafts(c));
  return choice === 'csv' || packing.jsonBecause === undefined ? { format: 'csv', metadataKeys: packing.metadataKeys } : { format: 'json' };
}

describe('planning import requests from segments', () => {
  it('cuts the requests the row-by-row planner cuts, with the same sizes and CSV columns', () => {
    fc.assert(
      fc.property(
        aCase,
        fc.constantFrom('json' as const, 'csv' as const, 'csv-when-fits' as const),
        fc.option(fc.integer({ min: 200, max: 4000 })),
        (c, choice, maxBytes) => {
          const fast = plannedFromSegments(c, choice, maxBytes ?? undefined);
          if (fast === undefined) return;
          const format = rowByRow(c, choice);
          expect(fast.format).toEqual(format);
          const plans = planImportRequests(drafts(c), format, { maxCodes: c.size, maxBytes: maxBytes ?? undefined });
          expect(fast.requests).toEqual(
            plans.map((plan) => ({ rowFrom: rowNo(plan.start), rowTo: rowNo(plan.end - 1), codes: plan.codes, bytes: plan.bytes })),
          );
        },
      ),
      { numRuns: 400 },
    );
  });

  it('plans every batch within the limits as JSON, and the sizes are those of the bodies made', () => {
    fc.assert(
      fc.property(aCase, (c) => {
        const fast = plannedFromSegments(c, 'json');
        expect(fast).toBeDefined();
        const bodies = [...importRequests(drafts(c), { format: 'json' }, { maxCodes: c.size })].map((r) => new TextEncoder().encode(r.body).length);
        expect(fast?.requests.map((r) => r.bytes)).toEqual(bodies);
      }),
      { numRuns: 200 },
    );
  });

  it('makes from field sets and codes the very body the drafts make, in either format', () => {
    fc.assert(
      fc.property(aCase, fc.constantFrom('json' as const, 'csv' as const), (c, choice) => {
        const format = rowByRow(c, choice);
        const rows = c.rows.map((row) => ({ code: row.code, set_id: row.set }));
        expect(importBodyOfRows(rows, (set) => c.templates[set] as VoucherDraft, format)).toBe(importBody(drafts(c), format));
      }),
      { numRuns: 400 },
    );
  });

  it('leaves to the rows a batch that needs JSON, a body over the limit and segments that do not line up', () => {
    const plain: Case = {
      templates: [{ code: '', type: 'GIFT_VOUCHER', gift: { amount: 5 } }],
      rows: [
        { set: 0, code: 'A' },
        { set: 0, code: 'B' },
      ],
      size: 2,
    };
    expect(plannedFromSegments(plain, 'csv-when-fits')?.format).toEqual({ format: 'csv', metadataKeys: [] });
    expect(plannedFromSegments({ ...plain, rows: [{ set: 0, code: 'A ' }] }, 'csv-when-fits')).toBeUndefined();
    expect(
      plannedFromSegments({ ...plain, templates: [{ code: '', type: 'GIFT_VOUCHER', gift: { amount: 5 }, category: ' x' }] }, 'csv-when-fits'),
    ).toBeUndefined();
    expect(plannedFromSegments(plain, 'json', 20)).toBeUndefined();
    const summer = new SegmentSummer(2);
    ['A', 'B', 'C'].forEach((c, i) => summer.add(i + 1, c, 1));
    const templates = new Map([[1, plain.templates[0] as VoucherDraft]]);
    expect(planFromSegments(summer.finish(), templates, 'json', { maxCodes: 3 })).toBeUndefined();
  });
});
