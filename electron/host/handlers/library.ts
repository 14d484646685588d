import { openLibraryServices, type LibraryServices } from '../../batches/library';
import type { Lifecycle } from '../lifecycle';

/**
 * The library (with its outbox, which decides which batches are frozen) opens on first use, so the
 * window shows before a large file has loaded, and is flushed and closed when the app quits.
 */
export function lazyLibrary(dataDir: string, lifecycle: Lifecycle): () => Promise<LibraryServices> {
  let opening: Promise<LibraryServices> | undefined;
  lifecycle.onFlush('library', async () => {
    if (opening) await (await opening).close();
  });
  return () => {
    opening ??= openLibraryServices(dataDir);
    return opening;
  };
}
