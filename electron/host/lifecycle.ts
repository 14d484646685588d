/** A stop hook gets a signal that aborts when its deadline passes, so it can give up cleanly. */
export type StopHook = (signal: AbortSignal) => Promise<void> | void;
export type Hook = () => Promise<void> | void;

export interface HookOutcome {
  name: string;
  outcome: 'done' | 'timed-out' | 'failed';
  message?: string;
}

export interface ShutdownReport {
  stopped: HookOutcome[];
  flushed: HookOutcome[];
}

export interface ShutdownLimits {
  /** How long services may take to stop (the sync engine finishes its current request). */
  stopMs: number;
  /** How long the stores may take to flush; they flush even when stopping timed out. */
  flushMs: number;
}

/**
 * Start and quit hooks that services register into. Main runs `recover` once at start (resuming an
 * interrupted sync) and `shutdown` once before the app exits.
 */
export interface Lifecycle {
  onRecover(name: string, hook: Hook): void;
  onQuit(name: string, hook: StopHook): void;
  onFlush(name: string, hook: Hook): void;
  recover(): Promise<HookOutcome[]>;
  /** Idempotent: a second call (a second quit request) gets the same report. */
  shutdown(limits: ShutdownLimits): Promise<ShutdownReport>;
}

interface Named<H> {
  name: string;
  hook: H;
}

function failure(name: string, error: unknown): HookOutcome {
  return { name, outcome: 'failed', message: error instanceof Error ? error.message : String(error) };
}

async function runWithDeadline(hooks: Named<StopHook>[], ms: number): Promise<HookOutcome[]> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<'timed-out'>((resolve) => {
    timer = setTimeout(() => {
      controller.abort(new Error(`Deadline of ${ms} ms passed`));
      resolve('timed-out');
    }, ms);
  });
  try {
    return await Promise.all(
      hooks.map(async ({ name, hook }): Promise<HookOutcome> => {
        try {
          const finished = Promise.resolve(hook(controller.signal)).then(() => 'done' as const);
          const outcome = await Promise.race([finished, deadline]);
          return outcome === 'done' ? { name, outcome } : { name, outcome, message: `still running after ${ms} ms` };
        } catch (error) {
          return failure(name, error);
        }
      }),
    );
  } finally {
    clearTimeout(timer);
  }
}

export function createLifecycle(): Lifecycle {
  const recoverHooks: Named<Hook>[] = [];
  const quitHooks: Named<StopHook>[] = [];
  const flushHooks: Named<Hook>[] = [];
  let shuttingDown: Promise<ShutdownReport> | undefined;

  async function recover(): Promise<HookOutcome[]> {
    const outcomes: HookOutcome[] = [];
    // In order: a later recovery may rely on an earlier one (the outbox before the sync engine).
    for (const { name, hook } of recoverHooks) {
      try {
        await hook();
        outcomes.push({ name, outcome: 'done' });
      } catch (error) {
        outcomes.push(failure(name, error));
      }
    }
    return outcomes;
  }

  async function runShutdown(limits: ShutdownLimits): Promise<ShutdownReport> {
    const stopped = await runWithDeadline(quitHooks, limits.stopMs);
    const flushed = await runWithDeadline(flushHooks, limits.flushMs);
    return { stopped, flushed };
  }

  return {
    onRecover: (name, hook) => void recoverHooks.push({ name, hook }),
    onQuit: (name, hook) => void quitHooks.push({ name, hook }),
    onFlush: (name, hook) => void flushHooks.push({ name, hook }),
    recover,
    shutdown(limits) {
      shuttingDown ??= runShutdown(limits);
      return shuttingDown;
    },
  };
}
