import { createClient, type VoucherClient } from '../../../shared/api';
import type { SecretStore } from '../../secrets/secret-store';
import { resolveSyncTarget, type SyncTarget } from '../../sync/target';
import type { SettingsFile } from './settings-file';

export interface Connection {
  /** The target the settings name now. */
  target(): SyncTarget;
  /** A client for the current settings and stored keys; the same one while they stay the same. */
  client(): Promise<VoucherClient>;
  /** Token expiry of the current OAuth client, if one has signed in (never the token). */
  tokenExpiresAt(): number | null;
  /** How requests are signed, as the settings say. */
  authMode(): 'keys' | 'oauth';
}

/**
 * Builds clients from the settings and the keychain. A client is kept while target, mode and
 * app id stay the same, so its OAuth token is reused rather than minted per call.
 */
export function createConnection(settings: SettingsFile, secrets: SecretStore): Connection {
  let cached: { key: string; client: VoucherClient } | undefined;

  function target(): SyncTarget {
    return resolveSyncTarget(settings.get().target);
  }

  return {
    target,
    async client() {
      const { auth } = settings.get();
      const current = target();
      const pair = await secrets.get(current.keyName);
      if (!pair) throw new Error(`No key pair is stored for ${current.label}: enter the app id and token in Settings.`);
      const key = `${current.keyName} ${auth} ${pair.appId} ${pair.appToken.length}`;
      if (cached?.key !== key) {
        cached = { key, client: createClient({ target: current.target, auth: { type: auth, appId: pair.appId, appToken: pair.appToken } }) };
      }
      return cached.client;
    },
    tokenExpiresAt() {
      return cached?.client.tokenStatus()?.expiresAt ?? null;
    },
    authMode() {
      return settings.get().auth;
    },
  };
}
