import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build } from 'vite';
import { expect } from 'vitest';
import { startWebApp, type WebApp, type WebAppOptions } from '../../electron/host/web-cli';

const ROOT = resolve(import.meta.dirname, '../..');
export const ARTIFACTS = join(ROOT, 'test-artifacts');

/**
 * Builds the renderer into a folder of this test file's own, so `npm test` needs no prior
 * `npm run build` and parallel test files (or a developer's build) never overwrite each other.
 */
export async function buildRenderer(outDir = mkdtempSync(join(tmpdir(), 'voucher-desk-renderer-'))): Promise<string> {
  await build({
    configFile: join(ROOT, 'vite.renderer.config.ts'),
    root: join(ROOT, 'renderer'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
  return outDir;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    timeout: 30_000,
  });
}

export interface E2eApp extends WebApp {
  dataDir: string;
}

/** The web app on a fresh data folder with an in-memory keychain; close() removes the folder. */
export async function startE2eApp(rendererDir: string, options: Partial<WebAppOptions> = {}): Promise<E2eApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'voucher-desk-e2e-'));
  const app = await startWebApp({ dataDir, rendererDir, memoryKeychain: true, ...options });
  return {
    ...app,
    dataDir,
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const path = join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** expect.poll with a deadline long enough for a loaded machine (its default is one second). */
export function eventually<T>(read: () => Promise<T> | T) {
  return expect.poll(read, { timeout: 20_000, interval: 100 });
}

export interface OpenApp {
  app: E2eApp;
  browser: Browser;
  page: Page;
  close(): Promise<void>;
}

/** A freshly built renderer, the web app on a fresh data folder, and Chromium showing it. */
export async function openApp(options: Partial<WebAppOptions> = {}, viewport = { width: 1400, height: 900 }): Promise<OpenApp> {
  const rendererDir = await buildRenderer();
  const app = await startE2eApp(rendererDir, options);
  const browser = await launchChromium();
  const page = await browser.newPage({ viewport, acceptDownloads: true });
  await page.goto(app.host.url);
  return {
    app,
    browser,
    page,
    async close() {
      await browser.close();
      await app.close();
      rmSync(rendererDir, { recursive: true, force: true });
    },
  };
}

/** Presses Sync in the Outbox for a production project and types its name in the confirmation. */
export async function syncToProduction(page: Page, projectName: string): Promise<void> {
  await page.getByRole('button', { name: 'Sync', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Sync to a PRODUCTION project?' });
  await confirm.getByLabel(/Type the project's name/).fill(projectName);
  await confirm.getByRole('button', { name: 'Sync to production' }).click();
  await eventually(() => confirm.count()).toBe(0);
}
