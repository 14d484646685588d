import { type ApiKeyPair, type SecretStore, type StoredKeySummary, checkKeyPair, summarize } from './secret-store';

/** A keychain that lives only in this process: for tests of services that need keys. */
export class MemorySecretStore implements SecretStore {
  private readonly pairs = new Map<string, ApiKeyPair>();

  async get(account: string): Promise<ApiKeyPair | undefined> {
    const pair = this.pairs.get(account);
    return pair && { ...pair };
  }

  async set(account: string, pair: ApiKeyPair): Promise<void> {
    checkKeyPair(pair);
    this.pairs.set(account, { appId: pair.appId, appToken: pair.appToken });
  }

  async delete(account: string): Promise<boolean> {
    return this.pairs.delete(account);
  }

  async list(): Promise<StoredKeySummary[]> {
    return [...this.pairs].map(([account, pair]) => summarize(account, pair)).sort((a, b) => a.account.localeCompare(b.account));
  }
}
