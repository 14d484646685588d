import { describe, expect, it } from 'vitest';
import { permissionDecision, webviewDecision, windowOpenDecision } from '../../../electron/window/guards';
import { secureWindowOptions } from '../../../electron/window/options';

describe('secure window options', () => {
  const options = secureWindowOptions('/opt/voucher-desk/dist/main/preload.cjs');

  it('isolates and sandboxes the renderer, with no Node in any frame or worker', () => {
    expect(options.webPreferences).toMatchObject({
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
    });
  });

  it('loads the given preload and stays hidden until the page is ready', () => {
    expect(options.webPreferences.preload).toBe('/opt/voucher-desk/dist/main/preload.cjs');
    expect(options.show).toBe(false);
  });

  it('sets no other web preference that could loosen the defaults', () => {
    expect(Object.keys(options.webPreferences).sort()).toEqual(
      [
        'allowRunningInsecureContent',
        'contextIsolation',
        'experimentalFeatures',
        'navigateOnDragDrop',
        'nodeIntegration',
        'nodeIntegrationInSubFrames',
        'nodeIntegrationInWorker',
        'preload',
        'safeDialogs',
        'sandbox',
        'webSecurity',
        'webviewTag',
      ].sort(),
    );
  });
});

describe('window guards', () => {
  it('denies window.open, webviews and every permission', () => {
    expect(windowOpenDecision()).toEqual({ action: 'deny' });
    expect(webviewDecision()).toBe('deny');
    expect(permissionDecision()).toBe('deny');
  });
});
