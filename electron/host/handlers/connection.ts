import type { VoucherClient } from '../../../shared/api';
import { describeTarget } from '../../../shared/api/targets';
import { targetOfLocation, type Project } from '../../../shared/domain/project';
import type { ProjectView } from '../../../shared/ipc/projects';
import { projectError, type ConnectionService } from '../../projects/connection';
import type { Projects } from '../../projects/projects';
import type { SettingsFile } from './settings-file';

export interface Connection {
  projects: Projects;
  /** The current project; a NoProjectError says how to choose one. */
  current(): Promise<Project>;
  /** The project with this id, else the current one. */
  project(id?: string): Promise<Project>;
  /** A client of the project signed as the settings say; the same one while project, mode and key stay the same. */
  client(project: Project): Promise<VoucherClient>;
  /** Token expiry of the last OAuth client, if one has signed in (never the token). */
  tokenExpiresAt(): number | null;
  authMode(): 'keys' | 'oauth';
  /** Every project as the renderer sees it (app id and masked token only). */
  views(): Promise<ProjectView[]>;
  /** Said about the project: a refused key or a wrong region. */
  words(project: Project, error: unknown): unknown;
}

/** The app's side of the one connection service: clients are kept per project, so an OAuth token is reused rather than minted per call. */
export function createConnection(settings: SettingsFile, service: ConnectionService): Connection {
  const clients = new Map<string, { key: string; client: VoucherClient }>();
  let last: VoucherClient | undefined;

  async function project(id?: string): Promise<Project> {
    if (id === undefined) return service.resolve();
    const found = await service.projects.byId(id);
    if (!found) throw new Error(`There is no project with id ${id}: it may have been removed. Choose one in Settings.`);
    return found;
  }

  return {
    projects: service.projects,
    current: () => service.resolve(),
    project,
    async client(p) {
      const { auth } = settings.get();
      const pair = await service.keys(p);
      const key = `${p.location} ${auth} ${pair.appId} ${pair.appToken.length}`;
      let held = clients.get(p.id);
      if (held?.key !== key) {
        held = { key, client: (await service.client(p, auth === 'oauth' ? { type: 'oauth' } : { type: 'keys' })).client };
        clients.set(p.id, held);
      }
      last = held.client;
      return held.client;
    },
    tokenExpiresAt: () => last?.tokenStatus()?.expiresAt ?? null,
    authMode: () => settings.get().auth,
    async views() {
      return (await service.projects.summaries()).map((p) => ({
        id: p.id,
        name: p.name,
        location: p.location,
        locationLabel: describeTarget(targetOfLocation(p.location)),
        appId: p.appId,
        kind: p.kind,
        maskedToken: p.maskedToken,
        current: p.current,
      }));
    },
    words: (p, error) => projectError(p, error),
  };
}
