import type { UpdateStatus } from '../../shared/ipc/update-status';

export interface AvailabilityInputs {
  isPackaged: boolean;
  env: Record<string, string | undefined>;
  /** The installed app's app-update.yml, or undefined when the build wrote none (see updateFeedOf). */
  appUpdateYml: string | undefined;
}

/**
 * Where the feed is, as electron-builder wrote it into the installed app from `publish` in
 * build/electron-builder.yml: a generic feed's URL, or a provider's name with its owner/repo.
 * Undefined when that file is absent or names no provider: the build set no feed.
 */
export function updateFeedOf(appUpdateYml: string | undefined): string | undefined {
  if (appUpdateYml === undefined) return undefined;
  const field = (name: string) => new RegExp(`^${name}:\\s*['"]?([^'"\\r\\n]+?)['"]?\\s*$`, 'm').exec(appUpdateYml)?.[1];
  const provider = field('provider');
  if (provider === undefined) return undefined;
  const owner = field('owner');
  const repo = field('repo');
  return field('url') ?? (owner && repo ? `${provider} ${owner}/${repo}` : provider);
}

/**
 * Where the updater starts: off in a development run, where an administrator turned it off, and
 * in a build that names no feed. Nothing is ever checked against a made-up address.
 */
export function initialUpdateStatus(inputs: AvailabilityInputs): UpdateStatus {
  if (!inputs.isPackaged) {
    return { phase: 'disabled', reason: 'updates are checked only in the installed app' };
  }
  if (inputs.env.VOUCHER_DESK_DISABLE_UPDATES === '1') {
    return { phase: 'disabled', reason: 'turned off by VOUCHER_DESK_DISABLE_UPDATES' };
  }
  if (updateFeedOf(inputs.appUpdateYml) === undefined) {
    return { phase: 'disabled', reason: 'this build names no update feed (publish in build/electron-builder.yml)' };
  }
  return { phase: 'idle' };
}
