import type { Campaign } from './campaigns';
import { Dice } from './dice';
import {
  CUSTOM_CHANNEL,
  FIRST_NAMES,
  HISTORY_CAMPAIGNS,
  HISTORY_CHANNELS,
  HISTORY_FAILURES,
  HOUR_WEIGHTS,
  LAST_NAMES,
  WEEKDAY_WEIGHTS,
  type HistoryCampaign,
} from './history-catalog';
import { customerObject, publicationDoc, type CustomerRecord } from './publication-builder';
import type { PublicationDoc } from './publication-doc';
import { variantCustomers, variantSeed } from './seed-variant';

const DAY = 86_400_000;
const HOUR = 3_600_000;
export const HISTORY_DAYS = 730;
const NEW_CUSTOMERS = 400;
/** Customers who exist before the history starts; the rest join along it. */
const FIRST_CUSTOMERS = 40;
const SEED = 0x5eed_2b1d;
const CODE_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const ID_CHARS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
/** Most publications a sandbox seeds: a loyalty programme's ordinary history, ten times what one list walk reaches. */
export const MAX_SEEDED_PUBLICATIONS = 1_000_000;

/** A seeded project's publication history with the customers and campaigns its items refer to. */
export interface SeededHistory {
  customers: CustomerRecord[];
  campaigns: Campaign[];
  publications: PublicationDoc[];
}

const iso = (ms: number): string => new Date(ms).toISOString();

/** Customers, oldest first: some from before the history, the others joining along it. */
function customersOf(dice: Dice, startMs: number, endMs: number, tag: string): CustomerRecord[] {
  const seeded = variantCustomers(tag);
  const ids = new Set(seeded.map((c) => c.id));
  const made = seeded.map((c) => ({ customer: c, at: startMs - (120 + dice.below(60)) * DAY }));
  for (let i = 0; i < NEW_CUSTOMERS; i += 1) {
    const first = FIRST_NAMES[dice.below(FIRST_NAMES.length)] as string;
    const last = LAST_NAMES[dice.below(LAST_NAMES.length)] as string;
    const email = `${first}.${last}.${i + 1}@example.com`.toLowerCase();
    const id = dice.fresh(ids, () => `cust_${dice.text(ID_CHARS, 14)}`);
    const at = i < FIRST_CUSTOMERS ? startMs - dice.below(90 * DAY) : startMs + dice.below(endMs - startMs - DAY);
    made.push({ customer: { id, source_id: dice.unit() < 0.6 ? `crm-${String(10_000 + i)}` : email, name: `${first} ${last}`, email }, at });
  }
  return made.sort((a, b) => a.at - b.at).map(({ customer, at }) => ({ ...customer, created_at: iso(at) }));
}

/** Publications a day gets: growing over the two years, busier on weekdays and in campaign seasons, with noise. */
function dayWeights(dice: Dice, firstDay: number, endMs: number): { weights: number[]; campaigns: number[][] } {
  const weights: number[] = [];
  const campaigns: number[][] = [];
  for (let k = 0; k < HISTORY_DAYS; k += 1) {
    const start = (firstDay + k) * DAY;
    const day = new Date(start);
    const at = k / HISTORY_DAYS;
    const byCampaign = HISTORY_CAMPAIGNS.map((h) => h.weight(day, at));
    const span = Math.min(DAY, Math.max(0, endMs - start)) / DAY;
    const growth = 0.35 + 1.3 * at ** 1.5;
    weights.push(byCampaign.reduce((a, b) => a + b, 0) * growth * (WEEKDAY_WEIGHTS[day.getUTCDay()] as number) * (0.85 + 0.3 * dice.unit()) * span);
    campaigns.push(byCampaign);
  }
  return { weights, campaigns };
}

/** Splits `count` over the days in proportion to their weights, exactly. */
function perDay(count: number, weights: readonly number[]): number[] {
  const total = weights.reduce((a, b) => a + b, 0);
  let running = 0;
  let given = 0;
  return weights.map((w) => {
    running += w;
    const upTo = Math.round((count * running) / total);
    const n = upTo - given;
    given = upTo;
    return n;
  });
}

/** Times within one day (or up to `endMs` on the last), ascending, mostly in the busy hours. */
function timesOfDay(dice: Dice, dayStart: number, endMs: number, n: number): number[] {
  const times: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const t = dayStart + dice.weighted(HOUR_WEIGHTS) * HOUR + dice.below(HOUR);
    times.push(t < endMs ? t : dayStart + dice.below(Math.max(1, endMs - dayStart)));
  }
  return times.sort((a, b) => a - b);
}

/**
 * A realistic, reproducible history of `count` publications over the two years up to `endMs`:
 * eight campaigns with seasons, five channels, a few hundred customers joining over time, single,
 * multiple and failed publications, source ids and tracking ids. The same count, end and `tag` give
 * the same history; another tag (a project's name) gives other customers, codes and ids.
 */
