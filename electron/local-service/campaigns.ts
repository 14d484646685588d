import type { SandboxState } from './state';
import type { VoucherRecord } from './voucher-record';

export type CampaignType = 'DISCOUNT_COUPONS' | 'GIFT_VOUCHERS' | 'LOYALTY_PROGRAM' | 'REFERRAL_PROGRAM';

/** A campaign and the defaults its new vouchers take (spec 4.6: the request body overrides them). */
export interface Campaign {
  id: string;
  name: string;
  campaign_type: CampaignType;
  created_at: string;
  voucher: Pick<
    VoucherRecord,
    | 'type'
    | 'discount'
    | 'gift'
    | 'loyalty_card'
    | 'redemption_quantity'
    | 'start_date'
    | 'expiration_date'
    | 'active'
    | 'category'
    | 'category_id'
    | 'additional_info'
    | 'metadata'
  >;
}

/** Looks a campaign up by id, then by name (the add-voucher path accepts either). */
export function findCampaign(state: SandboxState, idOrName: string): Campaign | undefined {
  return state.docs.get<Campaign>('campaign', idOrName) ?? state.docs.all<Campaign>('campaign').find((c) => c.name === idOrName);
}
