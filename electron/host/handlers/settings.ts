import type { SettingsView } from '../../../shared/ipc/settings';
import type { SecretStore } from '../../secrets/secret-store';
import { resolveSyncTarget } from '../../sync/target';
import type { InvokeHandlers } from '../ipc-guard';
import type { Connection } from './connection';
import type { SettingsFile } from './settings-file';

type SettingsHandlers = Pick<
  InvokeHandlers,
  'settings.get' | 'settings.setTarget' | 'settings.setAuth' | 'settings.saveKeys' | 'settings.deleteKeys' | 'settings.testConnection'
>;

export interface SettingsDeps {
  settings: SettingsFile;
  secrets: SecretStore;
  connection: Connection;
  dataDir: string;
  /** How keys are kept, in words: the OS keychain, or memory for this run only. */
  keychain: string;
}

export function settingsHandlers({ settings, secrets, connection, dataDir, keychain }: SettingsDeps): SettingsHandlers {
  async function view(): Promise<SettingsView> {
    const { auth } = settings.get();
    const target = connection.target();
    const stored = (await secrets.list()).find((k) => k.target === target.keyName);
    const targetKind = 'region' in target.target ? 'region' : 'dedicated' in target.target ? 'dedicated' : 'sandbox';
    return {
      target: target.keyName,
      targetKind,
      targetLabel: target.label,
      auth,
      key: stored ? { appId: stored.appId, maskedToken: stored.maskedToken } : null,
      dataDir,
      keychain,
    };
  }

  return {
    'settings.get': view,
    'settings.setTarget': async ({ target }) => {
      let resolved;
      try {
        resolved = resolveSyncTarget(target);
      } catch (error) {
        throw new Error(`Target: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      }
      settings.update({ target: resolved.keyName });
      return view();
    },
    'settings.setAuth': async ({ auth }) => {
      settings.update({ auth });
      return view();
    },
    'settings.saveKeys': async (pair) => {
      await secrets.set(connection.target().keyName, pair);
      return view();
    },
    'settings.deleteKeys': async () => {
      await secrets.delete(connection.target().keyName);
      return view();
    },
    'settings.testConnection': async () => {
      const client = await connection.client();
      const target = connection.target();
      // One small read proves the keys, the region and (with OAuth) that a token can be minted.
      await client.listPublications({ limit: 1 });
      return { target: target.label, message: `Connected to ${target.label}.`, tokenExpiresAt: connection.tokenExpiresAt() };
    },
  };
}
