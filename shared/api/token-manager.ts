import type { Clock } from './clock';
import { covers, normalizeScopes, type Scope } from './scopes';

/** A minted token as the manager keeps it; `expiresAt` is ms on the manager's clock. */
export interface TokenGrant {
  accessToken: string;
  expiresAt: number;
  scopes: readonly string[];
}

/** Mints one token for exactly these scopes (one call of POST /v1/oauth/token). */
export type MintToken = (scopes: readonly Scope[]) => Promise<TokenGrant>;

/** What the UI may show; never the token itself. */
export interface TokenStatus {
  expiresAt: number | undefined;
  scopes: readonly string[];
  /** Tokens this manager has minted (the service allows 1,000 per project). */
  minted: number;
}

export interface TokenManagerOptions {
  mint: MintToken;
  clock: Clock;
  /** Renew this long before expiry, so no request is sent with a token about to lapse. */
  renewMarginMs?: number;
  /** Scopes to ask for from the first token on, so later calls do not need a wider token. */
  scopes?: readonly Scope[];
}

export const DEFAULT_RENEW_MARGIN_MS = 60_000;

/**
 * One manager per project credential. Tokens are minted lazily, only when a call needs one:
 * none exists, the current one is about to expire, lacks a scope the call needs, or was refused.
 * Concurrent callers share one mint in flight.
 */
export class TokenManager {
  private current: TokenGrant | undefined;
  private pending: Promise<TokenGrant> | undefined;
  private readonly wanted: Set<Scope>;
  private minted = 0;
  private readonly listeners = new Set<(status: TokenStatus) => void>();
  private readonly mint: MintToken;
  private readonly clock: Clock;
  private readonly renewMarginMs: number;

  constructor(options: TokenManagerOptions) {
    this.mint = options.mint;
    this.clock = options.clock;
    this.renewMarginMs = options.renewMarginMs ?? DEFAULT_RENEW_MARGIN_MS;
    this.wanted = new Set(normalizeScopes(options.scopes ?? []));
  }

  /** A token allowing `needed`, minting one only when the current one will not do. */
  async token(needed: Scope): Promise<string> {
    this.wanted.add(needed);
    for (;;) {
      const usable = this.usable(needed);
      if (usable) return usable.accessToken;
      if (this.pending) {
        await this.pending;
        continue;
      }
      const grant = await this.startMint();
      if (!covers(grant.scopes, needed)) {
        throw new Error(`The service granted a token with scopes "${grant.scopes.join(' ')}", without "${needed}".`);
      }
      // Used even if it lapses within the margin: minting again would not give a longer one.
      return grant.accessToken;
    }
  }

  /** After a 401 with `rejected`: mints a replacement once, however many calls saw the refusal. */
  renewAfterRejection(rejected: string, needed: Scope): Promise<string> {
    if (this.current?.accessToken === rejected) {
      this.current = undefined;
      this.notify();
    }
    return this.token(needed);
  }

  expiresAt(): number | undefined {
    return this.current?.expiresAt;
  }

  status(): TokenStatus {
    return { expiresAt: this.current?.expiresAt, scopes: this.current?.scopes ?? [], minted: this.minted };
  }

  /** Called on every change of the current token; returns the unsubscribe function. */
  subscribe(listener: (status: TokenStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Drops the current token, e.g. when the user changes the key. */
  forget(): void {
    this.current = undefined;
    this.notify();
  }

  private usable(needed: Scope): TokenGrant | undefined {
    const c = this.current;
    if (!c || !covers(c.scopes, needed)) return undefined;
    return this.clock.now() < c.expiresAt - this.renewMarginMs ? c : undefined;
  }

  private startMint(): Promise<TokenGrant> {
    const scopes = normalizeScopes([...this.wanted]);
    const minting = this.mint(scopes)
      .then((grant) => {
        this.minted += 1;
        this.current = grant;
        this.notify();
        return grant;
      })
      .finally(() => {
        if (this.pending === minting) this.pending = undefined;
      });
    this.pending = minting;
    return minting;
  }

  private notify(): void {
    const status = this.status();
    for (const listener of this.listeners) listener(status);
  }
}
