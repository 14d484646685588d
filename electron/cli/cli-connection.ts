import { openCacheDatabase } from '../cache';
import { legacySources } from '../desk/legacy-targets';
import { Outbox } from '../outbox/outbox';
import { ConnectionService } from '../projects/connection';
import { Projects } from '../projects/projects';
import type { SecretStore } from '../secrets/secret-store';

/** The command line's connection service: a folder from before projects is migrated with the outbox and cache opened for the moment. */
export function cliConnection(dataDir: string, secrets: SecretStore, env: NodeJS.ProcessEnv): ConnectionService {
  const legacy = legacySources({
    dataDir,
    async withOutbox(fn) {
      const outbox = await Outbox.open(dataDir);
      try {
        return await fn(outbox);
      } finally {
        await outbox.close();
      }
    },
    async withCache(fn) {
      const db = await openCacheDatabase(dataDir);
      try {
        return await fn(db);
      } finally {
        await db.close();
      }
    },
  });
  return new ConnectionService(new Projects(dataDir, secrets, legacy), env);
}
