import { readAddVoucherInput } from '../add-voucher-input';
import { findCampaign } from '../campaigns';
import { categoryById, categoryByName } from '../categories';
import { duplicate, limitExceeded, notFound } from '../errors';
import { newId, parseJsonBody } from '../http';
import type { Route } from '../router';
import { isoNow } from '../state';
import { voucherObject, type VoucherRecord } from '../voucher-record';

export const campaignRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v1/campaigns/:campaignId/vouchers/:code',
    auth: 'any',
    scope: 'campaigns',
    handle(ctx) {
      const { state } = ctx;
      const input = readAddVoucherInput(parseJsonBody(ctx.body, ctx.headers['content-type']));
      const idOrName = ctx.params.campaignId ?? '';
      const code = ctx.params.code ?? '';
      const campaign = findCampaign(state, idOrName);
      if (!campaign) throw notFound('campaign', idOrName);
      if (state.vouchers.get(code)) throw duplicate('voucher', code);
      const held = state.vouchers.countInCampaign(campaign.id);
      if (held >= state.maxCodesPerCampaign) {
        throw limitExceeded(`Campaign ${campaign.name} already holds ${held} codes; a campaign holds at most ${state.maxCodesPerCampaign}.`);
      }
      let category = campaign.voucher.category_id ? { id: campaign.voucher.category_id, name: campaign.voucher.category ?? '' } : null;
      if (input.category && 'id' in input.category) {
        category = categoryById(state, input.category.id) ?? null;
        if (!category) throw notFound('category', input.category.id);
      } else if (input.category) {
        category = categoryByName(state, input.category.name);
      }
      const record: VoucherRecord = {
        ...campaign.voucher,
        ...input.overrides,
        id: newId('v_'),
        code,
        campaign: campaign.name,
        campaign_id: campaign.id,
        category: category?.name ?? null,
        category_id: category?.id ?? null,
        is_referral_code: campaign.campaign_type === 'REFERRAL_PROGRAM',
        redeemed_quantity: 0,
        redeemed_amount: 0,
        holder_id: null,
        validity_timeframe: null,
        validity_day_of_week: null,
        created_at: isoNow(state),
        updated_at: null,
      };
      state.vouchers.insert(record);
      state.store.touched();
      return { status: 200, body: voucherObject(record) };
    },
  },
];
