import { InvalidRequestError } from './errors';

export type Region = 'eu' | 'us' | 'as';

/** Where the client sends requests: a shared cluster, a dedicated cluster, or the local sandbox. */
export type Target = { region: Region } | { dedicated: string } | { sandbox: string };

export const REGION_BASE_URLS: Readonly<Record<Region, string>> = {
  eu: 'https://api.voucherify.io',
  us: 'https://us1.api.voucherify.io',
  as: 'https://as1.api.voucherify.io',
};

export const REGION_NAMES: Readonly<Record<Region, string>> = {
  eu: 'Europe',
  us: 'United States',
  as: 'Asia (Singapore)',
};

export const DEFAULT_TARGET: Target = { region: 'eu' };

function checkedBaseUrl(value: string, parameter: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InvalidRequestError(parameter, value, 'an absolute http:// or https:// URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new InvalidRequestError(parameter, value, 'an absolute http:// or https:// URL');
  }
  if (url.search || url.hash || url.username || url.password) {
    throw new InvalidRequestError(parameter, value, 'a base URL without query, fragment or credentials');
  }
  // Paths like /v1/... are appended, so a trailing slash would double up.
  return url.href.replace(/\/+$/, '');
}

/** The base URL of a target, without a trailing slash; rejects anything but an http(s) URL. */
export function baseUrlOf(target: Target): string {
  if ('region' in target) {
    const url = REGION_BASE_URLS[target.region];
    if (!url) throw new InvalidRequestError('target.region', target.region, "'eu', 'us' or 'as'");
    return url;
  }
  if ('dedicated' in target) return checkedBaseUrl(target.dedicated, 'target.dedicated');
  return checkedBaseUrl(target.sandbox, 'target.sandbox');
}

/** A short name of the target for messages (never holds credentials). */
export function describeTarget(target: Target): string {
  if ('region' in target) return `${REGION_NAMES[target.region] ?? target.region} (${baseUrlOf(target)})`;
  if ('dedicated' in target) return `dedicated cluster ${baseUrlOf(target)}`;
  return `local sandbox ${baseUrlOf(target)}`;
}
