import { describe, expect, it } from 'vitest';
import { categoryClashText, categoryRows } from '../../../shared/outbox/campaign-values';
import { REWARD_FIELDS, RewardInputError, rewardRequestOf, type RewardFieldNames } from '../../../shared/domain/reward-input';
import type { VoucherDraft } from '../../../shared/domain/voucher';

const NAMES = Object.fromEntries(REWARD_FIELDS.map((f) => [f, `<${f}>`])) as RewardFieldNames;

function refusal(fields: Parameters<typeof rewardRequestOf>[0]): RewardInputError {
  try {
    rewardRequestOf(fields, NAMES);
  } catch (error) {
    if (error instanceof RewardInputError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('reward input rules', () => {
  it('builds each of the three types with their own values and metadata', () => {
    expect(rewardRequestOf({ type: 'campaign', name: ' Credits ', campaign: 'camp_1', balance: '2500', metadata: '{"tier":"gold"}' }, NAMES)).toEqual({
      type: 'CAMPAIGN',
      name: 'Credits',
      metadata: { tier: 'gold' },
      campaign: { id: 'camp_1', balance: 2500 },
    });
    expect(rewardRequestOf({ type: 'COIN', name: 'Coins', exchangeRatio: '0.5', pointsRatio: '10' }, NAMES)).toEqual({
      type: 'COIN',
      name: 'Coins',
      exchange_ratio: 0.5,
      points_ratio: 10,
    });
    expect(
      rewardRequestOf({ type: 'MATERIAL', name: 'Mug', product: 'p', sku: 's', stock: '0', imageUrl: 'https://x.example/m.png', description: 'Blue' }, NAMES),
    ).toEqual({
      type: 'MATERIAL',
      name: 'Mug',
      product: { id: 'p', sku_id: 's' },
      stock: 0,
      attributes: { image_url: 'https://x.example/m.png', description: 'Blue' },
    });
    expect(rewardRequestOf({ type: 'MATERIAL', name: 'Mug', product: 'p', sku: 's', description: '  ' }, NAMES)).not.toHaveProperty('attributes');
  });

  it('names the field and what is allowed, in the front end’s own words', () => {
    expect(refusal({ type: 'MATERIAL', name: 'Mug', product: 'p' })).toMatchObject({
      field: 'sku',
      message: '<sku> is required for a material (MATERIAL) reward',
    });
    expect(refusal({ type: 'CAMPAIGN', name: 'C', campaign: 'c', balance: '0' }).message).toBe('<balance> must be a whole number 1 or more (got "0")');
    expect(refusal({ type: 'CAMPAIGN', name: 'C', campaign: 'c', balance: '2.5' }).field).toBe('balance');
    expect(refusal({ type: 'COIN', name: 'C', exchangeRatio: '-1', pointsRatio: '1' }).message).toBe('<exchangeRatio> must be a number above 0 (got "-1")');
    expect(refusal({ type: 'COIN', name: 'C', exchangeRatio: '1', pointsRatio: '1', stock: '3' }).message).toMatch(
      /^<stock> is not for a pay-with-points \(COIN\) reward; it belongs to material/,
    );
    expect(refusal({ type: 'GIFT', name: 'C' }).message).toBe('<type> must be CAMPAIGN, COIN, MATERIAL (got "GIFT")');
    expect(refusal({ type: 'COIN', name: '' }).field).toBe('name');
    expect(refusal({ type: 'MATERIAL', name: 'M', product: 'p', sku: 's', imageUrl: 'javascript:alert(1)' }).field).toBe('imageUrl');
    expect(refusal({ type: 'COIN', name: 'C', exchangeRatio: '1', pointsRatio: '1', metadata: '{oops' }).message).toMatch(
      /^<metadata> must be a JSON object.*not JSON$/,
    );
    expect(refusal({ type: 'COIN', name: 'C', exchangeRatio: '1', pointsRatio: '1', metadata: '"text"' }).message).toMatch(/\(got string\)$/);
  });
});

describe('add-to-campaign: category or category_id', () => {
  it('counts the rows that name a category and words the clash naming both fields', () => {
    const drafts = [{ code: 'A' }, { code: 'B', category: 'spring' }, { code: 'C', category: 'autumn' }] as VoucherDraft[];
    const clash = categoryRows(drafts);
    expect(clash).toEqual({ rows: 2, example: 'spring' });
    expect(categoryRows([{ code: 'A' }] as VoucherDraft[])).toBeUndefined();
    expect(categoryClashText('4 "spring"', 'cat_1', { rows: 2, example: 'spring' })).toMatch(
      /^category and category_id: batch 4 "spring" gives a category on 2 row\(s\).*"cat_1"/,
    );
  });
});
