import { describe, expect, it } from 'vitest';
import type { CreateRewardRequest } from '../../../shared/api';
import { invalidRequestOf } from './invalid-request';
import { rewardBody } from '../../../shared/api/operations/rewards';

describe('rewardBody', () => {
  it('builds the three reward types as service-facts describes them', () => {
    expect(rewardBody({ type: 'CAMPAIGN', name: 'Gift 10', campaign: { id: 'camp_1', balance: 1000 } })).toEqual({
      name: 'Gift 10',
      type: 'CAMPAIGN',
      parameters: { campaign: { id: 'camp_1', balance: 1000 } },
    });
    expect(rewardBody({ type: 'COIN', name: 'Coins', exchange_ratio: 0.5, points_ratio: 10, metadata: { a: 1 } })).toEqual({
      name: 'Coins',
      type: 'COIN',
      metadata: { a: 1 },
      parameters: { coin: { exchange_ratio: '0.5', points_ratio: '10' } },
    });
    expect(rewardBody({ type: 'MATERIAL', name: 'Mug', product: { id: 'prod_1', sku_id: 'sku_1' }, stock: 5, attributes: { description: 'A mug' } })).toEqual({
      name: 'Mug',
      type: 'MATERIAL',
      parameters: { product: { id: 'prod_1', sku_id: 'sku_1' } },
      stock: 5,
      attributes: { description: 'A mug' },
    });
  });

  it('rejects what the service would refuse, naming the field', () => {
    const bad: [unknown, string][] = [
      [{ type: 'CAMPAIGN', name: 'x', campaign: { id: '' } }, 'campaign.id'],
      [{ type: 'CAMPAIGN', name: 'x', campaign: { id: 'c', balance: 1.5 } }, 'campaign.balance'],
      [{ type: 'COIN', name: 'x', exchange_ratio: 0, points_ratio: 1 }, 'exchange_ratio'],
      [{ type: 'MATERIAL', name: 'x', product: { id: 'p' } }, 'product.sku_id'],
      [{ type: 'MATERIAL', name: 'x', product: { id: 'p', sku_id: 's' }, stock: -1 }, 'stock'],
      [{ type: 'POINTS', name: 'x' }, 'type'],
      [{ type: 'COIN', name: '', exchange_ratio: 1, points_ratio: 1 }, 'name'],
    ];
    for (const [request, parameter] of bad) {
      expect(invalidRequestOf(() => rewardBody(request as CreateRewardRequest)).parameter).toBe(parameter);
    }
  });
});
