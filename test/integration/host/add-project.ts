import type { ProjectKind } from '../../../shared/domain/project';
import type { ProjectView } from '../../../shared/ipc/projects';
import type { InvokeHandlers } from '../../../electron/host/ipc-guard';
import type { RunningSandbox } from '../../../electron/local-service/types';

export interface SandboxProject {
  name?: string;
  kind?: ProjectKind;
  /** Another key pair of the same sandbox (`sb.addKey()`); the sandbox's own by default. */
  pair?: { appId: string; appToken: string };
}

/**
 * Adds a project on the sandbox's address through the host's own handler, as Settings does (the
 * first project added becomes current), and returns it.
 */
export async function addSandboxProject(handlers: InvokeHandlers, sb: RunningSandbox, options: SandboxProject = {}): Promise<ProjectView> {
  const add = handlers['projects.add'];
  if (!add) throw new Error('projects.add is missing from the handlers');
  const name = options.name ?? 'sandbox';
  const listed = await add({
    name,
    location: sb.urls[sb.hostCluster],
    kind: options.kind ?? 'sandbox-project',
    ...(options.pair ?? sb.credentials),
  });
  const added = listed.find((p) => p.name === name);
  if (!added) throw new Error(`projects.add did not list "${name}"`);
  return added;
}
