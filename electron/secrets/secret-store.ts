// API key pairs, one per target (a region such as `eu`, or a base URL), kept in a keychain.
// Only `get` hands out the token, to the code that signs requests; everything meant for people
// (listing, errors, logs) sees a masked token.

export interface ApiKeyPair {
  appId: string;
  appToken: string;
}

export interface StoredKeySummary {
  target: string;
  appId: string;
  /** The token with all but its last four characters hidden. */
  maskedToken: string;
}

export interface SecretStore {
  get(target: string): Promise<ApiKeyPair | undefined>;
  set(target: string, pair: ApiKeyPair): Promise<void>;
  /** True when a pair was stored for the target. */
  delete(target: string): Promise<boolean>;
  list(): Promise<StoredKeySummary[]>;
}

export const REGION_TARGETS = ['eu', 'us', 'as'] as const;

/** A region name or an http(s) base URL, spelled one way so the same target finds the same key. */
export function normalizeTarget(target: string): string {
  const trimmed = target.trim();
  const lower = trimmed.toLowerCase();
  if ((REGION_TARGETS as readonly string[]).includes(lower)) return lower;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new Error(`Target "${target}" is not valid: use a region (${REGION_TARGETS.join(', ')}) or a base URL such as https://api.example.com`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`Target "${target}" must be an http or https URL`);
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

export function checkKeyPair(pair: ApiKeyPair): void {
  if (!pair.appId.trim()) throw new Error('The app id is empty');
  if (!pair.appToken.trim()) throw new Error('The app token is empty');
  if (/\s/.test(pair.appId)) throw new Error('The app id must not contain spaces or line breaks');
  if (/\s/.test(pair.appToken)) throw new Error('The app token must not contain spaces or line breaks');
}

export function maskToken(token: string): string {
  const shown = token.length >= 12 ? token.slice(-4) : '';
  return `${'*'.repeat(8)}${shown}`;
}

export function summarize(target: string, pair: ApiKeyPair): StoredKeySummary {
  return { target, appId: pair.appId, maskedToken: maskToken(pair.appToken) };
}
