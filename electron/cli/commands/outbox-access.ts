import type { Outbox } from '../../outbox/outbox';
import type { OutboxReads } from '../../outbox/outbox-reads';
import type { CliContext } from '../command';

/**
 * Opens the outbox of the data folder for one command and closes it afterwards. `batchRows`: the
 * command reads the codes of queued imports (a sync, a cancel, queueing what may wait for them), which
 * are the rows of their frozen batches, so the library opens with it.
 */
export async function withOutbox<T>(ctx: CliContext, fn: (outbox: Outbox) => Promise<T>, options: { batchRows?: boolean } = {}): Promise<T> {
  if (options.batchRows === true) {
    const library = await (await import('../../desk/library')).openLibraryServices(ctx.dataDir);
    try {
      return await fn(library.outbox);
    } finally {
      await library.close();
    }
  }
  // Imported here, so that a group's file can offer outbox commands without loading the outbox for the others.
  const outbox = await (await import('../../outbox/outbox')).Outbox.open(ctx.dataDir);
  try {
    return await fn(outbox);
  } finally {
    await outbox.close();
  }
}

/**
 * For a command that only reads the outbox: its listing while the outbox's files are the ones it was
 * made from (no sql.js, no outbox loaded), else the outbox opened for the moment, with every check.
 */
export async function withOutboxReads<T>(ctx: CliContext, fn: (outbox: OutboxReads) => Promise<T>): Promise<T> {
  const listed = (await import('../../outbox/outbox-listing')).readOutboxListing(ctx.dataDir);
  return listed ? fn(listed) : withOutbox(ctx, fn);
}
