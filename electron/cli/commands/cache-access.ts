import type { StoreDatabase } from '../../store/database';
import type { CliContext } from '../command';

/** Opens the cache database of the data folder for one command and closes it afterwards. */
export async function withCache<T>(ctx: CliContext, fn: (db: StoreDatabase) => Promise<T>): Promise<T> {
  const db = await (await import('../../cache/open')).openCacheDatabase(ctx.dataDir);
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}
