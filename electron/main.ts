import { app, BrowserWindow, ipcMain, session, type WebContents } from 'electron';
import path from 'node:path';
import { invokeChannels } from '../shared/ipc/channels';
import { createIpcGuard } from './host/ipc-guard';
import type { HookOutcome } from './host/lifecycle';
import { createServices } from './host/services';
import { createUpdater } from './updater';
import { isAppUrl, rendererEntry, resolveAppLocation } from './window/app-location';
import { contentSecurityPolicy, withContentSecurityPolicy } from './window/csp';
import { navigationDecision, permissionDecision, webviewDecision, windowOpenDecision } from './window/guards';
import { secureWindowOptions } from './window/options';

// The sync engine finishes its current request within this; the stores then get as long to flush.
const SHUTDOWN_LIMITS = { stopMs: 15_000, flushMs: 15_000 };

function logProblems(stage: string, outcomes: HookOutcome[]): void {
  for (const o of outcomes) if (o.outcome !== 'done') console.error(`[${stage}] ${o.name}: ${o.outcome} ${o.message ?? ''}`);
}

function run(): void {
  const location = resolveAppLocation({
    mainDir: __dirname,
    isPackaged: app.isPackaged,
    devServerUrl: process.env.VOUCHER_DESK_DEV_SERVER_URL,
  });
  let window: BrowserWindow | undefined;
  let quitApproved = false;

  const services = createServices({
    dataDir: app.getPath('userData'),
    appInfo: { name: app.getName(), version: app.getVersion() },
    send: (event, payload) => window?.webContents.send(event, payload),
  });

  async function shutdown(): Promise<void> {
    const report = await services.lifecycle.shutdown(SHUTDOWN_LIMITS);
    logProblems('stop', report.stopped);
    logProblems('flush', report.flushed);
    quitApproved = true;
  }

  const updater = createUpdater({
    emit: services.emit,
    syncGate: services.syncGate,
    prepareToRestart: shutdown,
    log: (message) => console.error(`[update] ${message}`),
  });

  const guard = createIpcGuard<{ url: string | undefined }>({
    handlers: { ...services.handlers, ...updater.handlers },
    isTrustedSender: (sender) => isAppUrl(sender.url, location),
    describeSender: (sender) => sender.url ?? 'a frame that is gone',
    report: (channel, message) => console.warn(`[ipc] ${channel}: ${message}`),
  });

  function guardContents(contents: WebContents): void {
    contents.setWindowOpenHandler(windowOpenDecision);
    const blockForeign = (event: { url: string; preventDefault(): void }): void => {
      if (navigationDecision(event.url, location) === 'deny') event.preventDefault();
    };
    contents.on('will-navigate', blockForeign);
    contents.on('will-redirect', blockForeign);
    contents.on('will-attach-webview', (event) => {
      if (webviewDecision() === 'deny') event.preventDefault();
    });
  }

  function createWindow(): BrowserWindow {
    const win = new BrowserWindow(secureWindowOptions(path.join(__dirname, 'preload.cjs')));
    win.once('ready-to-show', () => win.show());
    win.on('closed', () => (window = undefined));
    const entry = rendererEntry(location);
    void (entry.kind === 'file' ? win.loadFile(entry.path) : win.loadURL(entry.url));
    return win;
  }

  app.on('second-instance', () => {
    if (!window) return;
    if (window.isMinimized()) window.restore();
    window.focus();
  });
  app.on('web-contents-created', (_event, contents) => guardContents(contents));
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('before-quit', (event) => {
    if (quitApproved) return;
    // Hold the quit until the sync engine stopped between requests and every store is flushed.
    event.preventDefault();
    void shutdown().finally(() => app.exit(0));
  });

  void app.whenReady().then(() => {
    const policy = contentSecurityPolicy({ devServerUrl: location.devServerUrl });
    const ses = session.defaultSession;
    ses.webRequest.onHeadersReceived((details, callback) => callback({ responseHeaders: withContentSecurityPolicy(details.responseHeaders, policy) }));
    ses.setPermissionRequestHandler((_contents, _permission, callback) => callback(permissionDecision() === 'allow'));
    ses.setPermissionCheckHandler(() => permissionDecision() === 'allow');
    ses.setDevicePermissionHandler(() => permissionDecision() === 'allow');

    for (const channel of invokeChannels) {
      ipcMain.handle(channel, (event, payload: unknown) => guard.handle(channel, { url: event.senderFrame?.url }, payload));
    }
    window = createWindow();
    app.on('activate', () => {
      window ??= createWindow();
    });
    // Resumes a sync the last run left half-done; it runs beside the window, not before it.
    void services.lifecycle.recover().then((outcomes) => logProblems('recover', outcomes));
    updater.checkOnStart();
  });
}

// A second launch only focuses the first one's window (see 'second-instance').
if (app.requestSingleInstanceLock()) run();
else app.quit();
