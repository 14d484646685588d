import { openLibraryServices } from '../../../electron/desk/library';
import { openCacheDatabase } from '../../../electron/cache';
import { SettingsFile } from '../../../electron/host/handlers/settings-file';
import { StoreNeedsAttentionError } from '../../../electron/store/errors';
import { type Contents, contentsOf } from './golden';

// One start of the app against a data folder, as the facts a damage case judges: did the library
// (with its outbox) open and with what, or was it refused and why; what the cache and settings did.

export type LibraryOutcome =
  { kind: 'opened'; contents: Contents } | { kind: 'refused'; database: string; file: string; message: string } | { kind: 'failed'; message: string };

export interface StartOutcome {
  library: LibraryOutcome;
  /** Warnings printed while opening the cache (a restarted cache says so). */
  cacheWarnings: string[];
  cache: 'opened' | string;
  settings: 'read' | string;
}

export async function startOnce(dir: string): Promise<StartOutcome> {
  return { library: await openLibrary(dir), ...(await openCache(dir)), settings: readSettings(dir) };
}

async function openLibrary(dir: string): Promise<LibraryOutcome> {
  try {
    const library = await openLibraryServices(dir);
    const contents = contentsOf(library);
    await library.close();
    return { kind: 'opened', contents };
  } catch (error) {
    if (error instanceof StoreNeedsAttentionError) return { kind: 'refused', database: error.database, file: error.file, message: error.message };
    return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
}

async function openCache(dir: string): Promise<{ cache: string; cacheWarnings: string[] }> {
  const warnings: string[] = [];
  const warn = console.warn;
  console.warn = (...args: unknown[]) => void warnings.push(args.map(String).join(' '));
  try {
    const cache = await openCacheDatabase(dir);
    await cache.close();
    return { cache: 'opened', cacheWarnings: warnings };
  } catch (error) {
    return { cache: error instanceof Error ? error.message : String(error), cacheWarnings: warnings };
  } finally {
    console.warn = warn;
  }
}

function readSettings(dir: string): string {
  try {
    new SettingsFile(dir).get();
    return 'read';
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
