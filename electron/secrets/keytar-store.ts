import { createRequire } from 'node:module';
import type * as Keytar from 'keytar';
import { type ApiKeyPair, type SecretStore, type StoredKeySummary, checkKeyPair, summarize } from './secret-store';

export const KEYCHAIN_SERVICE = 'voucher-desk';

const HOW_TO_FIX =
  'Voucher Desk keeps API keys only in the OS keychain, never in a plain file. On Linux that needs a ' +
  'running Secret Service: install gnome-keyring (or KeePassXC with its Secret Service enabled) and ' +
  'libsecret-1-0, and use a desktop session with D-Bus; in a bare terminal run ' +
  '`dbus-run-session -- bash`, then `echo | gnome-keyring-daemon --unlock --components=secrets`.';

/** No usable keychain: says what is missing; the original reason never contains a secret. */
export class KeychainUnavailableError extends Error {
  constructor(reason: string) {
    super(`The OS keychain is not available (${reason}). ${HOW_TO_FIX}`);
    this.name = 'KeychainUnavailableError';
  }
}

/** A stored entry that is not a key pair written by this app. */
export class KeychainEntryError extends Error {
  constructor(account: string) {
    super(
      `The keychain entry ${account} (service ${KEYCHAIN_SERVICE}) is not a key pair; store the project's key again with \`voucher-desk project key <name>\``,
    );
    this.name = 'KeychainEntryError';
  }
}

let loaded: typeof Keytar | undefined;

// Loaded on first use, so commands that never touch keys work where the native module cannot load.
function keytar(): typeof Keytar {
  if (!loaded) {
    try {
      loaded = createRequire(import.meta.url)('keytar') as typeof Keytar;
    } catch (error) {
      throw new KeychainUnavailableError(`the keytar module could not be loaded: ${reasonOf(error)}`);
    }
  }
  return loaded;
}

async function call<T>(operation: (k: typeof Keytar) => Promise<T>): Promise<T> {
  const k = keytar();
  try {
    return await operation(k);
  } catch (error) {
    throw new KeychainUnavailableError(reasonOf(error));
  }
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Keys in the OS keychain: one entry per account (a project's), secret = the pair as JSON. */
export class KeytarSecretStore implements SecretStore {
  constructor(private readonly service: string = KEYCHAIN_SERVICE) {}

  async get(account: string): Promise<ApiKeyPair | undefined> {
    const stored = await call((k) => k.getPassword(this.service, account));
    return stored === null ? undefined : parsePair(account, stored);
  }

  async set(account: string, pair: ApiKeyPair): Promise<void> {
    checkKeyPair(pair);
    await call((k) => k.setPassword(this.service, account, JSON.stringify({ appId: pair.appId, appToken: pair.appToken })));
  }

  async delete(account: string): Promise<boolean> {
    return call((k) => k.deletePassword(this.service, account));
  }

  async list(): Promise<StoredKeySummary[]> {
    const found = await call((k) => k.findCredentials(this.service));
    return found.map(({ account, password }) => summarize(account, parsePair(account, password))).sort((a, b) => a.account.localeCompare(b.account));
  }
}

function parsePair(account: string, stored: string): ApiKeyPair {
  try {
    const value: unknown = JSON.parse(stored);
    if (typeof value === 'object' && value !== null) {
      const { appId, appToken } = value as Record<string, unknown>;
      if (typeof appId === 'string' && typeof appToken === 'string') return { appId, appToken };
    }
  } catch {
    // Falls through to the error below, which does not repeat the stored text.
  }
  throw new KeychainEntryError(account);
}