export function seedHistory(count: number, endMs: number, tag = ''): SeededHistory {
  const dice = new Dice(variantSeed(SEED, tag));
  const firstDay = Math.floor(endMs / DAY) - HISTORY_DAYS + 1;
  const startMs = firstDay * DAY;
  const customers = customersOf(dice, startMs, endMs, tag);
  const joined = customers.map((c) => Date.parse(c.created_at as string));
  const { weights, campaigns: campaignWeights } = dayWeights(dice, firstDay, endMs);
  const counts = perDay(count, weights);
  const publications: PublicationDoc[] = [];
  const firstUse = new Map<HistoryCampaign, number>();
  const seen = { ids: new Set<string>(), codes: new Set<string>() };
  const embedded = new Map<string, ReturnType<typeof customerObject>>();
  let known = 0;
  let sources = 0;
  counts.forEach((n, k) => {
    const dayStart = (firstDay + k) * DAY;
    const at = k / HISTORY_DAYS;
    const byCampaign = campaignWeights[k] as number[];
    const channels = HISTORY_CHANNELS.map((c) => c.weight(at));
    const blackFriday = (byCampaign[HISTORY_CAMPAIGNS.findIndex((h) => h.prefix === 'BF')] ?? 0) > 0;
    // An afternoon-to-weekend run on empty code pools, so the failure chart has an incident to show.
    const incident = at >= 0.7 && at < 0.705;
    for (const t of timesOfDay(dice, dayStart, endMs, n)) {
      while (known < joined.length && (joined[known] as number) <= t) known += 1;
      const customer = customers[Math.floor(Math.max(known, 1) * Math.sqrt(dice.unit()))] as CustomerRecord;
      const history = HISTORY_CAMPAIGNS[dice.weighted(byCampaign)] as HistoryCampaign;
      const { campaign } = history;
      if (!firstUse.has(history)) firstUse.set(history, t);
      const channel = HISTORY_CHANNELS[dice.weighted(channels)]?.name ?? 'API';
      const failed = dice.unit() < (incident ? 0.3 : blackFriday ? 0.1 : 0.045);
      const createdAt = iso(t);
      let outcome: Parameters<typeof publicationDoc>[0]['outcome'];
      if (failed) {
        const reasons = HISTORY_FAILURES.filter((f) => f.applies(campaign));
        const emptyPools = incident ? reasons.filter((f) => f.code === 'no_voucher_suitable_for_publication') : [];
        const pool = emptyPools.length > 0 ? emptyPools : reasons;
        const reason = pool[dice.weighted(pool.map((f) => f.weight))] as (typeof pool)[number];
        outcome = { failure_code: reason.code, failure_message: reason.message(campaign, customer.id) };
      } else {
        const several = dice.unit() < history.multiShare ? 2 + dice.below(3) : 1;
        const codes: string[] = [];
        for (let i = 0; i < several; i += 1) codes.push(dice.fresh(seen.codes, () => `${history.prefix}-${dice.text(CODE_CHARS, 8)}`));
        outcome = { codes };
      }
      const points = !failed && campaign.campaign_type === 'LOYALTY_PROGRAM' ? 120 : 0;
      const key = `${customer.id} ${points}`;
      const customerItem = embedded.get(key) ?? customerObject(customer, points, customer.created_at as string);
      embedded.set(key, customerItem);
      const sourceId =
        channel === 'API' && dice.unit() < 0.45
          ? `ord_${(sources += 1).toString(36).padStart(6, '0')}`
          : channel === CUSTOM_CHANNEL
            ? `kiosk-${1 + dice.below(12)}-${(sources += 1).toString(36)}`
            : null;
      publications.push(
        publicationDoc({
          id: dice.fresh(seen.ids, () => `pub_${dice.text(ID_CHARS, 20)}`),
          createdAt,
          campaign,
          customer: customerItem,
          trackingId: channel === 'Voucherify Dashboard' || dice.unit() < 0.1 ? null : customer.source_id,
          channel,
          sourceId,
          metadata: metadataOf(channel, campaign, sourceId),
          outcome,
        }),
      );
    }
  });
  const campaigns = HISTORY_CAMPAIGNS.map((h) => ({ ...h.campaign, created_at: iso((firstUse.get(h) ?? startMs + 3 * DAY) - 3 * DAY) }));
  return { customers, campaigns, publications };
}

/** Email and SMS publications come from distributions; API ones carry the order they were made for. */
function metadataOf(channel: string, campaign: Campaign, sourceId: string | null): Record<string, unknown> {
  if (channel === 'Email' || channel === 'SMS') {
    return { source_type: 'distribution', distribution_id: `distr_${campaign.id.slice(5)}${channel === 'SMS' ? 's' : 'e'}` };
  }
  if (sourceId !== null) return { source_type: channel === 'API' ? 'api' : 'kiosk', source_id: sourceId };
  return {};
}
