import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../electron/local-service/server';
import { call, waitForJob } from './helpers';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'vd-sandbox-'));
  dirs.push(dir);
  return join(dir, 'sandbox.sqlite');
}

describe('sandbox storage', () => {
  it('keeps vouchers, rewards and async actions in the data file across restarts, seeding only once', async () => {
    const dataFile = tempFile();
    const first = await startSandbox({ dataFile, appId: 'a', appToken: 't' });
    const job = await call(first, 'POST', '/v1/vouchers/import', { json: [{ code: 'KEEP-1', type: 'GIFT_VOUCHER', gift: { amount: 700 } }] });
    await waitForJob(first, job.body.async_action_id);
    await call(first, 'POST', '/v1/campaigns/camp_summersale01/vouchers/KEEP-2');
    const reward = await call(first, 'POST', '/v1/rewards', { json: { name: 'Mug', type: 'MATERIAL', parameters: { product: { id: 'prod_mug' } } } });
    await call(first, 'DELETE', '/v1/vouchers/SUMMER-001?force=true');
    const publications = (await call(first, 'GET', '/v1/publications')).body.total;
    await first.close();
    expect(existsSync(dataFile)).toBe(true);

    const second = await startSandbox({ dataFile, appId: 'a', appToken: 't' });
    try {
      expect((await call(second, 'GET', '/v1/vouchers/KEEP-1')).body.gift.amount).toBe(700);
      expect((await call(second, 'GET', '/v1/vouchers/KEEP-2')).body.campaign).toBe('Summer Sale');
      expect((await call(second, 'GET', '/v1/vouchers/SUMMER-001')).status).toBe(404);
      const rewards = (await call(second, 'GET', '/v1/rewards?limit=100')).body.data.map((r: { id: string }) => r.id);
      expect(rewards).toContain(reward.body.id);
      expect((await call(second, 'GET', `/v1/async-actions/${job.body.async_action_id}`)).body.status).toBe('DONE');
      expect((await call(second, 'GET', '/v1/publications')).body.total).toBe(publications);
    } finally {
      await second.close();
    }
  });

  it('marks a job cut short by a stop as FAILED after a restart', async () => {
    const dataFile = tempFile();
    const first = await startSandbox({ dataFile, jobPortionSize: 10 });
    const items = Array.from({ length: 20_000 }, (_, i) => ({ code: `CUT-${i}`, type: 'GIFT_VOUCHER', gift: { amount: 1 } }));
    const job = await call(first, 'POST', '/v1/vouchers/import', { json: items });
    await first.close();
    const second = await startSandbox({ dataFile });
    try {
      const action = (await call(second, 'GET', `/v1/async-actions/${job.body.async_action_id}`)).body;
      expect(action.status).toBe('FAILED');
      expect(action.operation_status).toBe('FAILED');
      expect(action.result.message).toContain('stopped');
    } finally {
      await second.close();
    }
  });

  it('writes the file shortly after a change and keeps serving afterwards', async () => {
    const dataFile = tempFile();
    const sb = await startSandbox({ dataFile });
    try {
      expect((await call(sb, 'POST', '/v1/campaigns/camp_summersale01/vouchers/SAVED-1')).status).toBe(200);
      const deadline = Date.now() + 10_000;
      while (!existsSync(dataFile) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
      expect(existsSync(dataFile)).toBe(true);
      expect((await call(sb, 'POST', '/v1/campaigns/camp_summersale01/vouchers/SAVED-2')).status).toBe(200);
      expect((await call(sb, 'GET', '/v1/vouchers/SAVED-1')).status).toBe(200);
      expect((await call(sb, 'GET', '/v1/publications')).status).toBe(200);
    } finally {
      await sb.close();
    }
  });

  it('refuses to start with a data file it cannot write, naming the file', async () => {
    const dataFile = join(tempFile(), 'no-such-folder', 'x.sqlite');
    await expect(startSandbox({ dataFile })).rejects.toThrow(`cannot write the data file ${dataFile}`);
  });

  it('keeps nothing when no data file is given', async () => {
    const first = await startSandbox();
    await call(first, 'POST', '/v1/campaigns/camp_summersale01/vouchers/TEMP-1');
    await first.close();
    const second = await startSandbox();
    try {
      expect((await call(second, 'GET', '/v1/vouchers/TEMP-1')).status).toBe(404);
    } finally {
      await second.close();
    }
  });
});
