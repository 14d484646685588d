// Run as a separate process by the queueing crash test, which kills it with SIGKILL part-way through.
import { openLibraryServices } from '../../../electron/desk/library';
import { queueImport } from '../../../electron/operations/imports';

const [dataDir = '', batch = '', maxCodes = ''] = process.argv.slice(2);
const library = await openLibraryServices(dataDir);
process.stdout.write('ready\n');
const op = await queueImport({ library: library.db, outbox: library.outbox }, batch, {
  format: 'csv-when-fits',
  ...(maxCodes ? { limits: { maxCodes: Number(maxCodes) } } : {}),
});
process.stdout.write(`queued ${op.id}\n`);
await library.close();
