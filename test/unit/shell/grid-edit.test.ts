import { describe, expect, it } from 'vitest';
import { validateDraft } from '../../../shared/domain/validate-draft';
import { metadataChange, metadataForm, valueChange, valueForm, valueText } from '../../../renderer/src/lib/grid-edit';

const percent = { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 150, amount_limit: 500, effect: 'APPLY_TO_ITEMS' } };

describe('grid cell editors: forms from drafts and changes back', () => {
  it('reads a percent discount into the value form and writes the fixed value back, limit and effect kept', () => {
    const form = valueForm(percent);
    expect(form).toMatchObject({ valueKind: 'PERCENT', amount: '150', limit: '500', effect: 'APPLY_TO_ITEMS' });
    const change = valueChange({ ...form, amount: '15' });
    expect(change).toEqual({
      set: { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 15, amount_limit: 500, effect: 'APPLY_TO_ITEMS' } },
      unset: ['gift'],
    });
    expect(validateDraft({ code: 'A', ...change.set }, 1)).toEqual([]);
    expect(valueText(change.set ?? {})).toBe('15% off, at most 500');
  });

  it('keeps text that is not a number, so the checks can name it', () => {
    const change = valueChange({ ...valueForm(percent), amount: 'half' });
    expect((change.set?.['discount'] as Record<string, unknown>)['percent_off']).toBe('half');
  });

  it('switches a discount to a gift card (type follows), and a kind to an effect it allows', () => {
    expect(valueChange({ ...valueForm(percent), valueKind: 'GIFT', amount: '2500' })).toEqual({
      set: { type: 'GIFT_VOUCHER', gift: { amount: 2500, effect: 'APPLY_TO_ITEMS' } },
      unset: ['discount'],
    });
    const unit = valueChange({ ...valueForm(percent), valueKind: 'UNIT', amount: '2', unitType: 'prod_1' });
    expect(unit.set?.['discount']).toEqual({ type: 'UNIT', unit_off: 2, unit_type: 'prod_1', effect: 'ADD_MISSING_ITEMS' });
  });

  it('edits metadata as key/value pairs: numbers and booleans stay typed, blank keys drop, none unsets', () => {
    const form = metadataForm({ metadata: { shop: 'north', floor: 2, open: true } });
    expect(form.pairs).toEqual([
      { key: 'shop', value: 'north' },
      { key: 'floor', value: '2' },
      { key: 'open', value: 'true' },
    ]);
    form.pairs.push({ key: ' ', value: 'ignored' });
    expect(metadataChange(form)).toEqual({ set: { metadata: { shop: 'north', floor: 2, open: true } } });
    expect(metadataChange({ ...form, pairs: [] })).toEqual({ unset: ['metadata'] });
  });
});
