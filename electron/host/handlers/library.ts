import { openLibraryServices, type LibraryServices } from '../../desk/library';
import type { Lifecycle } from '../lifecycle';

/** The library on first use; `isOpen` tells whether it opened, waiting for an open under way. */
export interface LazyLibrary {
  (): Promise<LibraryServices>;
  isOpen(): Promise<boolean>;
}

/**
 * The library (with its outbox, which decides which batches are frozen) opens on first use, so the
 * window shows before a large file has loaded, and is flushed and closed when the app quits. An
 * open that failed is tried again on the next use, so the library opens once its files are repaired.
 */
export function lazyLibrary(dataDir: string, lifecycle: Lifecycle): LazyLibrary {
  let opening: Promise<LibraryServices> | undefined;
  const opened = async (): Promise<LibraryServices | undefined> => opening?.catch(() => undefined);
  lifecycle.onFlush('library', async () => {
    await (await opened())?.close();
  });
  const isOpen = async (): Promise<boolean> => (await opened()) !== undefined;
  const open = (): Promise<LibraryServices> => {
    opening ??= openLibraryServices(dataDir).catch((error: unknown) => {
      opening = undefined;
      throw error;
    });
    return opening;
  };
  return Object.assign(open, { isOpen });
}
