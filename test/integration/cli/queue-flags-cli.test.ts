import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { spawnBin } from '../cli-inspect/spawn-bin';
import { clientFor, sandbox, tempDir } from '../sync/helpers';

// A campaign decides type and discount of the codes added to it, so the batches drop theirs (--drop-values).
const PERCENT = ['--type', 'discount', '--defaults', '{"discount":{"type":"PERCENT","percent_off":5,"effect":"APPLY_TO_ORDER"}}'];
const env = { VOUCHER_DESK_KEYCHAIN_SERVICE: `voucher-desk-flags-test-${randomUUID()}`, VOUCHER_DESK_PROJECT: '' };

async function ok(args: readonly string[], input?: string): Promise<string> {
  const result = await spawnBin(args, { env, ...(input !== undefined && { input }) });
  expect(result.status, `${args.join(' ')}: ${result.stderr}`).toBe(0);
  return result.stdout;
}

async function refused(args: readonly string[]): Promise<string> {
  const result = await spawnBin(args, { env });
  expect(result.status, `${args.join(' ')} should be refused`).not.toBe(0);
  return result.stderr;
}

describe('voucher-desk queue reward and add-to-campaign flags, judged by the sandbox after sync', () => {
  it('creates a material reward with attributes and metadata, and a digital one with a balance', async () => {
    if (!process.env.DBUS_SESSION_BUS_ADDRESS) throw new Error('No D-Bus session: run this through `npm test`, which starts a private keyring');
    const sb = await sandbox();
    const url = sb.urls[sb.hostCluster];
    const at = ['--data-dir', tempDir()];
    try {
      await ok(['keys', 'set', url, '--app-id', sb.credentials.appId, ...at], sb.credentials.appToken);
      const material = ['queue', 'reward', '--type', 'material', '--name', 'Desk plant', '--product', 'prod_coffee00001', '--sku', 'sku_mug0001', ...at];
      expect(await refused([...material, '--image-url', 'pictures/plant.png'])).toMatch(
        /--image-url must be an http:\/\/ or https:\/\/ address \(got "pictures\/plant.png"\)/,
      );
      expect(await refused([...material, '--metadata', '["shelf"]'])).toMatch(/--metadata must be a JSON object.*\(got a list\)/);
      expect(await refused([...material, '--balance', '500'])).toMatch(
        /--balance is not for a material \(MATERIAL\) reward; it belongs to digital \(CAMPAIGN\)/,
      );
      await ok([
        ...material,
        '--stock',
        '12',
        '--image-url',
        'https://pictures.example/plant.png',
        '--description',
        'A small green plant',
        '--metadata',
        '{"shelf":"C1","fragile":true}',
      ]);
      await ok([
        'queue',
        'reward',
        '--type',
        'CAMPAIGN',
        '--name',
        'Fifty credits',
        '--campaign',
        'camp_giftcards26',
        '--balance',
        '5000',
        '--metadata',
        '{"tier":"gold"}',
        ...at,
      ]);
      expect(sb.stats().requests).toBe(0);

      expect(await ok(['sync', '--target', url, '--yes', ...at])).toMatch(/Sync finished/);
      const rewards = (await clientFor(sb).listRewards({ limit: 100 })).items;
      expect(rewards.find((r) => r.name === 'Desk plant')).toMatchObject({
        type: 'MATERIAL',
        stock: 12,
        attributes: { image_url: 'https://pictures.example/plant.png', description: 'A small green plant' },
        metadata: { shelf: 'C1', fragile: true },
      });
      expect(rewards.find((r) => r.name === 'Fifty credits')).toMatchObject({
        type: 'CAMPAIGN',
        parameters: { campaign: { id: 'camp_giftcards26', balance: 5000 } },
        metadata: { tier: 'gold' },
      });
    } finally {
      await spawnBin(['keys', 'delete', url, ...at], { env });
    }
  }, 240_000);

  it('adds codes to a campaign in a category given by id, and refuses a category id beside a batch category', async () => {
    const sb = await sandbox();
    const url = sb.urls[sb.hostCluster];
    const at = ['--data-dir', tempDir()];
    try {
      await ok(['keys', 'set', url, '--app-id', sb.credentials.appId, ...at], sb.credentials.appToken);
      await ok(['batch', 'create', 'named', '--category', 'spring', ...PERCENT, ...at]);
      await ok(['batch', 'generate', 'named', '--count', '3', '--pattern', 'NAMED-####', ...at]);
      const clash = await refused(['queue', 'add-to-campaign', 'named', 'camp_summersale01', '--category-id', 'cat_seasonal0001', '--drop-values', ...at]);
      expect(clash).toMatch(
        /category and category_id: batch \d+ "named" gives a category on 3 row\(s\) \(e\.g\. "spring"\) and the category id "cat_seasonal0001" was given too/,
      );

      await ok(['batch', 'create', 'plain', ...PERCENT, ...at]);
      await ok(['batch', 'generate', 'plain', '--count', '3', '--pattern', 'PLAIN-####', ...at]);
      const { page } = JSON.parse(await ok(['batch', 'show', 'plain', '--json', ...at])) as { page: { rows: { code: string }[] } };
      await ok(['queue', 'add-to-campaign', 'plain', 'camp_summersale01', '--category-id', 'cat_seasonal0001', '--drop-values', ...at]);
      expect(await ok(['sync', '--target', url, '--yes', ...at])).toMatch(/Sync finished/);
      const client = clientFor(sb);
      for (const { code } of page.rows) {
        expect(await client.getVoucher(code)).toMatchObject({ code, campaign_id: expect.any(String), category_id: 'cat_seasonal0001' });
      }
    } finally {
      await spawnBin(['keys', 'delete', url, ...at], { env });
    }
  }, 240_000);
});
