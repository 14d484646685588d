import { z } from 'zod';
import type { Clock } from '../clock';
import { readAnswer } from '../response-check';
import type { Scope } from '../scopes';
import type { TokenGrant } from '../token-manager';
import type { Transport } from '../transport';

/** The answer of POST /v1/oauth/token (service-facts). */
export interface OAuthToken {
  access_token: string;
  client_id?: string;
  /** Unix seconds. */
  expires_at?: number;
  /** Seconds left; 900 when new. */
  expires_in?: number;
  scope?: string;
  token_type?: string;
}

const tokenSchema = z
  .looseObject({
    access_token: z.string().min(1),
    expires_at: z.number().optional(),
    expires_in: z.number().optional(),
    scope: z.string().optional(),
  })
  .refine((t) => t.expires_in !== undefined || t.expires_at !== undefined, 'neither expires_in nor expires_at');

const PATH = '/v1/oauth/token';

/** POST /v1/oauth/token with the key pair; always sent with keys, never with a bearer token. */
export async function createToken(transport: Transport, scopes: readonly Scope[]): Promise<OAuthToken> {
  const form = new URLSearchParams({ grant_type: 'client_credentials', scope: scopes.join(' ') });
  const answer = await transport.send({ method: 'POST', path: PATH, body: { urlencoded: form }, scope: null });
  return readAnswer<OAuthToken>(tokenSchema, answer, { method: 'POST', path: PATH });
}

/**
 * Turns a token answer into what the token manager keeps. Expiry is counted from when the request
 * was sent, on the client's clock, so a clock that differs from the service's cannot stretch it.
 */
export function toGrant(token: OAuthToken, requested: readonly Scope[], sentAt: number, clock: Clock): TokenGrant {
  const expiresAt = token.expires_in !== undefined ? sentAt + token.expires_in * 1000 : Math.min((token.expires_at ?? 0) * 1000, clock.now() + 900_000);
  const scopes = token.scope ? token.scope.split(/\s+/).filter(Boolean) : [...requested];
  return { accessToken: token.access_token, expiresAt, scopes };
}
