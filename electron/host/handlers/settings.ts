import type { SettingsView } from '../../../shared/ipc/settings';
import { projectLabel } from '../../../shared/domain/project';
import type { InvokeHandlers } from '../ipc-guard';
import type { Connection } from './connection';
import type { SettingsFile } from './settings-file';

type SettingsHandlers = Pick<InvokeHandlers, 'settings.get' | 'settings.setAuth' | 'settings.testConnection'>;

export interface SettingsDeps {
  settings: SettingsFile;
  connection: Connection;
  dataDir: string;
  /** How keys are kept, in words: the OS keychain, or memory for this run only. */
  keychain: string;
}

export function settingsHandlers({ settings, connection, dataDir, keychain }: SettingsDeps): SettingsHandlers {
  async function view(): Promise<SettingsView> {
    return { project: (await connection.views()).find((p) => p.current) ?? null, auth: settings.get().auth, dataDir, keychain };
  }

  return {
    'settings.get': view,
    'settings.setAuth': async ({ auth }) => {
      settings.update({ auth });
      return view();
    },
    'settings.testConnection': async () => {
      const project = await connection.current();
      const label = projectLabel(project);
      try {
        // One small read proves the key, the region and (with OAuth) that a token can be minted.
        await (await connection.client(project)).listPublications({ limit: 1 });
      } catch (error) {
        throw connection.words(project, error);
      }
      return { target: label, message: `Connected to ${label}.`, tokenExpiresAt: connection.tokenExpiresAt() };
    },
  };
}
