import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CredentialsRejectedError, TokenManager, createClient, type VoucherClient } from '../../../shared/api';
import { SEED_EARNING_RULE_IDS } from '../../../electron/local-service/server';
import { startHarness, type Harness } from './sandbox-harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.sandbox.close());

function oauthClient(credentials = h.sandbox.credentials, renewMarginMs = 60_000): VoucherClient {
  return h.client({ auth: { type: 'oauth', ...credentials, renewMarginMs } });
}

const minted = (): number => h.sandbox.stats().tokensMinted;

describe('OAuth token manager against the sandbox', () => {
  it('renews across 2,400 s of injected time with exactly the tokens needed', async () => {
    const client = oauthClient();
    const before = minted();
    const expiries: number[] = [];
    for (let second = 0; second <= 2_400; second += 100) {
      await client.listRewards({ limit: 1 });
      const expiresAt = client.tokenStatus()?.expiresAt;
      if (expiresAt !== undefined && expiries.at(-1) !== expiresAt) expiries.push(expiresAt);
      h.clock.advance(100_000);
    }
    // Minted at 0 s; renewed at 900 s (840 s is inside the 60 s margin, so the call at 900 s renews)
    // and at 1,800 s; the token of 1,800 s lasts to 2,700 s.
    expect(minted() - before).toBe(3);
    expect(client.tokenStatus()?.minted).toBe(3);
    expect(expiries).toHaveLength(3);
    expect((expiries[1] ?? 0) - (expiries[0] ?? 0)).toBe(900_000);
  });

  it('shares one token among ten concurrent calls', async () => {
    const client = oauthClient();
    const before = minted();
    const answers = await Promise.all(Array.from({ length: 10 }, () => client.listStacks({ limit: 5 })));
    expect(answers.every((a) => a.items.length > 0)).toBe(true);
    expect(minted() - before).toBe(1);
  });

  it('asks for a wider token only when a call needs a scope the current one lacks', async () => {
    const client = oauthClient();
    const before = minted();
    await client.listRewards({ limit: 1 });
    await client.listRewards({ limit: 1 });
    expect(client.tokenStatus()?.scopes).toEqual(['rewards']);
    await client.getEarningRule(SEED_EARNING_RULE_IDS.points);
    expect(client.tokenStatus()?.scopes).toEqual(['loyalties', 'rewards']);
    await client.listRewards({ limit: 1 });
    expect(minted() - before).toBe(2);
  });

  it('re-mints once when the service refuses a token the client still thought valid', async () => {
    // The manager's clock runs two minutes behind the expiry it was given: the service expires the token first.
    const lagging = { now: () => h.clock.now() - 120_000 };
    const keys = h.client();
    const manager = new TokenManager({
      clock: lagging,
      renewMarginMs: 60_000,
      mint: async (scopes) => {
        const token = await keys.createToken(scopes);
        return { accessToken: token.access_token, expiresAt: h.clock.now() + (token.expires_in ?? 0) * 1000, scopes };
      },
    });
    const client = h.client({ auth: { type: 'oauth', ...h.sandbox.credentials, tokenManager: manager } });
    const before = minted();
    await client.listRewards({ limit: 1 });
    h.clock.advance(900_000);
    const requestsBefore = h.sandbox.stats().requests;
    const after = await client.listRewards({ limit: 1 });
    expect(after.total).toBeGreaterThan(0);
    expect(minted() - before).toBe(2);
    // The refused call, the one re-mint, the call again.
    expect(h.sandbox.stats().requests - requestsBefore).toBe(3);
  });

  it('fails with CredentialsRejectedError once a blocked key can mint no more, after one try', async () => {
    const credentials = h.sandbox.addKey();
    const client = oauthClient(credentials);
    await client.listRewards({ limit: 1 });
    const before = minted();
    h.sandbox.blockKey(credentials.appId);
    // Tokens of a blocked key stop within a minute; then the one re-mint is refused too.
    h.clock.advance(61_000);
    const error = await client.listRewards({ limit: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CredentialsRejectedError);
    expect((error as CredentialsRejectedError).status).toBe(401);
    expect((error as Error).message).toMatch(/blocked or deleted/);
    expect(minted()).toBe(before);
  });

  it('rejects a blocked or deleted key pair with CredentialsRejectedError and never shows the secret', async () => {
    const blocked = h.sandbox.addKey();
    const deleted = h.sandbox.addKey();
    h.sandbox.blockKey(blocked.appId);
    h.sandbox.deleteKey(deleted.appId);
    for (const credentials of [blocked, deleted]) {
      const client = h.client({ auth: { type: 'keys', ...credentials } });
      const error = await client.getVoucher('ANY').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CredentialsRejectedError);
      expect(JSON.stringify({ ...(error as object), message: (error as Error).message })).not.toContain(credentials.appToken);
    }
    const wrong = createClient({
      target: { sandbox: h.sandbox.urls[h.sandbox.hostCluster] },
      auth: { type: 'oauth', appId: h.sandbox.credentials.appId, appToken: 'not-the-token' },
      clock: h.clock,
    });
    await expect(wrong.listRewards()).rejects.toBeInstanceOf(CredentialsRejectedError);
  });
});
