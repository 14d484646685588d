import type { Campaign } from './campaigns';
import { SEED_CAMPAIGNS, voucherDefaults } from './seed-catalog';

// What a seeded two-year publication history is made of: campaigns with their seasons, channels
// that come and go, failure reasons, and the words customer names are made from.

/** A campaign of the history: how strongly it publishes on a day (`at`: how far into the history, 0..1). */
export interface HistoryCampaign {
  campaign: Campaign;
  /** Code prefix of its vouchers. */
  prefix: string;
  weight(day: Date, at: number): number;
  /** Share of its successful publications that hand out several codes at once. */
  multiShare: number;
}

const [summer, loyalty, referral, gifts] = SEED_CAMPAIGNS as [Campaign, Campaign, Campaign, Campaign];

const newCampaign = (id: string, name: string, campaign_type: Campaign['campaign_type'], voucher: Partial<Campaign['voucher']>): Campaign => ({
  id,
  name,
  campaign_type,
  // Replaced by the history: a few days before its first publication.
  created_at: '',
  voucher: voucherDefaults(voucher),
});

const isBlackFriday = (d: Date): boolean => (d.getUTCMonth() === 10 && d.getUTCDate() >= 20) || (d.getUTCMonth() === 11 && d.getUTCDate() <= 2);
const isDecember = (d: Date): boolean => d.getUTCMonth() === 11 && d.getUTCDate() <= 24;
const isSummer = (d: Date): boolean => d.getUTCMonth() >= 5 && d.getUTCMonth() <= 7;

export const HISTORY_CAMPAIGNS: readonly HistoryCampaign[] = [
  {
    campaign: newCampaign('camp_welcomeoffer', 'Welcome Offer', 'DISCOUNT_COUPONS', {
      discount: { type: 'AMOUNT', amount_off: 500, effect: 'APPLY_TO_ORDER' },
      redemption_quantity: 1,
    }),
    prefix: 'WELCOME',
    weight: () => 1,
    multiShare: 0,
  },
  { campaign: summer, prefix: 'SUMMER', weight: (d) => (isSummer(d) ? 1.4 : 0.08), multiShare: 0.08 },
  { campaign: loyalty, prefix: 'LC', weight: () => 0.45, multiShare: 0 },
  { campaign: referral, prefix: 'REF', weight: (_, at) => (at < 0.2 ? 0 : 0.15 + 0.35 * at), multiShare: 0.05 },
  { campaign: gifts, prefix: 'GC26', weight: (_, at) => (at < 0.6 ? 0 : 0.3), multiShare: 0.1 },
  {
    campaign: newCampaign('camp_blackfriday1', 'Black Friday', 'DISCOUNT_COUPONS', {
      discount: { type: 'PERCENT', percent_off: 30, amount_limit: 10000, effect: 'APPLY_TO_ORDER' },
      redemption_quantity: 1,
    }),
    prefix: 'BF',
    weight: (d) => (isBlackFriday(d) ? 3 : 0),
    multiShare: 0.12,
  },
  {
    campaign: newCampaign('camp_holidaygift1', 'Holiday Gift Cards', 'GIFT_VOUCHERS', { type: 'GIFT_VOUCHER', gift: { amount: 2500 } }),
    prefix: 'HOLIDAY',
    weight: (d) => (isDecember(d) ? 1.2 : 0),
    multiShare: 0.15,
  },
  {
    campaign: newCampaign('camp_vippoints01', 'VIP Points', 'LOYALTY_PROGRAM', { type: 'LOYALTY_CARD', loyalty_card: { points: 0 } }),
    prefix: 'VIP',
    weight: (_, at) => (at < 0.45 ? 0 : 0.25),
    multiShare: 0,
  },
];

export const CUSTOM_CHANNEL = 'In-store Kiosk';

/** Channels and how much each carries `at` a point of the history: SMS grows, the kiosk opens halfway. */
export const HISTORY_CHANNELS: readonly { name: string; weight(at: number): number }[] = [
  { name: 'API', weight: () => 0.4 },
  { name: 'Email', weight: () => 0.25 },
  { name: 'SMS', weight: (at) => (at < 0.25 ? 0 : 0.3 * at) },
  { name: 'Voucherify Dashboard', weight: () => 0.06 },
  { name: CUSTOM_CHANNEL, weight: (at) => (at < 0.5 ? 0 : 0.2) },
];

/** Why a publication failed, for which campaigns, and how often relative to the other reasons. */
export const HISTORY_FAILURES: readonly { code: string; weight: number; applies(c: Campaign): boolean; message(c: Campaign, customerId: string): string }[] = [
  {
    code: 'no_voucher_suitable_for_publication',
    weight: 4,
    applies: (c) => c.campaign_type !== 'LOYALTY_PROGRAM',
    message: (c) => `No voucher suitable for publication in campaign ${c.name}: every code is published or inactive.`,
  },
  {
    code: 'customer_rules_violated',
    weight: 2.5,
    applies: () => true,
    message: (c, customer) => `Customer ${customer} does not meet the publication rules of campaign ${c.name}.`,
  },
  { code: 'campaign_inactive', weight: 1, applies: () => true, message: (c) => `Campaign ${c.name} is inactive or has expired.` },
  {
    code: 'loyalty_card_already_assigned',
    weight: 3,
    applies: (c) => c.campaign_type === 'LOYALTY_PROGRAM',
    message: (c, customer) => `Customer ${customer} already holds a card of campaign ${c.name}.`,
  },
  {
    code: 'publication_quota_exceeded',
    weight: 1,
    applies: (c) => c.campaign_type !== 'LOYALTY_PROGRAM',
    message: (c, customer) => `Customer ${customer} has reached the publication limit of campaign ${c.name}.`,
  },
];

/** Hours of the day (UTC) by how busy they are: quiet at night, a peak in the evening. */
export const HOUR_WEIGHTS = [1, 0.5, 0.3, 0.2, 0.2, 0.3, 0.8, 1.5, 2.5, 3.2, 3.5, 3.6, 3.8, 3.6, 3.4, 3.3, 3.4, 3.6, 4, 4.2, 3.8, 3, 2.2, 1.5];

/** Sunday to Saturday: weekdays busy, Friday busiest, weekends quiet. */
export const WEEKDAY_WEIGHTS = [0.45, 1, 1.1, 1.05, 1.1, 1.25, 0.6];

export const FIRST_NAMES =
  'Ada Ben Carla Dmitri Elena Farid Greta Hugo Ines Jonas Kaito Lena Marek Nora Omar Priya Quentin Rosa Sven Tara Uma Viktor Wen Yara Zoe'.split(' ');
export const LAST_NAMES = 'Andersen Baptiste Costa Dubois Eriksen Fischer Garcia Haddad Ivanova Jensen Kowalski Lindqvist Moreno Novak Okafor Petrov'.split(
  ' ',
);
