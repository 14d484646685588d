// Run as a separate process by the crash test, which kills it with SIGKILL part-way through.
// Prints one line per event so the test knows how far the import got.
import { openLibraryServices } from '../../../electron/desk/library';

const [dataDir = '', csvFile = ''] = process.argv.slice(2);
const library = await openLibraryServices(dataDir);
const existing = library.batches.list().find((batch) => batch.name === 'Crash');
const batch = existing ?? (await library.batches.create({ name: 'Crash' }));
process.stdout.write(`ready ${batch.id}\n`);
let reported = 0;
await library.importCsv(batch.id, csvFile, {
  onProgress(progress) {
    if (progress.phase === 'saving') process.stdout.write('saving\n');
    else if (progress.rowsRead - reported >= 10_000) {
      reported = progress.rowsRead;
      process.stdout.write(`progress ${progress.rowsRead}\n`);
    }
  },
});
process.stdout.write('done\n');
await library.close();
