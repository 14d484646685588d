import { describe, expect, it } from 'vitest';
import { TokenManager, type Scope, type TokenGrant } from '../../../shared/api';

function setup(options: { renewMarginMs?: number; scopes?: Scope[]; grantScopes?: (s: readonly Scope[]) => string[] } = {}) {
  let now = 1_000_000;
  const clock = { now: () => now };
  const mints: (readonly Scope[])[] = [];
  let release: (() => void) | undefined;
  let hold = false;
  const manager = new TokenManager({
    clock,
    ...(options.renewMarginMs !== undefined && { renewMarginMs: options.renewMarginMs }),
    ...(options.scopes && { scopes: options.scopes }),
    mint: async (scopes): Promise<TokenGrant> => {
      mints.push(scopes);
      if (hold) await new Promise<void>((resolve) => (release = resolve));
      return { accessToken: `tok_${mints.length}`, expiresAt: now + 900_000, scopes: options.grantScopes?.(scopes) ?? [...scopes] };
    },
  });
  return {
    manager,
    mints,
    advance: (ms: number) => (now += ms),
    holdMints: () => (hold = true),
    releaseMint: () => release?.(),
  };
}

describe('TokenManager', () => {
  it('mints once and reuses the token until the renew margin before expiry', async () => {
    const t = setup({ renewMarginMs: 60_000 });
    expect(await t.manager.token('vouchers')).toBe('tok_1');
    t.advance(839_999);
    expect(await t.manager.token('vouchers')).toBe('tok_1');
    t.advance(1);
    expect(await t.manager.token('vouchers')).toBe('tok_2');
    expect(t.mints).toHaveLength(2);
    expect(t.manager.status()).toEqual({ expiresAt: 1_840_000 + 900_000, scopes: ['vouchers'], minted: 2 });
  });

  it('shares one mint between callers waiting at the same time', async () => {
    const t = setup();
    t.holdMints();
    const calls = Array.from({ length: 10 }, () => t.manager.token('publications'));
    await Promise.resolve();
    t.releaseMint();
    expect(new Set(await Promise.all(calls))).toEqual(new Set(['tok_1']));
    expect(t.mints).toHaveLength(1);
  });

  it('asks for the declared scopes and widens only when a call needs another one', async () => {
    const t = setup({ scopes: ['vouchers', 'async-actions'] });
    await t.manager.token('vouchers');
    await t.manager.token('async-actions');
    expect(t.mints).toEqual([['async-actions', 'vouchers']]);
    await t.manager.token('rewards');
    expect(t.mints[1]).toEqual(['async-actions', 'rewards', 'vouchers']);
    await t.manager.token('vouchers');
    expect(t.mints).toHaveLength(2);
  });

  it('treats an api-scope token as covering every server-side scope', async () => {
    const t = setup({ grantScopes: () => ['api'] });
    await t.manager.token('vouchers');
    await t.manager.token('loyalties');
    expect(t.mints).toHaveLength(1);
  });

  it('replaces a refused token once, however many calls saw the refusal', async () => {
    const t = setup();
    const first = await t.manager.token('vouchers');
    const renewed = await Promise.all([
      t.manager.renewAfterRejection(first, 'vouchers'),
      t.manager.renewAfterRejection(first, 'vouchers'),
      t.manager.renewAfterRejection(first, 'vouchers'),
    ]);
    expect(renewed).toEqual(['tok_2', 'tok_2', 'tok_2']);
    expect(await t.manager.renewAfterRejection(first, 'vouchers')).toBe('tok_2');
    expect(t.mints).toHaveLength(2);
  });

  it('passes a failed mint to every waiter and mints afresh on the next call', async () => {
    let fail = true;
    let count = 0;
    const manager = new TokenManager({
      clock: { now: () => 0 },
      mint: async (scopes) => {
        count += 1;
        if (fail) throw new Error('refused');
        return { accessToken: 'ok', expiresAt: 900_000, scopes };
      },
    });
    const results = await Promise.allSettled([manager.token('vouchers'), manager.token('vouchers')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(count).toBe(1);
    fail = false;
    expect(await manager.token('vouchers')).toBe('ok');
  });

  it('tells subscribers when the token changes, without the token itself', async () => {
    const t = setup();
    const seen: unknown[] = [];
    const stop = t.manager.subscribe((s) => seen.push(s));
    await t.manager.token('vouchers');
    stop();
    await t.manager.renewAfterRejection('tok_1', 'vouchers');
    expect(seen).toEqual([{ expiresAt: 1_900_000, scopes: ['vouchers'], minted: 1 }]);
    expect(JSON.stringify(seen)).not.toContain('tok_');
  });

  it('fails clearly when the service grants fewer scopes than asked', async () => {
    const t = setup({ grantScopes: () => ['vouchers'] });
    await expect(t.manager.token('rewards')).rejects.toThrow(/without "rewards"/);
  });
});
