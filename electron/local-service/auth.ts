import type { IncomingHttpHeaders } from 'node:http';
import { ApiError, unauthorized } from './errors';
import type { RequestContext, Route } from './router';
import { scopeAllows } from './scopes';

export function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The app id of an accepted key pair; throws 401 for a missing, wrong, blocked or deleted pair. */
export function requireKeyPair(ctx: RequestContext): string {
  const appId = header(ctx.headers, 'x-app-id');
  const appToken = header(ctx.headers, 'x-app-token');
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

/** The Authorization header's bearer token; '' when the header is malformed, undefined when absent. */
export function bearerToken(headers: IncomingHttpHeaders): string | undefined {
  const authorization = header(headers, 'authorization');
  return authorization === undefined ? undefined : (/^Bearer\s+(\S+)$/i.exec(authorization)?.[1] ?? '');
}

/** Accepts the key pair, or a live bearer token of a usable key; throws 401 otherwise. */
export function authenticate(ctx: RequestContext, route: Route): Caller {
  const token = route.auth === 'key' ? undefined : bearerToken(ctx.headers);
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
