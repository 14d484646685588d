import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isAppUrl, rendererEntry, resolveAppLocation } from '../../../electron/window/app-location';
import { navigationDecision } from '../../../electron/window/guards';

const mainDir = path.resolve('/opt/voucher-desk/resources/app.asar/dist/main');
const packaged = resolveAppLocation({ mainDir, isPackaged: true, devServerUrl: 'http://localhost:5173' });
const dev = resolveAppLocation({ mainDir, isPackaged: false, devServerUrl: 'http://localhost:5173/' });
const indexUrl = pathToFileURL(path.join(packaged.rendererDir, 'index.html')).href;

describe('app location', () => {
  it('puts the renderer beside the main bundle and ignores a dev server in a packaged app', () => {
    expect(packaged).toEqual({ rendererDir: path.resolve('/opt/voucher-desk/resources/app.asar/dist/renderer') });
    expect(rendererEntry(packaged)).toEqual({ kind: 'file', path: path.join(packaged.rendererDir, 'index.html') });
  });

  it('uses the dev server origin only when unpackaged', () => {
    expect(dev.devServerUrl).toBe('http://localhost:5173');
    expect(rendererEntry(dev)).toEqual({ kind: 'url', url: 'http://localhost:5173/' });
  });

  it('refuses a dev server that is not on this machine', () => {
    expect(() => resolveAppLocation({ mainDir, isPackaged: false, devServerUrl: 'http://evil.example:5173' })).toThrow(
      /VOUCHER_DESK_DEV_SERVER_URL must be an http:\/\/ URL on localhost/,
    );
    expect(() => resolveAppLocation({ mainDir, isPackaged: false, devServerUrl: 'file:///tmp/x' })).toThrow(/VOUCHER_DESK_DEV_SERVER_URL/);
  });
});

describe('app URLs and navigation', () => {
  it("accepts the app's own pages, with hash and query", () => {
    expect(isAppUrl(indexUrl, packaged)).toBe(true);
    expect(isAppUrl(`${indexUrl}#/batches?page=2`, packaged)).toBe(true);
    expect(isAppUrl(pathToFileURL(path.join(packaged.rendererDir, 'assets', 'index.js')).href, packaged)).toBe(true);
    expect(navigationDecision(indexUrl, packaged)).toBe('allow');
  });

  it('refuses files outside the renderer folder, however the path is spelled', () => {
    const outside = [
      pathToFileURL(path.join(packaged.rendererDir, '..', 'main', 'main.cjs')).href,
      `${pathToFileURL(packaged.rendererDir).href}/../../secrets.json`,
      `${pathToFileURL(packaged.rendererDir).href}/%2e%2e/main/main.cjs`,
      `${pathToFileURL(packaged.rendererDir).href}-evil/index.html`,
      pathToFileURL(packaged.rendererDir).href,
      'file:///etc/passwd',
      `file://attacker.example${new URL(indexUrl).pathname}`,
    ];
    for (const url of outside) {
      expect(isAppUrl(url, packaged), url).toBe(false);
      expect(navigationDecision(url, packaged), url).toBe('deny');
    }
  });

  it('refuses foreign origins and non-web schemes', () => {
    for (const url of [
      'https://evil.example/',
      'http://localhost:5173/',
      'http://localhost:5174/',
      'javascript:alert(1)',
      'data:text/html,<h1>x</h1>',
      'not a url',
      undefined,
    ]) {
      expect(isAppUrl(url, packaged), String(url)).toBe(false);
    }
  });

  it('accepts the dev server origin in development, and nothing else on that host', () => {
    expect(navigationDecision('http://localhost:5173/#/outbox', dev)).toBe('allow');
    expect(navigationDecision('http://localhost:5174/', dev)).toBe('deny');
    expect(navigationDecision('https://localhost:5173/', dev)).toBe('deny');
    expect(navigationDecision('http://127.0.0.1:5173/', dev)).toBe('deny');
  });
});
