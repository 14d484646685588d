import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the renderer comes from: its built folder, or (unpackaged only) the Vite dev server. */
export interface AppLocation {
  rendererDir: string;
  devServerUrl?: string;
}

export type RendererEntry = { kind: 'file'; path: string } | { kind: 'url'; url: string };

export interface LocationInputs {
  /** Folder of the built main bundle (dist/main). */
  mainDir: string;
  isPackaged: boolean;
  /** VOUCHER_DESK_DEV_SERVER_URL; ignored in a packaged app so a stray variable cannot redirect it. */
  devServerUrl?: string | undefined;
}

export function resolveAppLocation(inputs: LocationInputs): AppLocation {
  const rendererDir = path.resolve(inputs.mainDir, '..', 'renderer');
  if (inputs.isPackaged || !inputs.devServerUrl) return { rendererDir };
  const url = new URL(inputs.devServerUrl);
  if (url.protocol !== 'http:' || !['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)) {
    throw new Error(`VOUCHER_DESK_DEV_SERVER_URL must be an http:// URL on localhost or 127.0.0.1, got ${inputs.devServerUrl}`);
  }
  return { rendererDir, devServerUrl: url.origin };
}

export function rendererEntry(location: AppLocation): RendererEntry {
  return location.devServerUrl ? { kind: 'url', url: `${location.devServerUrl}/` } : { kind: 'file', path: path.join(location.rendererDir, 'index.html') };
}

function isInsideFolder(file: string, folder: string): boolean {
  const relative = path.relative(folder, file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

/** True only for the app's own pages: a file inside the renderer folder, or the dev server's origin. */
export function isAppUrl(url: string | undefined, location: AppLocation): boolean {
  if (!url) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol === 'file:') {
    let file: string;
    try {
      // Rejects file://other-host/... and encoded slashes, which are never the app's own files.
      file = fileURLToPath(parsed);
    } catch {
      return false;
    }
    return isInsideFolder(path.resolve(file), path.resolve(location.rendererDir));
  }
  return location.devServerUrl !== undefined && parsed.origin === location.devServerUrl;
}
