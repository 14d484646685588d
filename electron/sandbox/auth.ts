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

/** Accepts the key pair, or a live bearer token whose scopes include the route's. */
export function authenticate(ctx: RequestContext, route: Route): void {
  if (route.auth === 'none') return;
  const authorization = header(ctx, 'authorization');
  if (route.auth === 'key' || authorization === undefined) {
    requireKeyPair(ctx);
    return;
  }
  const match = /^Bearer\s+(\S+)$/i.exec(authorization);
  if (!match?.[1]) throw unauthorized('The Authorization header must be "Bearer <access_token>".');
  const token = ctx.state.tokens.find(match[1]);
  if (!token) throw unauthorized('The access token is unknown, revoked or expired (tokens live 900 seconds).');
  if (!ctx.state.keys.tokensStillValid(token.appId)) {
    throw unauthorized('The API key that generated this access token was blocked or deleted.');
  }
  if (route.scope && !scopeAllows(token.scopes, route.scope)) {
    throw new ApiError(403, {
      key: 'forbidden',
      message: 'Forbidden',
      details: `This operation needs the scope "${route.scope}" (or "api"); the token has "${token.scopes.join(' ')}".`,
    });
  }
}
