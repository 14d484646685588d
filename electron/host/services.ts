import type { InvokeHandlers } from './ipc-guard';
import { createEventEmitter, type EmitEvent, type SendEvent } from './events';
import { batchHandlers } from './handlers/batches';
import { csvHandlers } from './handlers/csv';
import { lazyLibrary } from './handlers/library';
import { createLifecycle, type Lifecycle } from './lifecycle';
import { createSyncGate, type SyncGate } from '../update/sync-gate';

export interface ServicesOptions {
  /** Folder for the app's databases (Electron's userData, or a folder the web host chose). */
  dataDir: string;
  appInfo: { name: string; version: string };
  send: SendEvent;
}

export interface Services {
  /** Handlers for the contract's channels; every call reaches them through the IPC guard. */
  handlers: InvokeHandlers;
  /** Recovery at start, stop and flush at quit. */
  lifecycle: Lifecycle;
  /** Validated events to the renderer. */
  emit: EmitEvent;
  syncGate: SyncGate;
}

/**
 * The one place services are put together, for both the Electron app and the local web host.
 * A service adds its handlers to `handlers` and its hooks to `lifecycle` here, nothing more.
 */
export function createServices(options: ServicesOptions): Services {
  const lifecycle = createLifecycle();
  const syncGate = createSyncGate();
  const emit = createEventEmitter(options.send, syncGate);
  const library = lazyLibrary(options.dataDir, lifecycle);
  const handlers: InvokeHandlers = {
    'app.info': () => options.appInfo,
    ...batchHandlers(library),
    ...csvHandlers(options.dataDir, library, lifecycle),
  };
  return { handlers, lifecycle, emit, syncGate };
}
