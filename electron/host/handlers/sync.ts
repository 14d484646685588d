import type { SyncStatusView } from '../../../shared/ipc/outbox';
import type { LibraryServices } from '../../desk/library';
import { SyncEngine, type EngineStatus, type SyncEvent } from '../../sync/engine';
import type { SyncProgress } from '../../sync/progress';
import type { EmitEvent } from '../events';
import type { InvokeHandlers } from '../ipc-guard';
import type { Lifecycle } from '../lifecycle';
import type { Connection } from './connection';

const IN_FLIGHT = ['sending', 'accepted'] as const;

type SyncHandlers = Pick<InvokeHandlers, 'sync.start' | 'sync.pause' | 'sync.resume' | 'sync.status'>;

export interface SyncDeps {
  library: () => Promise<LibraryServices>;
  connection: Connection;
  lifecycle: Lifecycle;
  emit: EmitEvent;
}

function engineStatus(status: EngineStatus): SyncStatusView['engine'] {
  return status.state === 'paused' ? { state: 'paused', reason: status.reason, message: status.message } : { state: status.state };
}

/**
 * One sync engine for the app, made when the user first presses Sync (with the client for the
 * settings of that moment) and made again after the settings changed and it is not running.
 */
export function syncHandlers({ library, connection, lifecycle, emit }: SyncDeps): SyncHandlers {
  let engine: { engine: SyncEngine; client: unknown } | undefined;
  lifecycle.onQuit('sync engine', () => engine?.engine.stop());

  function announce(event: SyncEvent): void {
    if (event.type === 'request') return;
    const current = engine?.engine;
    if (!current) return;
    const progress = current.progress();
    const state = current.current().state;
    const settled = progress.operations.done + progress.operations.failed + progress.operations.cancelled + progress.operations.dead_letter;
    const total = settled + progress.operations.queued + progress.operations.running + progress.operations.needs_attention;
    const status = current.current();
    emit('sync.progress', {
      running: state === 'running',
      operationsDone: settled,
      operationsTotal: total,
      message: status.state === 'paused' ? status.message : `${progress.codes.done} of ${progress.codes.total} codes done, ${progress.codes.failed} failed`,
    });
  }

  async function current(): Promise<SyncEngine> {
    const client = await connection.client();
    if (!engine || (engine.client !== client && engine.engine.current().state !== 'running')) {
      const { outbox } = await library();
      engine = { engine: new SyncEngine({ outbox, client, onEvent: announce }), client };
    }
    return engine.engine;
  }

  /**
   * At start: a chunk left `sending` or `accepted` by a crash may have reached the service. With keys
   * stored, the engine runs at once and reconciles it before anything else is sent; without them the
   * chunk waits, untouched, for the user's next Sync.
   */
  lifecycle.onRecover('interrupted sync', async () => {
    const { outbox } = await library();
    const interrupted = outbox.operations({ open: true }).some((op) => outbox.firstChunk(op.id, IN_FLIGHT) !== undefined);
    if (!interrupted) return;
    let engineNow: SyncEngine;
    try {
      engineNow = await current();
    } catch {
      return;
    }
    void engineNow.run();
  });

  async function status(): Promise<SyncStatusView> {
    const target = connection.target();
    const progress: SyncProgress | undefined = engine?.engine.progress();
    const open = (await library()).outbox.operations({ open: true });
    return {
      engine: engine ? engineStatus(engine.engine.current()) : { state: 'idle' },
      target: target.label,
      targetKind: 'region' in target.target ? 'region' : 'dedicated' in target.target ? 'dedicated' : 'sandbox',
      region: 'region' in target.target ? target.target.region.toUpperCase() : 'dedicated' in target.target ? 'DEDICATED' : 'SANDBOX',
      auth: connection.authMode(),
      tokenExpiresAt: connection.tokenExpiresAt(),
      codes: progress?.codes ?? { total: open.reduce((n, op) => n + op.codes, 0), done: 0, present: 0, failed: 0 },
      jobs: progress?.jobs && progress.jobs.inFlight > 0 ? progress.jobs : null,
      requests: progress?.requests ?? 0,
      rate: progress?.rate ? { limit: progress.rate.limit, remaining: progress.rate.remaining } : null,
    };
  }

  return {
    // The run goes on in the background; the page follows it through sync.progress events.
    'sync.start': async () => {
      void (await current()).run();
      return status();
    },
    'sync.pause': async () => {
      engine?.engine.pause();
      return status();
    },
    'sync.resume': async () => {
      void (await current()).resume();
      return status();
    },
    'sync.status': status,
  };
}
