import { InvalidRequestError } from './errors';

export type Region = 'eu' | 'us' | 'as';

/**
 * Where the client sends requests: a shared cluster, a dedicated cluster, or the local sandbox.
 * `download` is the address export files come from, when it is not the region's own.
 */
export type Target = { region: Region } | { dedicated: string; download?: string } | { sandbox: string; download?: string };

export const REGION_BASE_URLS: Readonly<Record<Region, string>> = {
  eu: 'https://api.voucherify.io',
  us: 'https://us1.api.voucherify.io',
  as: 'https://as1.api.voucherify.io',
};

/** Each region's download cluster, which serves export files only (service-facts "Exports"). */
export const REGION_DOWNLOAD_URLS: Readonly<Record<Region, string>> = {
  eu: 'https://download.voucherify.io',
  us: 'https://us1.download.voucherify.io',
  as: 'https://as1.download.voucherify.io',
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

/**
 * The export file address `url` (an export's `result.url`) if it is the target's download address,
 * since the key pair or token goes with it: the region's download cluster; a dedicated cluster's
 * or the sandbox's `download` when given; without it, the sandbox's own host on any port (its
 * download server listens beside the API). A dedicated cluster needs `download` to be set.
 */
export function checkDownloadUrl(target: Target, url: unknown): URL {
  const where = 'export.result.url';
  let parsed: URL;
  try {
    parsed = new URL(String(url));
  } catch {
    throw new InvalidRequestError(where, url, 'an absolute URL');
  }
  const origin = (base: string): string => new URL(base).origin;
  if ('region' in target) {
    const expected = origin(REGION_DOWNLOAD_URLS[target.region]);
    if (parsed.origin !== expected) throw new InvalidRequestError(where, parsed.origin, `the region's download address ${expected}`);
    return parsed;
  }
  const download = target.download;
  if (download !== undefined) {
    const expected = origin(checkedBaseUrl(download, 'target.download'));
    if (parsed.origin !== expected) throw new InvalidRequestError(where, parsed.origin, `the target's download address ${expected}`);
    return parsed;
  }
  if ('dedicated' in target) {
    throw new InvalidRequestError('target.download', undefined, "the dedicated cluster's download address (an http(s) base URL), needed to fetch export files");
  }
  const own = new URL(baseUrlOf(target));
  if (parsed.protocol !== own.protocol || parsed.hostname !== own.hostname) {
    throw new InvalidRequestError(where, parsed.origin, `an address on the sandbox's host ${own.protocol}//${own.hostname}`);
  }
  return parsed;
}
