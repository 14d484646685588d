// Run in a separate process by the keychain tests: reads a key through its own keytar instance,
// which proves the first process really wrote to the Secret Service and not to its own memory.
import { KeytarSecretStore } from '../../../electron/secrets/keytar-store';

const [service = '', target = ''] = process.argv.slice(2);
try {
  const pair = await new KeytarSecretStore(service).get(target);
  process.stdout.write(JSON.stringify({ pair: pair ?? null }));
} catch (error) {
  process.stdout.write(JSON.stringify({ error: error instanceof Error ? error.message : String(error) }));
}
