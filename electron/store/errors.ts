// Errors a store raises when a database file cannot be used as it is. Each names the file concerned
// and what the user can do, because these reach the command line and the UI unchanged.

export class StoreError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/**
 * A database whose files do not match its manifest (missing, cut short, changed). Nothing was
 * opened, changed, moved or deleted; the message names each file, what is wrong and what to do.
 */
export class StoreNeedsAttentionError extends StoreError {
  /** The first file found wrong; `problems` has them all. */
  readonly file: string;

  constructor(
    readonly database: string,
    readonly problems: readonly { file: string; problem: string }[],
    readonly advice: string,
  ) {
    super(`The ${database} database needs attention and was not opened. ` + `${problems.map((p) => `${p.file}: ${p.problem}`).join(' ')} ${advice}`);
    this.file = problems[0]?.file ?? '';
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
