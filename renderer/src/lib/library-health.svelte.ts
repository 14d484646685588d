import type { Bridge } from '../../../shared/ipc/bridge';
import type { KeptCopyView, LibraryHealthView } from '../../../shared/ipc/library-health';
import { toShownError, type ShownError } from './errors';

/**
 * Whether the app's data opened, and the repairs of the "library needs attention" screen. The app
 * shows that screen instead of its views while `view` says so, never an empty library.
 */
export class LibraryHealth {
  /** Undefined until the first answer. */
  view = $state<LibraryHealthView | undefined>();
  busy = $state('');
  error = $state<ShownError | undefined>();
  /** What the last repair did, shown once the app is back. */
  notice = $state('');
  /** Grows with every repair, so the views start over on the repaired data. */
  generation = $state(0);

  constructor(private readonly bridge: Bridge) {}

  get needsAttention(): boolean {
    return this.view?.state === 'attention';
  }

  check(): Promise<void> {
    return this.run('Checking the data folder…', async () => {
      this.view = await this.bridge.invoke('libraryHealth.get', {});
    });
  }

  restore(copy: KeptCopyView): Promise<void> {
    return this.run(`Restoring the ${copy.database} copy taken at ${copy.takenAt}…`, async () => {
      const done = await this.bridge.invoke('libraryHealth.restore', { database: copy.database, copyId: copy.id });
      this.repaired(done.health, done.summary, done.setAside);
    });
  }

  startFresh(): Promise<void> {
    return this.run('Moving the data files aside…', async () => {
      const done = await this.bridge.invoke('libraryHealth.startFresh', { confirm: true });
      this.repaired(done.health, 'Started fresh with an empty library.', done.setAside);
    });
  }

  private repaired(view: LibraryHealthView, what: string, setAside: readonly string[]): void {
    this.view = view;
    this.generation += 1;
    const first = setAside[0];
    const folder = first === undefined ? '' : first.slice(0, Math.max(first.lastIndexOf('/'), first.lastIndexOf('\\')));
    this.notice =
      first === undefined
        ? what
        : `${what} ${setAside.length === 1 ? 'One file was' : `${setAside.length} files were`} moved aside, not deleted, into ${folder || 'the data folder'}.`;
  }

  private async run(label: string, action: () => Promise<void>): Promise<void> {
    this.busy = label;
    this.error = undefined;
    try {
      await action();
    } catch (e) {
      this.error = toShownError(e);
    } finally {
      this.busy = '';
    }
  }
}
