import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DraftTooLargeError,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_CODES,
  MULTIPART_RESERVE_BYTES,
  importRequests,
  planImportRequests,
  type ImportRequest,
} from '../../../shared/domain/request-planner';
import { readCsv } from '../../../shared/domain/csv-reader';
import { importBody, toImportJson, type ImportFormat } from '../../../shared/domain/import-bodies';
import type { VoucherDraft } from '../../../shared/domain/voucher';
import { anyDraft } from './arbitraries';
import { gift } from './fixtures';

const encoder = new TextEncoder();
const bytesOf = (text: string) => encoder.encode(text).length;

function* manyGifts(n: number): Generator<VoucherDraft> {
  for (let i = 0; i < n; i++) yield gift(`C${i}`, i);
}

describe('request planner', () => {
  it('keeps the service limits as constants, 10 MB read as the smaller 10,000,000 bytes', () => {
    expect(IMPORT_MAX_CODES).toBe(100_000);
    expect(IMPORT_MAX_BYTES).toBe(10_000_000);
    expect(IMPORT_MAX_BYTES).toBeLessThan(10 * 1024 * 1024);
  });

  it('splits at 100,000 codes by default, streaming from a one-shot iterable', () => {
    const plans = planImportRequests(manyGifts(250_001), { format: 'json' });
    expect(plans.map((p) => [p.start, p.end, p.codes])).toEqual([
      [0, 100_000, 100_000],
      [100_000, 200_000, 100_000],
      [200_000, 250_001, 50_001],
    ]);
    expect(plans[1]).toMatchObject({ index: 1, firstCode: 'C100000', lastCode: 'C199999' });
    expect(plans.every((p) => p.bytes <= IMPORT_MAX_BYTES)).toBe(true);
  });

  it('splits at the byte limit on the real UTF-8 size of each JSON body', () => {
    const drafts = Array.from({ length: 40 }, (_, i) => ({ ...gift(`Ü${i}`), additional_info: '€'.repeat(i) }));
    const requests = [...importRequests(drafts, { format: 'json' }, { maxBytes: 400 })];
    expect(requests.length).toBeGreaterThan(3);
    for (const request of requests) {
      expect(bytesOf(request.body)).toBe(request.plan.bytes);
      expect(request.plan.bytes).toBeLessThanOrEqual(400);
      expect(JSON.parse(request.body)).toEqual(request.drafts);
    }
    // Each cut is needed: the next draft would not have fitted.
    for (let i = 0; i + 1 < requests.length; i++) {
      const [a, b] = [requests[i] as ImportRequest, requests[i + 1] as ImportRequest];
      expect(bytesOf(importBody([...a.drafts, b.drafts[0] as VoucherDraft], { format: 'json' }))).toBeGreaterThan(400);
    }
  });

  it('repeats the CSV header in every request and leaves room for the multipart envelope', () => {
    const drafts = Array.from({ length: 30 }, (_, i) => ({ ...gift(`K${i}`), metadata: { shop: `shop ${i}` } }));
    const format: ImportFormat = { format: 'csv', metadataKeys: ['shop'] };
    const requests = [...importRequests(drafts, format, { maxBytes: 600 })];
    expect(requests.length).toBeGreaterThan(2);
    for (const request of requests) {
      expect(request.body.startsWith('Code,Voucher Type,Value,')).toBe(true);
      expect(bytesOf(request.body)).toBe(request.plan.bytes);
      expect(readCsv(request.body).rows.map((r) => r.draft)).toEqual(request.drafts);
    }
    const [big] = planImportRequests([gift('X')], format);
    expect(big?.bytes).toBe(bytesOf(importBody([gift('X')], format)));
    const limitCsv = IMPORT_MAX_BYTES - MULTIPART_RESERVE_BYTES;
    const huge = { ...gift('H'), additional_info: 'x'.repeat(limitCsv) };
    expect(() => planImportRequests([huge], format)).toThrow(DraftTooLargeError);
  });

  it('refuses a draft too large for any request, naming its code', () => {
    const huge = { ...gift('HUGE-1'), additional_info: 'x'.repeat(500) };
    expect(() => planImportRequests([gift('a'), huge], { format: 'json' }, { maxBytes: 300 })).toThrow(
      /code "HUGE-1" alone serializes to \d+ bytes, over the 300-byte import limit/,
    );
  });

  it('plans nothing for no drafts and rejects a zero code limit', () => {
    expect(planImportRequests([], { format: 'json' })).toEqual([]);
    expect(() => planImportRequests([gift()], { format: 'json' }, { maxCodes: 0 })).toThrow(RangeError);
  });

  it('leaves the CSV-only redemption counters out of JSON bodies', () => {
    const draft: VoucherDraft = { ...gift('R'), redemption: { quantity: 2, redeemed_quantity: 1, redeemed_amount: 10 } };
    expect(toImportJson(draft).redemption).toEqual({ quantity: 2 });
    expect(JSON.parse(importBody([draft], { format: 'json' }))[0].redemption).toEqual({ quantity: 2 });
    expect(importBody([draft], { format: 'csv', metadataKeys: [] }).split('\r\n')[1]).toBe('R,GIFT_VOUCHER,5000,,,,,2,1,10,,');
  });

  it('every request within both limits, every code exactly once, in order (property)', () => {
    fc.assert(
      fc.property(
        fc.array(anyDraft, { maxLength: 60 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 900, max: 4000 }),
        fc.boolean(),
        (drafts, maxCodes, maxBytes, csv) => {
          const format: ImportFormat = csv ? { format: 'csv', metadataKeys: ['note'] } : { format: 'json' };
          const requests = [...importRequests(drafts, format, { maxCodes, maxBytes })];
          expect(requests.flatMap((c) => c.drafts.map((d) => d.code))).toEqual(drafts.map((d) => d.code));
          let position = 0;
          for (const request of requests) {
            expect(request.plan.start).toBe(position);
            position = request.plan.end;
            expect(request.plan.codes).toBe(request.drafts.length);
            expect(request.plan.codes).toBeLessThanOrEqual(maxCodes);
            expect(bytesOf(request.body)).toBe(request.plan.bytes);
            expect(request.plan.bytes).toBeLessThanOrEqual(maxBytes);
          }
          expect(planImportRequests(drafts, format, { maxCodes, maxBytes })).toEqual(requests.map((c) => c.plan));
        },
      ),
      { numRuns: 200 },
    );
  });
});
