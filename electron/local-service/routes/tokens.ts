import { requireKeyPair } from '../auth';
import { ApiError, invalidPayload } from '../errors';
import type { RequestContext, Route } from '../router';
import { ALLOWED_SCOPES } from '../scopes';
import { MAX_LIVE_TOKENS } from '../tokens';

function formBody(ctx: RequestContext): URLSearchParams {
  const type = String(ctx.headers['content-type'] ?? '').toLowerCase();
  if (!type.startsWith('application/x-www-form-urlencoded')) {
    throw invalidPayload('The body must be form-encoded (Content-Type: application/x-www-form-urlencoded).');
  }
  return new URLSearchParams(ctx.body.toString('utf8'));
}

function parseScopes(raw: string | null): string[] {
  if (raw === null || raw.trim() === '') throw invalidPayload('scope is required: a space-separated list of scopes.');
  if (raw.includes(',')) throw invalidPayload(`scope "${raw}" contains a comma; separate scopes with spaces.`);
  const scopes = [...new Set(raw.split(/\s+/).filter((s) => s !== ''))];
  const unknown = scopes.filter((s) => !ALLOWED_SCOPES.has(s));
  if (unknown.length > 0) throw invalidPayload(`Unknown scope(s): ${unknown.join(', ')}.`);
  return scopes;
}

export const tokenRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v1/oauth/token',
    auth: 'key',
    handle(ctx) {
      const appId = requireKeyPair(ctx);
      const form = formBody(ctx);
      const grant = form.get('grant_type');
      if (grant !== 'client_credentials') {
        throw invalidPayload(`grant_type must be client_credentials, got ${JSON.stringify(grant)}.`);
      }
      const scopes = parseScopes(form.get('scope'));
      const live = ctx.state.tokens.liveCount();
      if (live >= MAX_LIVE_TOKENS) {
        throw new ApiError(400, {
          key: 'token_limit_reached',
          message: 'Too many access tokens',
          details: `A project may hold at most ${MAX_LIVE_TOKENS} live tokens and has ${live}; reuse a token until it expires (900 s) or revoke one.`,
        });
      }
      return { status: 200, body: ctx.state.tokens.issue(appId, scopes) };
    },
  },
  {
    method: 'POST',
    path: '/v1/oauth/token/revoke',
    auth: 'key',
    handle(ctx) {
      const token = formBody(ctx).get('token');
      if (!token) throw invalidPayload('token is required: the access token to revoke.');
      ctx.state.tokens.revoke(token);
      return { status: 204 };
    },
  },
];
