// Errors a store raises when a database file cannot be used as it is. Each names the file concerned
// and what the user can do, because these reach the command line and the UI unchanged.

export class StoreError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** The file exists but is not a readable database of this app; it was moved aside, not deleted. */
export class StoreCorruptError extends StoreError {
  constructor(
    readonly file: string,
    readonly movedTo: string,
    readonly reason: string,
  ) {
    super(
      `The ${describe(file)} could not be read (${reason}). It was moved aside to ${movedTo} and nothing ` +
        `was deleted. Restore it from a backup, or open the data folder again choosing to start fresh.`,
    );
  }
}

/** A file was moved aside earlier and no new one was started yet: refuse to start empty silently. */
export class StoreMovedAsideError extends StoreError {
  constructor(
    readonly file: string,
    readonly movedTo: string,
  ) {
    super(
      `The ${describe(file)} was found unreadable earlier and moved aside to ${movedTo}. Put a good copy ` +
        `back at ${file}, or open the data folder choosing to start fresh.`,
    );
  }
}

/** The file was written by a newer version of the app, whose schema this version does not know. */
export class StoreTooNewError extends StoreError {
  constructor(
    readonly file: string,
    readonly fileVersion: number,
    readonly knownVersion: number,
  ) {
    super(
      `The ${describe(file)} has schema version ${fileVersion}, but this version of Voucher Desk knows ` +
        `only up to ${knownVersion}. Update Voucher Desk to open it; the file was left untouched.`,
    );
  }
}

/** Another live process holds the database; two writers would overwrite each other's work. */
export class StoreLockedError extends StoreError {
  constructor(
    readonly file: string,
    readonly pid: number,
  ) {
    super(`The ${describe(file)} is open in another Voucher Desk process (pid ${pid}). Close it and try again.`);
  }
}

/** A write could not be made durable; the in-memory state was put back to the last saved state. */
export class StoreWriteError extends StoreError {
  constructor(
    readonly file: string,
    readonly reason: string,
  ) {
    super(`Saving the ${describe(file)} failed (${reason}); the change was not kept and the file on disk is unchanged.`);
  }
}

function describe(file: string): string {
  return `database file ${file}`;
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
