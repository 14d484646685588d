import { join } from 'node:path';
import { openCacheDatabase, pullPublications } from '../../../electron/cache';
import type { PublicationDoc } from '../../../electron/local-service/publication-doc';
import type { StoreDatabase } from '../../../electron/store/database';
import { clientOf, putPublications, sandboxOn } from './history';
import { makeTempDir } from './temp';

export interface PulledCache {
  /** The cache database, open: the caller closes it. */
  db: StoreDatabase;
  /** The sandbox's address, the cache's key for what it pulled. */
  target: string;
  /** The stopped sandbox's data file, holding its seeded publications and `docs`. */
  dataFile: string;
}

/**
 * A cache that pulled, over HTTP, a sandbox's seeded publications and `docs` (put into its data file
 * between a first start that seeds it and a second that serves them); the sandbox is stopped after.
 */
export async function pulledCache(docs: readonly PublicationDoc[]): Promise<PulledCache> {
  const dir = makeTempDir();
  const dataFile = join(dir, 'sandbox.sqlite');
  await (await sandboxOn(dataFile)).close();
  await putPublications(dataFile, docs);
  const sb = await sandboxOn(dataFile);
  const db = await openCacheDatabase(join(dir, 'cache'));
  try {
    const client = clientOf(sb);
    await pullPublications(db, client);
    return { db, target: client.baseUrl, dataFile };
  } catch (error) {
    await db.close();
    throw error;
  } finally {
    await sb.close();
  }
}
