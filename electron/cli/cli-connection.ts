import { legacySources } from '../desk/legacy-targets';
import { ConnectionService } from '../projects/connection';
import { Projects } from '../projects/projects';
import type { SecretStore } from '../secrets/secret-store';

/**
 * The command line's connection service: a folder from before projects is migrated with the outbox and cache opened for the moment.
 * Both are imported only then, so a command that just names its project (`project list`, `sync --dry-run`) does not load them.
 */
export function cliConnection(dataDir: string, secrets: SecretStore, env: NodeJS.ProcessEnv): ConnectionService {
  const legacy = legacySources({
    dataDir,
    async withOutbox(fn) {
      const outbox = await (await import('../outbox/outbox')).Outbox.open(dataDir);
      try {
        return await fn(outbox);
      } finally {
        await outbox.close();
      }
    },
    async withCache(fn) {
      const db = await (await import('../cache/open')).openCacheDatabase(dataDir);
      try {
        return await fn(db);
      } finally {
        await db.close();
      }
    },
  });
  return new ConnectionService(new Projects(dataDir, secrets, legacy), env);
}
