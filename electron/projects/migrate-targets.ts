import { REGION_BASE_URLS } from '../../shared/api/targets';
import { normalizeLocation, projectBaseUrl, type Project } from '../../shared/domain/project';
import { type SecretStore, projectAccount } from '../secrets/secret-store';
import type { ProjectsContent } from './project-file';

// A data folder written before projects kept keys per target (`eu` or a base URL), one remembered
// sync target in the outbox, the app's target in settings.json, and caches filed under base URLs.
// Each old target becomes a project named after it, whose id is the base URL the caches used, so
// every cached copy stays its own without rewriting the cache; its key moves under the project and
// the operations queued before projects are bound to the project they would have been sent to.

/** What the folder knew before projects, read by the front end that owns those files. */
export interface LegacySources {
  /** The app's target in settings.json, when that file exists. */
  settingsTarget(): string | undefined;
  /** The target the command line last synced to. */
  syncTarget(): Promise<string | undefined>;
  /** Base URLs the caches hold copies for. */
  cacheTargets(): Promise<string[]>;
  /** Binds the operations queued before projects to this project (idempotent). */
  bindQueue(projectId: string): Promise<void>;
}

const PROJECT_PREFIX = 'project:';

function locationOf(text: string): string | undefined {
  const region = Object.entries(REGION_BASE_URLS).find(([, url]) => url === text)?.[0];
  try {
    return normalizeLocation(region ?? text);
  } catch {
    return undefined;
  }
}

export async function migrateTargets(secrets: SecretStore, legacy: LegacySources): Promise<ProjectsContent> {
  const settingsTarget = legacy.settingsTarget();
  const syncTarget = await legacy.syncTarget();
  const accounts = (await secrets.list()).map((k) => k.account);
  const oldAccounts = accounts.filter((a) => !a.startsWith(PROJECT_PREFIX));
  // Keys were kept per target for every data folder alike; one moved by another folder's migration
  // sits under the project id its target gives (a base URL), and is that folder's too.
  const movedTargets = accounts.filter((a) => a.startsWith(`${PROJECT_PREFIX}http`)).map((a) => a.slice(PROJECT_PREFIX.length));
  const texts = [settingsTarget, syncTarget, ...oldAccounts, ...movedTargets, ...(await legacy.cacheTargets())];
  const projects: Project[] = [];
  for (const text of texts) {
    const location = text === undefined ? undefined : locationOf(text);
    if (location === undefined) continue;
    const id = projectBaseUrl({ location });
    if (projects.some((p) => p.id === id)) continue;
    projects.push({ id, name: location, location, appId: '', kind: 'production' });
  }
  for (const account of oldAccounts) {
    const location = locationOf(account);
    const project = location === undefined ? undefined : projects.find((p) => p.location === location);
    const pair = project && (await secrets.get(account));
    if (!project || !pair) continue;
    // The copy is written before the old entry goes, so a crash between them loses nothing.
    await secrets.set(projectAccount(project.id), pair);
    await secrets.delete(account);
  }
  for (const project of projects) project.appId = (await secrets.get(projectAccount(project.id)))?.appId ?? '';
  const idOf = (text: string | undefined): string | undefined => {
    const location = text === undefined ? undefined : locationOf(text);
    return projects.find((p) => p.location === location)?.id;
  };
  const queueProject = idOf(syncTarget) ?? idOf(settingsTarget) ?? projects[0]?.id;
  if (queueProject !== undefined) await legacy.bindQueue(queueProject);
  return { version: 1, current: idOf(settingsTarget) ?? idOf(syncTarget) ?? projects[0]?.id ?? null, projects };
}
