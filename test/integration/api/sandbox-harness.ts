import { createManualClock, startSandbox, type RunningSandbox, type SandboxOptions } from '../../../electron/local-service/server';
import { createClient, type Auth, type ClientOptions, type TransportEvent, type VoucherClient } from '../../../shared/api';

export type ManualClock = ReturnType<typeof createManualClock>;

export interface Harness {
  sandbox: RunningSandbox;
  clock: ManualClock;
  /** Every wait the clients asked for; each one moved the manual clock instead of really waiting. */
  sleeps: number[];
  events: TransportEvent[];
  client(overrides?: Partial<ClientOptions> & { auth?: Auth }): VoucherClient;
}

/** A sandbox on a manual clock, and clients whose sleeps advance that clock (tests run in seconds). */
export async function startHarness(options: Omit<SandboxOptions, 'clock'> = {}): Promise<Harness> {
  const clock = createManualClock(Date.UTC(2026, 2, 1, 10, 0, 0));
  const sandbox = await startSandbox({ ...options, clock });
  const sleeps: number[] = [];
  const events: TransportEvent[] = [];
  return {
    sandbox,
    clock,
    sleeps,
    events,
    client: (overrides = {}) =>
      createClient({
        target: { sandbox: sandbox.urls[sandbox.hostCluster] },
        auth: { type: 'keys', ...sandbox.credentials },
        clock,
        sleep: async (ms) => {
          sleeps.push(ms);
          clock.advance(ms);
        },
        random: () => 0.5,
        timeoutMs: 10_000,
        onEvent: (e) => events.push(e),
        ...overrides,
      }),
  };
}

/** Polls (real time, bounded) until the async action has finished. */
export async function waitForJob(client: VoucherClient, id: string, deadlineMs = 20_000) {
  const until = Date.now() + deadlineMs;
  for (;;) {
    const action = await client.getAsyncAction(id);
    if (action.status === 'DONE' || action.status === 'FAILED') return action;
    if (Date.now() > until) throw new Error(`async action ${id} still ${action.status} after ${deadlineMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
