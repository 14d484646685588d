import {
  checkProjectName,
  findProject,
  normalizeLocation,
  ProjectInputError,
  targetOfLocation,
  type Project,
  type ProjectKind,
} from '../../shared/domain/project';
import { type ApiKeyPair, type SecretStore, checkKeyPair, projectAccount } from '../secrets/secret-store';
import { type ProjectsContent, readProjectsFile, writeProjectsFile } from './project-file';
import { migrateTargets, type LegacySources } from './migrate-targets';

export interface NewProject {
  name: string;
  /** `eu`, `us`, `as` or a base URL. */
  location: string;
  kind: ProjectKind;
  pair: ApiKeyPair;
}

export interface ProjectSummary extends Project {
  /** The token with all but its last four characters hidden; null when no key is stored. */
  maskedToken: string | null;
  current: boolean;
}

/**
 * The projects of a data folder: the file (names, regions, app ids, kinds, the current one) and the
 * key pairs in the keychain under each project's id. The file is read afresh by every call, so the
 * app and a command line working on the same folder see each other's changes.
 */
export class Projects {
  constructor(
    readonly dataDir: string,
    private readonly secrets: SecretStore,
    private readonly legacy: LegacySources,
  ) {}

  /** The projects; a folder from before projects is set up from its old targets first (once). */
  async content(): Promise<ProjectsContent> {
    const stored = readProjectsFile(this.dataDir);
    if (stored) return stored;
    const migrated = await migrateTargets(this.secrets, this.legacy);
    writeProjectsFile(this.dataDir, migrated);
    return migrated;
  }

  async list(): Promise<Project[]> {
    return (await this.content()).projects;
  }

  async summaries(): Promise<ProjectSummary[]> {
    const content = await this.content();
    const keys = new Map((await this.secrets.list()).map((k) => [k.account, k.maskedToken]));
    return content.projects.map((p) => ({ ...p, maskedToken: keys.get(projectAccount(p.id)) ?? null, current: p.id === content.current }));
  }

  async current(): Promise<Project | undefined> {
    const content = await this.content();
    return content.projects.find((p) => p.id === content.current);
  }

  async byName(name: string): Promise<Project> {
    return findProject(await this.list(), name);
  }

  async byId(id: string): Promise<Project | undefined> {
    return (await this.list()).find((p) => p.id === id);
  }

  /** Adds a project with its key pair (keychain first, so a listed project always has its key); the first one becomes current. */
  async add(input: NewProject): Promise<Project> {
    const content = await this.content();
    const name = checkProjectName(input.name);
    if (content.projects.some((p) => p.name === name))
      throw new ProjectInputError(`A project named "${name}" exists already: choose another name, or remove it first`);
    checkKeyPair(input.pair);
    // node:crypto is loaded only here: listing or naming projects is most of a short command's start.
    const { randomUUID } = await import('node:crypto');
    const project: Project = { id: `prj_${randomUUID()}`, name, location: normalizeLocation(input.location), appId: input.pair.appId, kind: input.kind };
    await this.secrets.set(projectAccount(project.id), input.pair);
    // Operations queued before any project existed belong to the first one.
    if (content.projects.length === 0) await this.legacy.bindQueue(project.id);
    writeProjectsFile(this.dataDir, { ...content, current: content.current ?? project.id, projects: [...content.projects, project] });
    return project;
  }

  async rename(oldName: string, newName: string): Promise<Project> {
    const content = await this.content();
    const project = findProject(content.projects, oldName);
    const name = checkProjectName(newName);
    if (name !== project.name && content.projects.some((p) => p.name === name))
      throw new ProjectInputError(`A project named "${name}" exists already: choose another name`);
    const renamed = { ...project, name };
    writeProjectsFile(this.dataDir, { ...content, projects: content.projects.map((p) => (p.id === project.id ? renamed : p)) });
    return renamed;
  }

  /** Removes the project and its key; what it held (queued operations, caches) is the caller's to confirm first. */
  async remove(name: string): Promise<Project> {
    const content = await this.content();
    const project = findProject(content.projects, name);
    writeProjectsFile(this.dataDir, {
      ...content,
      current: content.current === project.id ? null : content.current,
      projects: content.projects.filter((p) => p.id !== project.id),
    });
    await this.secrets.delete(projectAccount(project.id));
    return project;
  }

  async use(name: string): Promise<Project> {
    const content = await this.content();
    const project = findProject(content.projects, name);
    if (content.current !== project.id) writeProjectsFile(this.dataDir, { ...content, current: project.id });
    return project;
  }

  /** Stores a new key pair for the project (its app id follows). */
  async setKey(name: string, pair: ApiKeyPair): Promise<Project> {
    checkKeyPair(pair);
    const content = await this.content();
    const project = findProject(content.projects, name);
    await this.secrets.set(projectAccount(project.id), pair);
    const updated = { ...project, appId: pair.appId };
    if (project.appId !== pair.appId)
      writeProjectsFile(this.dataDir, { ...content, projects: content.projects.map((p) => (p.id === project.id ? updated : p)) });
    return updated;
  }

  /**
   * Points a project at another address. Only a local sandbox service moves (a new port each run): on
   * the service a project's region is fixed when it is created.
   */
  async relocateSandbox(name: string, location: string): Promise<Project> {
    const content = await this.content();
    const project = findProject(content.projects, name);
    const moved = { ...project, location: normalizeLocation(location) };
    if (!('sandbox' in targetOfLocation(project.location)) || !('sandbox' in targetOfLocation(moved.location))) {
      throw new ProjectInputError(`Project "${name}" lives on ${project.location}: a project's region is fixed when it is created; add a new project instead`);
    }
    if (moved.location !== project.location)
      writeProjectsFile(this.dataDir, { ...content, projects: content.projects.map((p) => (p.id === project.id ? moved : p)) });
    return moved;
  }

  /** The project's key pair from the keychain, or undefined when none is stored. */
  keyPair(project: Project): Promise<ApiKeyPair | undefined> {
    return this.secrets.get(projectAccount(project.id));
  }
}
