import type { InvokeHandlers } from './ipc-guard';
import { createEventEmitter, type EmitEvent, type SendEvent } from './events';
import { mkdirSync } from 'node:fs';
import type { SecretStore } from '../secrets/secret-store';
import { KeytarSecretStore } from '../secrets/keytar-store';
import { batchHandlers } from './handlers/batches';
import { createConnection, type Connection } from './handlers/connection';
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
  /** Settings file (target, auth mode) and the client built from it and the keychain. */
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
  const connection = createConnection(settings, secrets.store);
  const handlers: InvokeHandlers = {
    'app.info': () => options.appInfo,
    ...batchHandlers(library),
    ...csvHandlers(options.dataDir, library, lifecycle, emit),
    ...settingsHandlers({ settings, secrets: secrets.store, connection, dataDir: options.dataDir, keychain: secrets.label }),
    ...outboxHandlers(library, connection),
    ...syncHandlers({ library, connection, lifecycle, emit }),
    ...inspectHandlers(options.dataDir, connection, lifecycle, emit),
    ...libraryHealthHandlers(options.dataDir, library),
  };
  return { handlers, lifecycle, emit, syncGate, settings, connection };
}
