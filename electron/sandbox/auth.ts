import { ApiError, unauthorized } from './errors';
import type { RequestContext, Route } from './router';
import { scopeAllows } from './scopes';

function header(ctx: RequestContext, name: string): string | undefined {
  const value = ctx.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The app id of an accepted key pair; throws 401 for a missing, wrong, blocked or deleted pair. */
export function requireKeyPair(ctx: RequestContext): string {
  const appId = header(ctx, 'x-app-id');
  const appToken = header(ctx, 'x-app-token');
  if (!appId || !appToken) throw unauthorized('Send the API key pair in the X-App-Id and X-App-Token headers.');
  if (!ctx.state.keys.accepts(appId, appToken)) {
    throw unauthorized('The API key pair is wrong, blocked or deleted.');
  }
  return appId;
}

export interface Caller {
  appId: string;
  /** A bearer token's scopes; undefined for the key pair, which may do everything. */
  scopes?: string[];
}

function bearerToken(ctx: RequestContext): string | undefined {
  const authorization = header(ctx, 'authorization');
  return authorization === undefined ? undefined : (/^Bearer\s+(\S+)$/i.exec(authorization)?.[1] ?? '');
}

/** Accepts the key pair, or a live bearer token of a usable key; throws 401 otherwise. */
export function authenticate(ctx: RequestContext, route: Route): Caller {
  const token = route.auth === 'key' ? undefined : bearerToken(ctx);
  if (token === undefined) return { appId: requireKeyPair(ctx) };
  if (token === '') throw unauthorized('The Authorization header must be "Bearer <access_token>".');
  const record = ctx.state.tokens.find(token);
  if (!record) throw unauthorized('The access token is unknown, revoked or expired (tokens live 900 seconds).');
  if (!ctx.state.keys.tokensStillValid(record.appId)) {
    throw unauthorized('The API key that generated this access token was blocked or deleted.');
  }
  return { appId: record.appId, scopes: record.scopes };
}

/** Throws 403 when a token's scopes do not include the route's. */
export function requireScope(caller: Caller, route: Route): void {
  if (!caller.scopes || !route.scope || scopeAllows(caller.scopes, route.scope)) return;
  throw new ApiError(403, {
    key: 'forbidden',
    message: 'Forbidden',
    details: `This operation needs the scope "${route.scope}" (or "api"); the token has "${caller.scopes.join(' ')}".`,
  });
}

/** The app id a request names, for the request log: the token's when it is live, else the X-App-Id header. */
export function claimedAppId(ctx: RequestContext): string | null {
  const token = bearerToken(ctx);
  if (token) return ctx.state.tokens.find(token)?.appId ?? null;
  return header(ctx, 'x-app-id') ?? null;
}
