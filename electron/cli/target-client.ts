import { baseUrlOf, createClient, type Scope, type VoucherClient } from '../../shared/api';
import { cacheState, setCacheState } from '../cache';
import type { StoreDatabase } from '../store/database';
import { resolveSyncTarget, type SyncTarget } from '../sync/target';
import type { CliContext, OptionSpec, ParsedArgs } from './command';
import { stringOption, typedTarget } from './command';

export const TARGET_ENV = 'VOUCHER_DESK_TARGET';
const REMEMBERED = 'target';

export const TARGET_OPTION: Record<string, OptionSpec> = {
  target: {
    type: 'string',
    description: `eu, us, as, a dedicated cluster URL or the sandbox URL (default: $${TARGET_ENV}, else the target of the last pull); its key comes from \`voucher-desk keys set\``,
  },
};

export interface InspectTarget extends SyncTarget {
  /** The base URL: what the cache files its copies under. */
  baseUrl: string;
}

/** `--target`, else $VOUCHER_DESK_TARGET, else the target the cache last pulled from. */
export function resolveTarget(args: ParsedArgs, cache: StoreDatabase, env: NodeJS.ProcessEnv = process.env): InspectTarget {
  const typed = stringOption(args, 'target');
  const text = typed ?? (env[TARGET_ENV] || undefined) ?? cacheState(cache, REMEMBERED);
  if (text === undefined) throw new Error(`Say which target: --target eu|us|as, a dedicated cluster URL or the sandbox URL (or set ${TARGET_ENV})`);
  const resolved = typed === undefined ? resolveSyncTarget(text) : typedTarget(typed, resolveSyncTarget);
  return { ...resolved, baseUrl: baseUrlOf(resolved.target) };
}

/** A client of the target signed with its stored key pair (OAuth, asking for `scopes`); the target is remembered. */
export async function clientFor(ctx: CliContext, cache: StoreDatabase, target: InspectTarget, scopes: readonly Scope[]): Promise<VoucherClient> {
  const pair = await ctx.secrets().get(target.keyName);
  if (!pair) {
    throw new Error(`No API key is stored for ${target.keyName}: add one with \`voucher-desk keys set ${target.keyName} --app-id <id>\``);
  }
  await setCacheState(cache, REMEMBERED, target.keyName);
  return createClient({ target: target.target, auth: { type: 'oauth', scopes, ...pair } });
}
