import type { Outbox } from '../../outbox/outbox';
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
