import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './backoff';
import { realSleep, systemClock, type Clock, type Sleep } from './clock';
import { InvalidRequestError } from './errors';
import type { ListEnvelope } from './list';
import { createToken, toGrant, type OAuthToken } from './operations/oauth';
import { addVoucherToCampaign, type AddVoucherRequest } from './operations/campaigns';
import { getAsyncAction, listAsyncActions, type AsyncAction, type AsyncActionRef, type AsyncActionsQuery } from './operations/async-actions';
import { getEarningRule, type EarningRule } from './operations/earning-rules';
import {
  createExport,
  deleteExport,
  downloadExport,
  getExport,
  listExports,
  streamExport,
  type CreateExportRequest,
  type ExportObject,
  type ExportsQuery,
} from './operations/exports';
import { listPublications, type Publication } from './operations/publications';
import { createReward, listRewards, type CreateRewardRequest, type Reward, type RewardsQuery } from './operations/rewards';
import { listCampaignStacks, listStacks, type PromotionStack } from './operations/stacks';
import { deleteVoucher, getVoucher, importVouchers, importVouchersCsv, type CsvImportOptions, type ImportBody, type Voucher } from './operations/vouchers';
import type { PublicationsQuery } from './publications-query';
import { DEFAULT_PACING_POLICY, RateBudget, type PacingPolicy, type RateBudgetSnapshot } from './rate-budget';
import { normalizeScopes, type Scope } from './scopes';
import type { StacksQuery } from './stacks-query';
import { baseUrlOf, describeTarget, type Target } from './targets';
import { TokenManager, type TokenStatus } from './token-manager';
import { Transport, type Credentials, type FetchLike, type FileSink, type TransportEvent } from './transport';

export type Auth =
  | ({ type: 'keys' } & Credentials)
  | ({
      type: 'oauth';
      /** Scopes the work will need, asked for in the first token (see scopesFor); others are added on demand. */
      scopes?: readonly Scope[];
      /** Share one manager per project credential across clients; created here when absent. */
      tokenManager?: TokenManager;
      renewMarginMs?: number;
    } & Credentials);

export interface ClientOptions {
  target: Target;
  auth: Auth;
  fetch?: FetchLike;
  clock?: Clock;
  /** Waits between retries and for pacing; tests pass one that advances a manual clock. */
  sleep?: Sleep;
  random?: () => number;
  /** Per request, real time; default 30 s. */
  timeoutMs?: number;
  /** Imports get extra time for their size at this rate; default 50,000 bytes/s (10 MB: +200 s). */
  minUploadBytesPerSecond?: number;
  retry?: Partial<RetryPolicy>;
  /** false turns pacing off (the budget is still read). */
  pacing?: Partial<PacingPolicy> | false;
  /** Share one budget between clients of the same project. */
  budget?: RateBudget;
  onEvent?: (event: TransportEvent) => void;
}

export interface VoucherClient {
  readonly baseUrl: string;
  listPublications(query?: PublicationsQuery): Promise<ListEnvelope<Publication>>;
  /** Mints a token with the key pair (normally the token manager does this). */
  createToken(scopes: readonly Scope[]): Promise<OAuthToken>;
  getEarningRule(id: string): Promise<EarningRule>;
  importVouchers(body: ImportBody): Promise<AsyncActionRef>;
  importVouchersCsv(csv: string, options?: CsvImportOptions): Promise<AsyncActionRef>;
  addVoucherToCampaign(campaignId: string, code: string, request?: AddVoucherRequest): Promise<Voucher>;
  listStacks(query?: StacksQuery): Promise<ListEnvelope<PromotionStack>>;
  listCampaignStacks(campaignId: string): Promise<ListEnvelope<PromotionStack>>;
  createReward(request: CreateRewardRequest): Promise<Reward>;
  deleteVoucher(code: string, options?: { force?: boolean }): Promise<void>;
  getAsyncAction(id: string): Promise<AsyncAction>;
  listAsyncActions(query?: AsyncActionsQuery): Promise<ListEnvelope<AsyncAction>>;
  getVoucher(code: string): Promise<Voucher>;
  listRewards(query?: RewardsQuery): Promise<ListEnvelope<Reward>>;
  createExport(request: CreateExportRequest): Promise<ExportObject>;
  getExport(id: string): Promise<ExportObject>;
  listExports(query?: ExportsQuery): Promise<ListEnvelope<ExportObject>>;
  deleteExport(id: string): Promise<void>;
  /** The CSV text of a DONE export, from the target's download address (see downloadExport). */
  downloadExport(exported: ExportObject): Promise<string>;
  /** The same file handed to `sink` piece by piece as it arrives (see streamExport). */
  streamExport(exported: ExportObject, sink: FileSink): Promise<void>;
  /** The last rate-limit figures seen, for the UI; undefined before the first answer with them. */
  rateBudget(): RateBudgetSnapshot | undefined;
  /** Token expiry and scopes for the UI (OAuth only); never the token. */
  tokenStatus(): TokenStatus | undefined;
  readonly tokenManager: TokenManager | undefined;
}

