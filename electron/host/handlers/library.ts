import { BatchService } from '../../batches/batch-service';
import { DraftService } from '../../batches/draft-service';
import type { StoreDatabase } from '../../store/database';
import { openLibrary } from '../../store/databases';
import type { Lifecycle } from '../lifecycle';

export interface Library {
  db: StoreDatabase;
  batches: BatchService;
  drafts: DraftService;
}

/**
 * The library database opens on first use (the window shows before a large file has loaded) and
 * is flushed and closed when the app quits.
 */
export function lazyLibrary(dataDir: string, lifecycle: Lifecycle): () => Promise<Library> {
  let opening: Promise<Library> | undefined;
  lifecycle.onFlush('library', async () => {
    if (opening) await (await opening).db.close();
  });
  return () => {
    opening ??= openLibrary(dataDir).then((db) => ({ db, batches: new BatchService(db), drafts: new DraftService(db) }));
    return opening;
  };
}
