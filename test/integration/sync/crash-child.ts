// Runs one sync of the outbox in a data folder, for the crash test (which kills it at random points).
// Arguments: dataDir baseUrl appId appToken. Prints "ready" once the outbox is open, "finished" at the end.
import { createClient } from '../../../shared/api';
import { openLibraryServices } from '../../../electron/desk/library';
import { SyncEngine } from '../../../electron/sync/engine';

const [dataDir, baseUrl, appId, appToken] = process.argv.slice(2) as [string, string, string, string];
// The library too: the imports' requests are made from their batches' rows.
const library = await openLibraryServices(dataDir);
const { outbox } = library;
const client = createClient({
  target: { sandbox: baseUrl },
  auth: { type: 'oauth', appId, appToken, scopes: ['vouchers', 'async-actions'] },
  retry: { baseDelayMs: 20, maxDelayMs: 200 },
});
process.stdout.write('ready\n');
const status = await new SyncEngine({ outbox, client }).run();
await library.close();
process.stdout.write(`${status.state}\n`);
