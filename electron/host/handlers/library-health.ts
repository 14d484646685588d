import { isAbsolute, relative, resolve } from 'node:path';
import type { LibraryHealthView } from '../../../shared/ipc/library-health';
import { restoreSummary } from '../../store/advice';
import { errorText } from '../../store/errors';
import { checkDataDir, restoreCopy, startFresh } from '../../data-folder/health';
import type { InvokeHandlers } from '../ipc-guard';
import type { LazyLibrary } from './library';

/** A file inside the data folder as a path from it (the folder itself is shown once); any other file as given. */
function inFolder(dir: string, file: string): string {
  const path = relative(resolve(dir), resolve(dir, file));
  return path.startsWith('..') || isAbsolute(path) ? file : path;
}

type LibraryHealthHandlers = Pick<InvokeHandlers, 'libraryHealth.get' | 'libraryHealth.restore' | 'libraryHealth.startFresh'>;

/**
 * The "library needs attention" screen's side: the facts when the library cannot be opened, and
 * the two repairs (restore a kept copy, start fresh), offered only while it is not open.
 */
export function libraryHealthHandlers(dataDir: string, library: LazyLibrary): LibraryHealthHandlers {
  async function health(): Promise<LibraryHealthView> {
    try {
      await library();
      return { state: 'ok' };
    } catch (error) {
      const report = await checkDataDir(dataDir);
      const databases = report.databases.map((db) => ({ ...db, problems: db.problems.map((p) => ({ ...p, file: inFolder(report.dir, p.file) })) }));
      return { state: 'attention', message: errorText(error), dir: report.dir, databases, canStartFresh: !report.ok };
    }
  }

  async function whileClosed(): Promise<void> {
    if (await library.isOpen()) throw new Error('The library is open and working: there is nothing to repair.');
  }

  return {
    'libraryHealth.get': health,
    'libraryHealth.restore': async ({ database, copyId }) => {
      await whileClosed();
      const done = await restoreCopy(dataDir, database, copyId);
      const summary = restoreSummary(database, done).join(' ');
      return { restored: done.restored, summary, setAside: done.setAside.map((file) => inFolder(dataDir, file)), health: await health() };
    },
    'libraryHealth.startFresh': async () => {
      await whileClosed();
      const done = await startFresh(dataDir);
      return { setAside: done.setAside.map((file) => inFolder(dataDir, file)), health: await health() };
    },
  };
}
