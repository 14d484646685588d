/**
 * Undo and redo over a list of changes: a new change forgets what was undone, and an entry moves
 * between the lists only once applying it succeeded, so a refused undo (a frozen batch) can be
 * tried again. Changes are applied one at a time, in the order asked.
 */
export class UndoLog<T> {
  private readonly done: T[] = [];
  private readonly undone: T[] = [];
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly limit = 200) {}

  record(entry: T): void {
    this.done.push(entry);
    if (this.done.length > this.limit) this.done.shift();
    this.undone.length = 0;
  }

  /** The change an undo would revert, if any. */
  get nextUndo(): T | undefined {
    return this.done.at(-1);
  }

  /** The change a redo would apply again, if any. */
  get nextRedo(): T | undefined {
    return this.undone.at(-1);
  }

  /** Reverts the latest change with `revert`; undefined when there is none. */
  undo(revert: (entry: T) => Promise<void>): Promise<T | undefined> {
    return this.serially(() => this.move(this.done, this.undone, revert));
  }

  /** Applies the latest undone change again with `apply`; undefined when there is none. */
  redo(apply: (entry: T) => Promise<void>): Promise<T | undefined> {
    return this.serially(() => this.move(this.undone, this.done, apply));
  }

  private async move(from: T[], to: T[], run: (entry: T) => Promise<void>): Promise<T | undefined> {
    const entry = from.at(-1);
    if (entry === undefined) return undefined;
    await run(entry);
    from.pop();
    to.push(entry);
    return entry;
  }

  private serially<R>(step: () => Promise<R>): Promise<R> {
    const next = this.queue.then(step, step);
    this.queue = next.catch(() => undefined);
    return next;
  }
}
