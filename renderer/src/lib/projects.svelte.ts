import { getContext, setContext } from 'svelte';
import type { Bridge } from '../../../shared/ipc/bridge';
import type { InvokeRequest, InvokeResponse } from '../../../shared/ipc/contract';
import type { ProjectView } from '../../../shared/ipc/projects';

/**
 * The projects the app syncs to and which one is current, shared by the sidebar's switcher, Settings
 * and every form that queues for a project. Main owns them: each change asks main and shows its list.
 */
export class Projects {
  list = $state<ProjectView[]>([]);
  /** False until main has answered once, so "no project yet" is not said before it is known. */
  loaded = $state(false);
  /** Grows when the current project changes, so the views that show its cache read it again. */
  generation = $state(0);
  readonly current = $derived(this.list.find((p) => p.current));

  constructor(private readonly bridge: Bridge) {}

  byId(id: string | null | undefined): ProjectView | undefined {
    return this.list.find((p) => p.id === id);
  }

  async load(): Promise<void> {
    this.show(await this.bridge.invoke('projects.list', {}));
  }

  async use(id: string): Promise<void> {
    this.show(await this.bridge.invoke('projects.use', { id }));
  }

  async add(request: InvokeRequest<'projects.add'>): Promise<void> {
    this.show(await this.bridge.invoke('projects.add', request));
  }

  async rename(id: string, name: string): Promise<void> {
    this.show(await this.bridge.invoke('projects.rename', { id, name }));
  }

  async saveKeys(id: string, appId: string, appToken: string): Promise<void> {
    this.show(await this.bridge.invoke('projects.saveKeys', { id, appId, appToken }));
  }

  /** Removed at once when it holds nothing; else main says what it holds and wants the name typed. */
  async remove(id: string, confirmName?: string): Promise<InvokeResponse<'projects.remove'>> {
    const answer = await this.bridge.invoke('projects.remove', { id, ...(confirmName !== undefined && { confirmName }) });
    this.show(answer.projects);
    return answer;
  }

  private show(list: ProjectView[]): void {
    const before = this.current?.id;
    const first = !this.loaded;
    this.list = list;
    this.loaded = true;
    // The views read the current project's cache when they open; only a later switch asks them again.
    if (!first && this.current?.id !== before) this.generation += 1;
  }
}

const KEY = Symbol('projects');

export function setProjects(projects: Projects): void {
  setContext(KEY, projects);
}

export function getProjects(): Projects {
  const projects = getContext<Projects | undefined>(KEY);
  if (!projects) throw new Error('No projects in context: the app sets them once in App.svelte');
  return projects;
}
