// Run as a separate process by the listing test: commits one change to the library in the given
// folder and is killed (SIGKILL, by itself) before it can close, as a crash would leave it.
import { openLibraryServices } from '../../../electron/desk/library';

const library = await openLibraryServices(process.argv[2] ?? '');
await library.batches.create({ name: 'Made before the kill' });
process.stdout.write('committed\n', () => process.kill(process.pid, 'SIGKILL'));
