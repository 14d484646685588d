import { homedir } from 'node:os';
import { join } from 'node:path';

export const DATA_DIR_ENV = 'VOUCHER_DESK_DATA_DIR';

/**
 * The folder holding the databases: an explicit choice, else VOUCHER_DESK_DATA_DIR, else the OS
 * application-data folder (the same place Electron's app.getPath('userData') points to).
 */
export function resolveDataDir(explicit?: string, env: NodeJS.ProcessEnv = process.env): string {
  if (explicit) return explicit;
  const fromEnv = env[DATA_DIR_ENV];
  if (fromEnv) return fromEnv;
  return join(appDataRoot(env), 'voucher-desk');
}

function appDataRoot(env: NodeJS.ProcessEnv): string {
  switch (process.platform) {
    case 'win32':
      return env.APPDATA ?? join(homedir(), 'AppData', 'Roaming');
    case 'darwin':
      return join(homedir(), 'Library', 'Application Support');
    default:
      return env.XDG_CONFIG_HOME ?? join(homedir(), '.config');
  }
}
