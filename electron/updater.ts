import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { app } from 'electron';
import { autoUpdater } from 'electron-updater';
import type { UpdateStatus } from '../shared/ipc/update-status';
import type { EmitEvent } from './host/events';
import type { InvokeHandlers } from './host/ipc-guard';
import { initialUpdateStatus } from './update/availability';
import { createUpdateController } from './update/controller';
import type { Transition, UpdateEvent } from './update/machine';
import type { SyncGate } from './update/sync-gate';

export interface UpdaterOptions {
  emit: EmitEvent;
  syncGate: SyncGate;
  /** Stops the services and flushes every store; resolves when it is safe to restart. */
  prepareToRestart(): Promise<void>;
  log(message: string): void;
}

export interface Updater {
  handlers: Pick<InvokeHandlers, 'update.getStatus' | 'update.check' | 'update.download' | 'update.install'>;
  checkOnStart(): void;
}

// electron-builder writes app-update.yml beside app.asar from `publish` in build/electron-builder.yml,
// and electron-updater reads its feed from there; a build that sets none has no such file.
function installedAppUpdateYml(): string | undefined {
  const file = join(process.resourcesPath, 'app-update.yml');
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}

export function createUpdater(options: UpdaterOptions): Updater {
  autoUpdater.autoDownload = false;
  autoUpdater.autoInstallOnAppQuit = false;
  autoUpdater.logger = null;

  const initial = initialUpdateStatus({ isPackaged: app.isPackaged, env: process.env, appUpdateYml: app.isPackaged ? installedAppUpdateYml() : undefined });
  if (initial.phase === 'disabled') options.log(`updates are off: ${initial.reason}`);
  const controller = createUpdateController(initial, (status) => options.emit('update.status', status));

  function fail(error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    const wasInstalling = controller.status().phase === 'installing';
    options.log(`update failed: ${message}`);
    apply({ type: 'failed', message });
    // The services were already stopped for the restart; the app cannot carry on without them.
    if (wasInstalling) app.exit(1);
  }

  async function install(): Promise<void> {
    await options.prepareToRestart();
    autoUpdater.quitAndInstall(false, true);
  }

  function apply(event: UpdateEvent): Transition {
    const transition = controller.dispatch(event);
    for (const effect of transition.effects) {
      const work = effect === 'check' ? autoUpdater.checkForUpdates() : effect === 'download' ? autoUpdater.downloadUpdate() : install();
      work.catch(fail);
    }
    return transition;
  }

  function userAsks(event: UpdateEvent): UpdateStatus {
    const transition = apply(event);
    if (transition.refusal) throw new Error(transition.refusal);
    return transition.status;
  }

  autoUpdater.on('update-available', (info) => apply({ type: 'found', version: info.version, releaseDate: info.releaseDate }));
  autoUpdater.on('update-not-available', () => apply({ type: 'not-found', at: Date.now() }));
  autoUpdater.on('download-progress', (progress) => apply({ type: 'progress', percent: progress.percent }));
  autoUpdater.on('update-downloaded', () => apply({ type: 'downloaded' }));
  autoUpdater.on('error', fail);
  options.syncGate.onIdle(() => apply({ type: 'sync-idle' }));

  return {
    handlers: {
      'update.getStatus': () => controller.status(),
      'update.check': () => userAsks({ type: 'check' }),
      'update.download': () => userAsks({ type: 'download' }),
      'update.install': () => userAsks({ type: 'install', syncBusy: options.syncGate.isBusy() }),
    },
    checkOnStart() {
      if (controller.status().phase !== 'disabled') apply({ type: 'check' });
    },
  };
}
