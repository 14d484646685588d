import { Outbox } from '../../outbox/outbox';
import type { CliContext } from '../command';

/** Opens the outbox of the data folder for one command and closes it afterwards. */
export async function withOutbox<T>(ctx: CliContext, fn: (outbox: Outbox) => Promise<T>): Promise<T> {
  const outbox = await Outbox.open(ctx.dataDir);
  try {
    return await fn(outbox);
  } finally {
    await outbox.close();
  }
}
