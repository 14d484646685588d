import { randomBytes } from 'node:crypto';
import type { Clock } from './types';

export const TOKEN_LIFETIME_SECONDS = 900;
export const MAX_LIVE_TOKENS = 1000;

export interface IssuedToken {
  access_token: string;
  client_id: string;
  expires_at: number;
  expires_in: number;
  scope: string;
  token_type: 'Bearer';
}

interface TokenRecord {
  appId: string;
  scopes: string[];
  expiresAtMs: number;
}

export class TokenStore {
  private readonly tokens = new Map<string, TokenRecord>();
  minted = 0;

  constructor(private readonly clock: Clock) {}

  liveCount(): number {
    this.sweep();
    return this.tokens.size;
  }

  issue(appId: string, scopes: string[]): IssuedToken {
    const now = this.clock.now();
    const accessToken = `vd_sbx_${randomBytes(24).toString('hex')}`;
    const expiresAtMs = now + TOKEN_LIFETIME_SECONDS * 1000;
    this.tokens.set(accessToken, { appId, scopes, expiresAtMs });
    this.minted += 1;
    return {
      access_token: accessToken,
      client_id: appId,
      expires_at: Math.floor(expiresAtMs / 1000),
      expires_in: TOKEN_LIFETIME_SECONDS,
      scope: scopes.join(' '),
      token_type: 'Bearer',
    };
  }

  /** The live token's record, or undefined when unknown, revoked or expired. */
  find(accessToken: string): TokenRecord | undefined {
    const record = this.tokens.get(accessToken);
    if (!record) return undefined;
    if (this.clock.now() >= record.expiresAtMs) {
      this.tokens.delete(accessToken);
      return undefined;
    }
    return record;
  }

  revoke(accessToken: string): boolean {
    return this.tokens.delete(accessToken);
  }

  /** Ends every token of one key, e.g. the ones a block killed, so an unblock does not bring them back. */
  revokeAll(appId: string): void {
    for (const [token, record] of this.tokens) if (record.appId === appId) this.tokens.delete(token);
  }

  private sweep(): void {
    const now = this.clock.now();
    for (const [token, record] of this.tokens) if (now >= record.expiresAtMs) this.tokens.delete(token);
  }
}
