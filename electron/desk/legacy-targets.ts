import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Outbox } from '../outbox/outbox';
import type { LegacySources } from '../projects/migrate-targets';
import type { StoreDatabase } from '../store/database';
import { databaseFiles } from '../store/files';

// What a data folder from before projects knew of its targets, read for the projects' migration
// (electron/projects/migrate-targets.ts) through whatever the front end has open: the app reuses
// its open outbox, the command line opens one for the moment.

export interface LegacyAccess {
  dataDir: string;
  withOutbox<T>(fn: (outbox: Outbox) => Promise<T>): Promise<T>;
  withCache<T>(fn: (db: StoreDatabase) => Promise<T>): Promise<T>;
}

/** The outbox's key of the target `voucher-desk sync` remembered before projects. */
const SYNC_TARGET_KEY = 'target';
/** The cache's key of the target its reads remembered before projects. */
const CACHE_TARGET_KEY = 'target';

const exists = (dataDir: string, name: string): boolean => existsSync(databaseFiles(dataDir, name).manifest);

export function legacySources(access: LegacyAccess): LegacySources {
  const { dataDir } = access;
  return {
    settingsTarget() {
      try {
        const json = JSON.parse(readFileSync(join(dataDir, 'settings.json'), 'utf8')) as { target?: unknown };
        return typeof json.target === 'string' ? json.target : undefined;
      } catch {
        // No settings file (or one the app itself will refuse with its own message): no target from it.
        return undefined;
      }
    },
    syncTarget: async () => (exists(dataDir, 'outbox') ? access.withOutbox(async (outbox) => outbox.syncState(SYNC_TARGET_KEY)) : undefined),
    cacheTargets: async () =>
      exists(dataDir, 'cache')
        ? access.withCache(async (db) => {
            // Loaded here: the cache's modules are needed only by this migration, not by every command that names a project.
            const { cachedTargets } = await import('../cache/state');
            const remembered = db.get<{ value: string }>('SELECT value FROM cache_state WHERE key = ?', [CACHE_TARGET_KEY])?.value;
            return [...(remembered === undefined ? [] : [remembered]), ...cachedTargets(db)];
          })
        : [],
    bindQueue: async (projectId) => {
      if (exists(dataDir, 'outbox')) await access.withOutbox((outbox) => outbox.bindUnbound(projectId));
    },
  };
}
