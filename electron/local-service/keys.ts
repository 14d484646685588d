import { randomBytes, randomUUID } from 'node:crypto';
import type { Clock } from './types';

export type KeyState = 'active' | 'blocked' | 'deleted';

interface ApiKey {
  appId: string;
  appToken: string;
  state: KeyState;
  /** When the key was blocked or deleted, on the injectable clock. */
  disabledAt?: number;
}

/** How long tokens of a blocked or deleted key keep working: the service promises "within one minute". */
export const DISABLED_KEY_TOKEN_GRACE_MS = 60_000;

export function newAppToken(): string {
  return randomBytes(18).toString('hex');
}

export class KeyStore {
  private readonly keys = new Map<string, ApiKey>();

  constructor(private readonly clock: Clock) {}

  add(appId: string = randomUUID(), appToken: string = newAppToken()): { appId: string; appToken: string } {
    this.keys.set(appId, { appId, appToken, state: 'active' });
    return { appId, appToken };
  }

  /** True when this store holds `appId`, in any state. */
  has(appId: string): boolean {
    return this.keys.has(appId);
  }

  /** True when the pair names an active key; wrong, blocked and deleted pairs are all refused. */
  accepts(appId: string, appToken: string): boolean {
    const key = this.keys.get(appId);
    return key !== undefined && key.state === 'active' && key.appToken === appToken;
  }

  /** Tokens minted by a key stop working one minute after the key is blocked or deleted. */
  tokensStillValid(appId: string): boolean {
    const key = this.keys.get(appId);
    if (!key) return false;
    if (key.state === 'active') return true;
    return this.clock.now() - (key.disabledAt ?? 0) < DISABLED_KEY_TOKEN_GRACE_MS;
  }

  disable(appId: string, state: 'blocked' | 'deleted'): void {
    const key = this.require(appId);
    if (key.state === 'deleted') throw new Error(`appId ${JSON.stringify(appId)} names a deleted API key`);
    key.state = state;
    key.disabledAt = this.clock.now();
  }

  /** A blocked key works again; a deleted key stays deleted. */
  unblock(appId: string): void {
    const key = this.require(appId);
    if (key.state === 'deleted') throw new Error(`appId ${JSON.stringify(appId)} names a deleted API key; only a blocked key can be unblocked`);
    key.state = 'active';
    key.disabledAt = undefined;
  }

  regenerate(appId: string): string {
    const key = this.require(appId);
    key.appToken = newAppToken();
    return key.appToken;
  }

  private require(appId: string): ApiKey {
    const key = this.keys.get(appId);
    if (!key) throw new Error(`appId ${JSON.stringify(appId)} names no API key of this sandbox`);
    return key;
  }
}
