// API key pairs kept in a keychain, one per account: a project's entry (`project:<id>`), or, in a data
// folder from before projects, a target such as `eu` or a base URL (moved under its project on open).
// Only `get` hands out the token, to the code that signs requests; everything meant for people
// (listing, errors, logs) sees a masked token.

export interface ApiKeyPair {
  appId: string;
  appToken: string;
}

export interface StoredKeySummary {
  account: string;
  appId: string;
  /** The token with all but its last four characters hidden. */
  maskedToken: string;
}

export interface SecretStore {
  get(account: string): Promise<ApiKeyPair | undefined>;
  set(account: string, pair: ApiKeyPair): Promise<void>;
  /** True when a pair was stored for the account. */
  delete(account: string): Promise<boolean>;
  list(): Promise<StoredKeySummary[]>;
}

/** The keychain account of a project's key pair. */
export function projectAccount(projectId: string): string {
  return `project:${projectId}`;
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

export function summarize(account: string, pair: ApiKeyPair): StoredKeySummary {
  return { account, appId: pair.appId, maskedToken: maskToken(pair.appToken) };
}
