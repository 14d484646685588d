import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Publication } from '../../../shared/api';
import { factsOfPublication, withKnownFacts, type PublicationFacts } from '../../../shared/domain/publication-facts';
import {
  FILTER_FIELDS,
  FILTER_OPERATORS,
  evaluate,
  holds,
  matches,
  type Condition,
  type FieldValue,
  type Filter,
  type FilterField,
} from '../../../shared/domain/publication-filter';
import { pinnedFacts, selectionKey, selectionTest } from '../../../shared/domain/publication-query';

const value = fc.oneof(fc.constantFrom('a', 'ab', 'b', '10', '9', '', 'true'), fc.constant(null), fc.boolean());
const condition: fc.Arbitrary<Condition> = fc.record({
  field: fc.constantFrom(...FILTER_FIELDS),
  op: fc.constantFrom(...FILTER_OPERATORS),
  values: fc.array(fc.constantFrom('a', 'b', '10', '9', 'true', ''), { minLength: 1, maxLength: 3 }),
});
const filter: fc.Arbitrary<Filter> = fc.record({ junction: fc.constantFrom('and' as const, 'or' as const), conditions: fc.array(condition, { maxLength: 4 }) });
const record = fc.record(Object.fromEntries(FILTER_FIELDS.map((f) => [f, value])) as Record<FilterField, fc.Arbitrary<FieldValue>>);
const hidden = fc.subarray([...FILTER_FIELDS]);

describe('three-valued filter evaluation', () => {
  it('a decided answer holds whatever the unknown values turn out to be', () => {
    fc.assert(
      fc.property(filter, record, hidden, record, (f, actual, unknown, other) => {
        const truth = evaluate(f, (field) => (unknown.includes(field) ? undefined : actual[field]));
        if (truth === undefined) return;
        // Any completion of the unknown fields gives the same answer as the decided one.
        expect(matches(f, (field) => (unknown.includes(field) ? other[field] : actual[field]))).toBe(truth);
        expect(matches(f, (field) => actual[field])).toBe(truth);
      }),
    );
  });

  it('with every value known, and keeps a record when every condition holds, or when any does', () => {
    fc.assert(
      fc.property(filter, record, (f, actual) => {
        const each = f.conditions.map((c) => holds(c, actual[c.field]));
        const expected = f.conditions.length === 0 || (f.junction === 'and' ? each.every(Boolean) : each.some(Boolean));
        expect(evaluate(f, (field) => actual[field])).toBe(expected);
      }),
    );
  });
});

const single: Publication = {
  id: 'pub_1',
  created_at: '2025-01-01T00:00:00Z',
  customer_id: 'cust_1',
  channel: 'API',
  source_id: null,
  vouchers_id: ['v_1'],
  result: 'SUCCESS',
  voucher: { code: 'C-1', campaign: 'Spring', discount: { type: 'PERCENT' }, is_referral_code: false },
};
const multi: Publication = { ...single, id: 'pub_2', voucher: undefined, vouchers: ['M-1', 'M-2'], vouchers_id: ['v_2', 'v_3'] };

describe('facts of a list item', () => {
  it('reads what the item shows and leaves the rest unknown', () => {
    expect(factsOfPublication(single)).toMatchObject({
      campaign_name: 'Spring',
      voucher_type: 'discount',
      is_referral_code: false,
      related_object_id: 'v_1',
      codes: ['C-1'],
    });
    expect(factsOfPublication(single).parent_object_id).toBeUndefined();
    const facts = factsOfPublication(multi);
    expect([facts.campaign_name, facts.voucher_type, facts.is_referral_code]).toEqual([undefined, undefined, undefined]);
    expect(facts.voucher_code).toBe('M-1');
  });

  it('learns pinned facts from the query of a pull, and only when every condition must hold', () => {
    const q = { campaign: 'Spring', filters: { parent_object_id: { conditions: { $in: ['camp_1'] } }, voucher_type: { conditions: { $is_not: 'gift' } } } };
    expect(pinnedFacts(q)).toEqual({ campaign_name: 'Spring', parent_object_id: 'camp_1' });
    expect(pinnedFacts({ filters: { junction: 'or', result: { conditions: { $is: 'SUCCESS' } }, source_id: { conditions: { $is_unknown: true } } } })).toEqual(
      {},
    );
    expect(pinnedFacts({ filters: { junction: 'or', is_referral_code: { conditions: { $is: 'true' } } } })).toEqual({ is_referral_code: true });
    const learned: PublicationFacts = withKnownFacts(factsOfPublication(multi), pinnedFacts(q));
    expect(selectionTest({ campaign: 'Spring' })(learned)).toBe(true);
    expect(selectionTest({ campaign: 'Summer' })(learned)).toBe(false);
    expect(selectionTest({ voucher_type: 'loyalty' })(learned)).toBeUndefined();
  });

  it('gives the same key to selections that differ only in order or key order', () => {
    expect(selectionKey({ campaign: 'A', result: 'SUCCESS', order: 'id' })).toBe(selectionKey({ result: 'SUCCESS', campaign: 'A' }));
    expect(selectionKey({ campaign: 'A' })).not.toBe(selectionKey({ campaign: 'B' }));
  });
});
