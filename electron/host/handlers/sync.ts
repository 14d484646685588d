import { projectLabel, targetOfLocation, type Project } from '../../../shared/domain/project';
import type { SyncStatusView } from '../../../shared/ipc/outbox';
import { dryRun } from '../../sync/dry-run';
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

/** A sync that would write to a production project and was not confirmed with the project's name typed. */
export class ProductionConfirmationError extends Error {
  constructor(project: Project, requests: number) {
    super(
      `This sync writes ${requests} request(s) to the PRODUCTION project ${projectLabel(project)}. ` +
        `Type the project's name "${project.name}" to confirm; nothing was sent.`,
    );
    this.name = 'ProductionConfirmationError';
  }
}

/**
 * One sync engine for the app, for one project at a time: made when the user first presses Sync
 * (with the client of that project and the settings of that moment) and made again for another
 * project or after the settings changed, when it is not running.
 */
export function syncHandlers({ library, connection, lifecycle, emit }: SyncDeps): SyncHandlers {
  let engine: { engine: SyncEngine; client: unknown; project: Project } | undefined;
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

  async function current(project: Project): Promise<SyncEngine> {
    const client = await connection.client(project);
    if (engine?.engine.current().state === 'running' && engine.project.id !== project.id) {
      throw new Error(`A sync of ${projectLabel(engine.project)} is running: pause it or let it finish before syncing ${project.name}.`);
    }
    if (!engine || engine.client !== client || engine.project.id !== project.id) {
      const { outbox } = await library();
      engine = { engine: new SyncEngine({ outbox, client, project: project.id, onEvent: announce }), client, project };
    }
    return engine.engine;
  }

  /** The project asked for, checked against the production guard when the sync would write. */
  async function confirmed(projectId: string | undefined, confirmName: string | undefined): Promise<Project> {
    const project = await connection.project(projectId);
    if (project.kind !== 'production' || confirmName?.trim() === project.name) return project;
    const plan = dryRun((await library()).outbox, project, true);
    if (plan.requests > 0) throw new ProductionConfirmationError(project, plan.requests);
    return project;
  }

  /**
   * At start: a request left `sending` or `accepted` by a crash may have reached the service. With keys
   * stored, the engine runs at once and reconciles it before anything else is sent; without them the
   * request waits, untouched, for the user's next Sync.
   */
  lifecycle.onRecover('interrupted sync', async () => {
    const { outbox } = await library();
    // A request that may have reached the service is settled with its own project's key; no new
    // write goes out before the person asks (the engine sends pending requests only after these).
    const interrupted = outbox.operations({ open: true }).find((op) => outbox.firstRequest(op.id, IN_FLIGHT) !== undefined);
    if (!interrupted?.project) return;
    let engineNow: SyncEngine;
    try {
      const project = await connection.project(interrupted.project);
      if (project.kind === 'production') return;
      engineNow = await current(project);
    } catch {
      return;
    }
    void engineNow.run();
  });

  async function status(): Promise<SyncStatusView> {
    const views = await connection.views();
    const view = views.find((p) => p.id === engine?.project.id) ?? views.find((p) => p.current) ?? null;
    const progress: SyncProgress | undefined = engine?.engine.progress();
    const open = (await library()).outbox.operations({ open: true, ...(view && { project: view.id }) });
    const target = view ? targetOfLocation(view.location) : undefined;
    return {
      engine: engine ? engineStatus(engine.engine.current()) : { state: 'idle' },
      project: view,
      target: view ? `${view.name}: ${view.locationLabel}` : 'no project chosen',
      targetKind: !target || 'region' in target ? 'region' : 'dedicated' in target ? 'dedicated' : 'sandbox',
      region: !target ? '-' : 'region' in target ? target.region.toUpperCase() : 'dedicated' in target ? 'DEDICATED' : 'SANDBOX',
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
    'sync.start': async ({ projectId, confirmName }) => {
      void (await current(await confirmed(projectId, confirmName))).run();
      return status();
    },
    'sync.pause': async () => {
      engine?.engine.pause();
      return status();
    },
    'sync.resume': async ({ projectId, confirmName }) => {
      void (await current(await confirmed(projectId, confirmName))).resume();
      return status();
    },
    'sync.status': status,
  };
}
