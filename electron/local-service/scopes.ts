import { SCOPES } from '../../shared/api/scopes';

export const ALLOWED_SCOPES: ReadonlySet<string> = new Set(SCOPES);

/** `api` opens every server-side operation; otherwise the operation's own scope is needed. */
export function scopeAllows(granted: readonly string[], needed: string): boolean {
  return granted.includes('api') || granted.includes(needed);
}
