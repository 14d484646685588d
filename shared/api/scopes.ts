import { InvalidRequestError } from './errors';

/** Every scope value the token operation accepts (spec 4.2). */
export const SCOPES = [
  'api',
  'assets',
  'async-actions',
  'campaigns',
  'categories',
  'client_api',
  'client_consents',
  'client_customers',
  'client_events',
  'client_promotions',
  'client_publish',
  'client_qualifications',
  'client_redeem',
  'client_redemptions',
  'client_validate',
  'client_validations',
  'client_vouchers',
  'consents',
  'customers',
  'events',
  'exports',
  'locations',
  'loyalties',
  'metadata-schemas',
  'orders',
  'product-collections',
  'products',
  'promotions',
  'publications',
  'qualifications',
  'redemptions',
  'referrals',
  'rewards',
  'segments',
  'skus',
  'task-results',
  'templates',
  'trash-bin',
  'validation-rules-assignments',
  'validation-rules',
  'validations',
  'vouchers',
] as const;
export type Scope = (typeof SCOPES)[number];

/** The narrowest scope each operation accepts (service-facts), so tokens carry no more than needed. */
export const OPERATION_SCOPES = {
  listPublications: 'publications',
  importVouchers: 'vouchers',
  importVouchersCsv: 'vouchers',
  getVoucher: 'vouchers',
  deleteVoucher: 'vouchers',
  addVoucherToCampaign: 'campaigns',
  listStacks: 'promotions',
  listCampaignStacks: 'promotions',
  createReward: 'rewards',
  listRewards: 'rewards',
  getAsyncAction: 'async-actions',
  listAsyncActions: 'async-actions',
  getEarningRule: 'loyalties',
  createExport: 'exports',
  getExport: 'exports',
  listExports: 'exports',
  deleteExport: 'exports',
  downloadExport: 'exports',
} as const satisfies Record<string, Scope>;
export type OperationName = keyof typeof OPERATION_SCOPES;

/** The scopes a piece of work needs, e.g. a sync that imports and looks: vouchers, async-actions. */
export function scopesFor(operations: readonly OperationName[]): Scope[] {
  return normalizeScopes(operations.map((op) => OPERATION_SCOPES[op]));
}

/** Sorted, without duplicates, each checked against the allowed values. */
export function normalizeScopes(scopes: readonly string[]): Scope[] {
  for (const scope of scopes) {
    if (!(SCOPES as readonly string[]).includes(scope)) {
      throw new InvalidRequestError('scope', scope, `one of ${SCOPES.join(', ')}`);
    }
  }
  return [...new Set(scopes as readonly Scope[])].sort();
}

/** Whether a granted scope set allows a needed scope (`api` allows every server-side call). */
export function covers(granted: readonly string[], needed: Scope): boolean {
  return granted.includes(needed) || (granted.includes('api') && !needed.startsWith('client_'));
}
