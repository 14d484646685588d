/**
 * The BrowserWindow options, as plain data so they are tested without Electron. The literal types
 * make a weakened setting a type error here, not only a failed test.
 */
export interface SecureWindowOptions {
  width: number;
  height: number;
  minWidth: number;
  minHeight: number;
  show: false;
  title: string;
  webPreferences: {
    preload: string;
    contextIsolation: true;
    sandbox: true;
    nodeIntegration: false;
    nodeIntegrationInWorker: false;
    nodeIntegrationInSubFrames: false;
    webSecurity: true;
    allowRunningInsecureContent: false;
    webviewTag: false;
    experimentalFeatures: false;
    navigateOnDragDrop: false;
    safeDialogs: true;
  };
}

export function secureWindowOptions(preloadPath: string): SecureWindowOptions {
  return {
    width: 1280,
    height: 820,
    minWidth: 900,
    minHeight: 600,
    // Shown on ready-to-show, so the user never sees an empty white frame.
    show: false,
    title: 'Voucher Desk',
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
    },
  };
}
