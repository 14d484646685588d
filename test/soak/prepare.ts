// The user's side of the soak: a data folder with three batches and every kind of write queued.
import { join } from 'node:path';
import { openLibraryServices, type LibraryServices } from '../../electron/desk/library';
import { codesOfRequest } from '../../electron/outbox/op-codes';
import { queueAddToCampaign } from '../../electron/operations/add-to-campaign';
import { queueImport } from '../../electron/operations/imports';
import { queueDelete } from '../../electron/operations/delete';
import { queueReward } from '../../electron/operations/reward';
import { writeFixtureCsv } from '../integration/batches/csv-fixture';
import type { Dice } from './dice';
import type { SoakOptions } from './options';

export const CAMPAIGN_ID = 'camp_summersale01';
const PERCENT = { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 15, effect: 'APPLY_TO_ORDER' } } as const;

export interface QueuedImport {
  opId: number;
  codes: string[];
  requests: number;
  /** The first and the last code of each request. */
  edges: string[];
}

/** What was queued, read back from the outbox: the soak checks the service against it. */
export interface Queued {
  json: QueuedImport;
  csv: QueuedImport;
  reward: { opId: number; marker: string; name: string };
  campaign: { opId: number; id: string; codes: string[] };
  deletes: { opId: number; codes: string[]; force: boolean }[];
}

function requestCodes(library: LibraryServices, opId: number): string[][] {
  return library.outbox.requests(opId).map((request) => codesOfRequest(library.outbox, request).codes);
}

async function queuedImport(library: LibraryServices, batchId: number, format: 'json' | 'csv', maxCodes: number): Promise<QueuedImport> {
  const op = await queueImport({ library: library.db, outbox: library.outbox }, String(batchId), { format, limits: { maxCodes } });
  const requests = requestCodes(library, op.id);
  return {
    opId: op.id,
    codes: requests.flat(),
    requests: requests.length,
    edges: requests.flatMap((codes) => [codes[0], codes.at(-1)].filter((c): c is string => c !== undefined)),
  };
}

/** Fills `dataDir` and queues: a JSON import, a CSV import, a reward, two deletions and an add-to-campaign. */
export async function prepare(dataDir: string, o: SoakOptions, dice: Dice): Promise<Queued> {
  const library = await openLibraryServices(dataDir);
  try {
    const jsonCount = Math.ceil(o.codes * 0.6);
    const generated = await library.batches.create({ name: 'Soak generated', defaults: { ...PERCENT } });
    await library.generate(generated.id, { spec: { count: jsonCount, length: 10, prefix: 'SOAK-' }, random: (n) => dice.int(n) });
    const fromCsv = await library.batches.create({ name: 'Soak CSV' });
    const file = join(dataDir, 'soak.csv');
    await writeFixtureCsv(file, o.codes - jsonCount);
    await library.importCsv(fromCsv.id, file);
    const forCampaign = await library.batches.create({ name: 'Soak campaign', defaults: { ...PERCENT } });
    const campaignCodes = Array.from({ length: o.campaignCodes }, (_, i) => `SOAKCAMP-${String(i + 1).padStart(5, '0')}`);
    await library.drafts.add(
      forCampaign.id,
      campaignCodes.map((code) => ({ code })),
    );

    const json = await queuedImport(library, generated.id, 'json', o.codesOfRequest);
    const csv = await queuedImport(library, fromCsv.id, 'csv', o.codesOfRequest);
    const name = `Soak reward ${o.seed}`;
    const reward = await queueReward(library.outbox, { type: 'MATERIAL', name, product: { id: 'prod_mug', sku_id: 'sku_mug' }, stock: 5 });
    // Deletions are queued before the campaign's 300 requests so that they go out, as soon as the
    // imports are done, while runs are still being killed.
    const half = Math.floor(o.deletes / 2);
    const deletes = [];
    for (const [codes, force] of [
      [dice.sample(json.codes, o.deletes - half), false],
      [dice.sample(csv.codes, half), true],
    ] as const) {
      if (codes.length === 0) continue;
      const op = (await queueDelete(library.outbox, codes, force)).op;
      deletes.push({ opId: op.id, codes: [...codes], force });
    }
    // The campaign sets the discount; the batch's own is dropped, as the user agrees to here.
    const campaign = (await queueAddToCampaign({ library: library.db, outbox: library.outbox }, String(forCampaign.id), CAMPAIGN_ID, { dropValues: true })).op;
    return {
      json,
      csv,
      reward: { opId: reward.id, marker: (JSON.parse(reward.payload) as { marker: string }).marker, name },
      campaign: { opId: campaign.id, id: CAMPAIGN_ID, codes: requestCodes(library, campaign.id).flat() },
      deletes,
    };
  } finally {
    await library.close();
  }
}
