import { type ApiKeyPair, type SecretStore, type StoredKeySummary, checkKeyPair, normalizeTarget, summarize } from './secret-store';

/** A keychain that lives only in this process: for tests of services that need keys. */
export class MemorySecretStore implements SecretStore {
  private readonly pairs = new Map<string, ApiKeyPair>();

  async get(target: string): Promise<ApiKeyPair | undefined> {
    const pair = this.pairs.get(normalizeTarget(target));
    return pair && { ...pair };
  }

  async set(target: string, pair: ApiKeyPair): Promise<void> {
    checkKeyPair(pair);
    this.pairs.set(normalizeTarget(target), { appId: pair.appId, appToken: pair.appToken });
  }

  async delete(target: string): Promise<boolean> {
    return this.pairs.delete(normalizeTarget(target));
  }

  async list(): Promise<StoredKeySummary[]> {
    return [...this.pairs].map(([target, pair]) => summarize(target, pair)).sort((a, b) => a.target.localeCompare(b.target));
  }
}
