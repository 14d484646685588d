import type { InvokeHandlers } from './ipc-guard';
import { createEventEmitter, type EmitEvent, type SendEvent } from './events';
import { mkdirSync } from 'node:fs';
import type { SecretStore } from '../secrets/secret-store';
import { KeytarSecretStore } from '../secrets/keytar-store';
import { batchHandlers } from './handlers/batches';
import { createConnection, type Connection } from './handlers/connection';
import { projectsHandlers } from './handlers/projects';
import { openCacheDatabase } from '../cache';
import { legacySources } from '../desk/legacy-targets';
import { ConnectionService } from '../projects/connection';
import { Projects } from '../projects/projects';
import type { StoreDatabase } from '../store/database';
import { csvHandlers } from './handlers/csv';
import { inspectHandlers } from './handlers/inspect';
import { lazyLibrary } from './handlers/library';
import { libraryHealthHandlers } from './handlers/library-health';
import { outboxHandlers } from './handlers/outbox';
import { syncHandlers } from './handlers/sync';
import { settingsHandlers } from './handlers/settings';
import { SettingsFile } from './handlers/settings-file';
import { createLifecycle, type Lifecycle } from './lifecycle';
import { createSyncGate, type SyncGate } from '../update/sync-gate';

export interface ServicesOptions {
  /** Folder for the app's databases (Electron's userData, or a folder the web host chose). */
  dataDir: string;
  appInfo: { name: string; version: string };
  send: SendEvent;
  /** Where API keys are kept; the OS keychain unless a test or `npm run web --memory-keychain` says otherwise. */
  secrets?: { store: SecretStore; label: string };
  /** The environment ($VOUCHER_DESK_PROJECT chooses the project); none by default. */
  env?: NodeJS.ProcessEnv;
  /** Where a dropped event is reported (an event outside the contract); the console by default. */
  log?: (message: string) => void;
}

export interface Services {
  /** Handlers for the contract's channels; every call reaches them through the IPC guard. */
  handlers: InvokeHandlers;
  /** Recovery at start, stop and flush at quit. */
  lifecycle: Lifecycle;
  /** Validated events to the renderer. */
  emit: EmitEvent;
  syncGate: SyncGate;
  /** Settings file (auth mode) and the connection to the projects built from it and the keychain. */
  settings: SettingsFile;
  connection: Connection;
}

/**
 * The one place services are put together, for both the Electron app and the local web host.
 * A service adds its handlers to `handlers` and its hooks to `lifecycle` here, nothing more.
 */
export function createServices(options: ServicesOptions): Services {
  const lifecycle = createLifecycle();
  const syncGate = createSyncGate();
  const emit = createEventEmitter(options.send, syncGate, options.log ?? ((message) => console.warn(`[events] ${message}`)));
  const library = lazyLibrary(options.dataDir, lifecycle);
  mkdirSync(options.dataDir, { recursive: true });
  const settings = new SettingsFile(options.dataDir);
  const secrets = options.secrets ?? { store: new KeytarSecretStore(), label: 'the OS keychain' };
  let cache: Promise<StoreDatabase> | undefined;
  lifecycle.onFlush('cache', async () => {
    if (cache) await (await cache).close();
  });
  const cacheDb = (): Promise<StoreDatabase> => (cache ??= openCacheDatabase(options.dataDir));
  // A folder from before projects is migrated through the outbox and cache this app holds open.
  const legacy = legacySources({
    dataDir: options.dataDir,
    withOutbox: async (fn) => fn((await library()).outbox),
    withCache: async (fn) => fn(await cacheDb()),
  });
  const projects = new Projects(options.dataDir, secrets.store, legacy);
  const connection = createConnection(settings, new ConnectionService(projects, options.env ?? {}));
  const handlers: InvokeHandlers = {
    'app.info': () => options.appInfo,
    ...batchHandlers(library),
    ...csvHandlers(options.dataDir, library, lifecycle, emit),
    ...settingsHandlers({ settings, connection, dataDir: options.dataDir, keychain: secrets.label }),
    ...projectsHandlers({ connection, library, cacheDb }),
    ...outboxHandlers(library, connection),
    ...syncHandlers({ library, connection, lifecycle, emit }),
    ...inspectHandlers(cacheDb, connection, emit),
    ...libraryHealthHandlers(options.dataDir, library),
  };
  return { handlers, lifecycle, emit, syncGate, settings, connection };
}
