// Runs one sync of the outbox in a data folder, for the crash test (which kills it at random points).
// Arguments: dataDir baseUrl appId appToken. Prints "ready" once the outbox is open, "finished" at the end.
import { createClient } from '../../../shared/api';
import { Outbox } from '../../../electron/outbox/outbox';
import { SyncEngine } from '../../../electron/sync/engine';

const [dataDir, baseUrl, appId, appToken] = process.argv.slice(2) as [string, string, string, string];
const outbox = await Outbox.open(dataDir);
const client = createClient({
  target: { sandbox: baseUrl },
  auth: { type: 'oauth', appId, appToken, scopes: ['vouchers', 'async-actions'] },
  retry: { baseDelayMs: 20, maxDelayMs: 200 },
});
process.stdout.write('ready\n');
const status = await new SyncEngine({ outbox, client }).run();
await outbox.close();
process.stdout.write(`${status.state}\n`);
