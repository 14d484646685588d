import type { Bridge } from '../../../shared/ipc/bridge';
import type { InvokeResponse } from '../../../shared/ipc/contract';
import { toShownError } from './errors';

export type SyncPlan = InvokeResponse<'outbox.dryRun'>;

/**
 * Starting a sync from the Outbox. The dry run comes first (offline), so the person sees what will be
 * sent and whether it fits the project's budget; a production project with something to write then
 * waits for its name to be typed, which main checks again before anything is sent.
 */
export class GuardedSync {
  /** The plan of the last sync asked for (or shown), with the budget message. */
  plan = $state<SyncPlan | undefined>();
  /** A production sync waiting for the project's name; `resume` says which button asked. */
  asking = $state<{ plan: SyncPlan; resume: boolean } | undefined>();

  constructor(private readonly bridge: Bridge) {}

  async preview(projectId: string | undefined): Promise<void> {
    this.plan = await this.bridge.invoke('outbox.dryRun', projectId ? { projectId } : {});
  }

  async begin(projectId: string | undefined, resume: boolean): Promise<void> {
    const plan = await this.bridge.invoke('outbox.dryRun', projectId ? { projectId } : {});
    this.plan = plan;
    if (plan.project.kind === 'production' && plan.requests > 0) {
      this.asking = { plan, resume };
      return;
    }
    await this.send(plan.project.id, resume);
  }

  /** The typed name goes to main; its refusal comes back as the words the dialog shows. */
  async confirm(typedName: string): Promise<string | undefined> {
    const asked = this.asking;
    if (!asked) return undefined;
    try {
      await this.send(asked.plan.project.id, asked.resume, typedName);
      this.asking = undefined;
      return undefined;
    } catch (e) {
      return toShownError(e).message;
    }
  }

  private async send(projectId: string, resume: boolean, confirmName?: string): Promise<void> {
    const request = { projectId, ...(confirmName !== undefined && { confirmName }) };
    await (resume ? this.bridge.invoke('sync.resume', request) : this.bridge.invoke('sync.start', request));
  }
}
