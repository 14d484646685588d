import type { Outbox } from '../../outbox/outbox';
import type { OutboxReads } from '../../outbox/outbox-reads';
import type { CliContext } from '../command';

/** Opens the outbox of the data folder for one command and closes it afterwards. */
export async function withOutbox<T>(ctx: CliContext, fn: (outbox: Outbox) => Promise<T>): Promise<T> {
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
