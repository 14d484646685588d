// Fault matrix, the other writes: add-to-campaign, reward, delete × every fault × another client
// writing in the window. Judged by the sandbox's vouchers, rewards and request log, then the report.
import { describe, expect, it } from 'vitest';
import { queueAddToCampaign } from '../../../../electron/operations/add-to-campaign';
import { queueImport } from '../../../../electron/operations/imports';
import { queueDelete } from '../../../../electron/operations/delete';
import { queueReward } from '../../../../electron/operations/reward';
import { SyncEngine } from '../../../../electron/sync/engine';
import { OPERATION_MARKER_KEY } from '../../../../shared/operations/marker';
import { batchOf, clientFor, codes, codesOnService, desk } from '../helpers';
import { CARRIED_OUT, FAULTS, carriedOutWrites, otherImport, runCase, sharedSandbox, type Other } from './world';

const CAMPAIGN = 'camp_summersale01';
const CODES = 5;

const world = sharedSandbox();

const prefixOf = (kind: string, fault: string, o: Other): string => `${kind}-${fault}-${o}`.toUpperCase();

/** Every carried-out write of the app's key hit a different path: no code was written twice. */
function eachOnce(paths: string[]): void {
  expect(new Set(paths).size).toBe(paths.length);
}

describe('fault matrix: add to campaign', () => {
  const cases = FAULTS.flatMap((fault) => (['none', 'theirs', 'ours'] as const).map((o) => ({ fault, other: o })));
  it.each(cases)('$fault, other client: $other', async ({ fault, other: o }) => {
    const { sb, other } = world;
    const prefix = prefixOf('add', fault, o);
    const list = codes(prefix, CODES);
    // The first code is the faulted request's; the third is sent later, after the other client took it.
    const taken = [list[0] as string, list[2] as string];
    const c = await runCase(
      sb,
      fault,
      { method: 'POST', path: '/v1/campaigns' },
      async (d) => (await queueAddToCampaign(d, String(await batchOf(d, prefix, list)), CAMPAIGN, { dropValues: true })).op,
      async () => {
        if (o === 'theirs') await otherImport(sb, other, codes(`${prefix}-THEIRS`, 2));
        if (o === 'ours') await otherImport(sb, other, taken);
      },
    );
    const present = o !== 'ours' ? [] : CARRIED_OUT.has(fault) ? [list[2] as string] : taken;
    for (const code of list) {
      const voucher = await c.client.getVoucher(code);
      if (present.includes(code)) expect(voucher.campaign_id).toBeNull();
      else expect(voucher).toMatchObject({ campaign_id: CAMPAIGN, metadata: { [OPERATION_MARKER_KEY]: c.op.uid } });
    }
    const added = carriedOutWrites(c, 'POST', '/v1/campaigns').map((r) => r.path);
    eachOnce(added);
    expect(added).toHaveLength(CODES - present.length);
    expect(c.d.outbox.present(c.op.id).map((p) => p.code)).toEqual(present);
    expect(c.d.outbox.tally(c.op.id)).toEqual({ applied: CODES - present.length, present: present.length, failed: 0 });
  });
});

describe('fault matrix: reward', () => {
  const cases = FAULTS.flatMap((fault) => (['none', 'theirs'] as const).map((o) => ({ fault, other: o })));
  it.each(cases)('$fault, other client: $other', async ({ fault, other: o }) => {
    const { sb, other } = world;
    const name = prefixOf('reward', fault, o);
    const c = await runCase(
      sb,
      fault,
      { method: 'POST', path: '/v1/rewards' },
      (d) => queueReward(d.outbox, { type: 'MATERIAL', name, product: { id: 'prod_mug', sku_id: 'sku_mug' }, stock: 5 }),
      async () => {
        if (o === 'theirs') await otherImport(sb, other, codes(`${name}-THEIRS`, 2));
      },
    );
    const rewards = (await c.client.listRewards({ limit: 100 })).items.filter((r) => r.name === name);
    expect(rewards).toHaveLength(1);
    expect(rewards[0]?.metadata?.[OPERATION_MARKER_KEY]).toBe(c.op.uid);
    expect(carriedOutWrites(c, 'POST', '/v1/rewards')).toHaveLength(1);
    expect(c.d.outbox.request(c.op.id, 0).result).toMatchObject({ reward_id: rewards[0]?.id, applied: 1 });
    expect(c.d.outbox.tally(c.op.id)).toEqual({ applied: 1, present: 0, failed: 0 });
  });
});

describe('fault matrix: delete', () => {
  const cases = FAULTS.flatMap((fault) => (['none', 'theirs'] as const).map((o) => ({ fault, other: o })));
  it.each(cases)('$fault, other client: $other', async ({ fault, other: o }) => {
    const { sb, other } = world;
    const prefix = prefixOf('delete', fault, o);
    const list = codes(prefix, CODES);
    // The codes are put on the service first, by the app itself.
    const setup = await desk();
    await queueImport(setup, String(await batchOf(setup, prefix, list)), { format: 'json' });
    expect((await new SyncEngine({ outbox: setup.outbox, client: clientFor(sb) }).run()).state).toBe('finished');
    expect(await codesOnService(clientFor(sb), list)).toEqual(list);

    const c = await runCase(
      sb,
      fault,
      { method: 'DELETE', path: '/v1/vouchers' },
      async (d) => (await queueDelete(d.outbox, list, true)).op,
      async () => {
        if (o === 'theirs') await otherImport(sb, other, codes(`${prefix}-THEIRS`, 2));
      },
    );
    expect(await codesOnService(c.client, list)).toEqual([]);
    const deleted = carriedOutWrites(c, 'DELETE', '/v1/vouchers').map((r) => r.path);
    eachOnce(deleted);
    expect(deleted).toHaveLength(CODES);
    expect(c.d.outbox.tally(c.op.id)).toEqual({ applied: CODES, present: 0, failed: 0 });
  });
});
