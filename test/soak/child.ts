// One sync of the soak's data folder in its own process, so the soak can SIGKILL it at any moment.
// Arguments: dataDir baseUrl appId appToken. Prints "ready" once the outbox is open, "> METHOD path"
// as each request leaves (the soak kills at a chosen request), then the engine's end state.
import { createClient } from '../../shared/api';
import { openLibraryServices } from '../../electron/desk/library';
import { SyncEngine } from '../../electron/sync/engine';

const [dataDir, baseUrl, appId, appToken] = process.argv.slice(2) as [string, string, string, string];
// The library too: the imports' requests are made from their batches' rows.
const library = await openLibraryServices(dataDir);
const { outbox } = library;
// Key-pair mode: every request carries the keys, so no token request is there for a fault to hit
// instead of the writes under test. Short waits keep the soak inside its time bound; the timeout,
// with no allowance for upload size, is below the sandbox's stall fault (fault-plan.ts).
const client = createClient({
  target: { sandbox: baseUrl },
  auth: { type: 'keys', appId, appToken },
  retry: { baseDelayMs: 20, maxDelayMs: 500 },
  timeoutMs: 2_000,
  minUploadBytesPerSecond: 1e9,
  fetch: (url, init) => {
    process.stdout.write(`> ${init.method ?? 'GET'} ${new URL(url).pathname}\n`);
    return fetch(url, init);
  },
});
process.stdout.write('ready\n');
const status = await new SyncEngine({ outbox, client, retry: { baseDelayMs: 50, maxDelayMs: 1_000 }, offlineRetryMs: 100 }).run();
await library.close();
process.stdout.write(`${status.state === 'paused' ? `paused: ${status.message}` : status.state}\n`);
