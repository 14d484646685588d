export const ALLOWED_SCOPES: ReadonlySet<string> = new Set([
  'api', 'assets', 'async-actions', 'campaigns', 'categories', 'client_api', 'client_consents',
  'client_customers', 'client_events', 'client_promotions', 'client_publish', 'client_qualifications',
  'client_redeem', 'client_redemptions', 'client_validate', 'client_validations', 'client_vouchers',
  'consents', 'customers', 'events', 'exports', 'locations', 'loyalties', 'metadata-schemas', 'orders',
  'product-collections', 'products', 'promotions', 'publications', 'qualifications', 'redemptions',
  'referrals', 'rewards', 'segments', 'skus', 'task-results', 'templates', 'trash-bin',
  'validation-rules-assignments', 'validation-rules', 'validations', 'vouchers',
]);

/** `api` opens every server-side operation; otherwise the operation's own scope is needed. */
export function scopeAllows(granted: readonly string[], needed: string): boolean {
  return granted.includes('api') || granted.includes(needed);
}