function checkCredentials(auth: Auth): void {
  for (const key of ['appId', 'appToken'] as const) {
    const value: unknown = auth[key];
    // The value itself is a secret, so the error never shows it.
    if (typeof value !== 'string' || value.trim() === '') {
      throw new InvalidRequestError(`auth.${key}`, '(hidden)', 'a non-empty string');
    }
  }
}

function checkPositive(parameter: string, value: number): number {
  if (!Number.isFinite(value) || value <= 0) throw new InvalidRequestError(parameter, value, 'a number above 0');
  return value;
}

export function createClient(options: ClientOptions): VoucherClient {
  checkCredentials(options.auth);
  const clock = options.clock ?? systemClock;
  const baseUrl = baseUrlOf(options.target);
  const keys: Credentials = { appId: options.auth.appId, appToken: options.auth.appToken };
  const pacing = options.pacing !== false;
  const budget = options.budget ?? new RateBudget(clock, { ...DEFAULT_PACING_POLICY, ...(options.pacing === false ? {} : options.pacing) });
  const base = {
    baseUrl,
    targetLabel: describeTarget(options.target),
    fetch: options.fetch ?? ((input: string, init: RequestInit) => fetch(input, init)),
    clock,
    sleep: options.sleep ?? realSleep,
    random: options.random ?? Math.random,
    timeoutMs: checkPositive('timeoutMs', options.timeoutMs ?? 30_000),
    minUploadBytesPerSecond: checkPositive('minUploadBytesPerSecond', options.minUploadBytesPerSecond ?? 50_000),
    retry: { ...DEFAULT_RETRY_POLICY, ...options.retry },
    budget,
    pacing,
    keys,
    onEvent: options.onEvent,
  };
  const keyTransport = new Transport({ ...base, tokens: undefined });
  let tokens: TokenManager | undefined;
  if (options.auth.type === 'oauth') {
    tokens =
      options.auth.tokenManager ??
      new TokenManager({
        clock,
        scopes: normalizeScopes(options.auth.scopes ?? []),
        ...(options.auth.renewMarginMs !== undefined && { renewMarginMs: options.auth.renewMarginMs }),
        mint: async (scopes) => {
          const sentAt = clock.now();
          return toGrant(await createToken(keyTransport, scopes), scopes, sentAt, clock);
        },
      });
  }
  const t = tokens ? new Transport({ ...base, tokens }) : keyTransport;

  return {
    baseUrl,
    tokenManager: tokens,
    listPublications: (query) => listPublications(t, query),
    createToken: async (scopes) => createToken(keyTransport, normalizeScopes(scopes)),
    getEarningRule: (id) => getEarningRule(t, id),
    importVouchers: (body) => importVouchers(t, body),
    importVouchersCsv: (csv, opts) => importVouchersCsv(t, csv, opts),
    addVoucherToCampaign: (campaignId, code, request) => addVoucherToCampaign(t, campaignId, code, request),
    listStacks: (query) => listStacks(t, query),
    listCampaignStacks: (campaignId) => listCampaignStacks(t, campaignId),
    createReward: (request) => createReward(t, request),
    deleteVoucher: (code, opts) => deleteVoucher(t, code, opts),
    getAsyncAction: (id) => getAsyncAction(t, id),
    listAsyncActions: (query) => listAsyncActions(t, query),
    getVoucher: (code) => getVoucher(t, code),
    listRewards: (query) => listRewards(t, query),
    createExport: (request) => createExport(t, request),
    getExport: (id) => getExport(t, id),
    listExports: (query) => listExports(t, query),
    deleteExport: (id) => deleteExport(t, id),
    downloadExport: (exported) => downloadExport(t, options.target, exported),
    streamExport: (exported, sink) => streamExport(t, options.target, exported, sink),
    rateBudget: () => budget.snapshot(),
    tokenStatus: () => tokens?.status(),
  };
}
