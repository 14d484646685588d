import { baseUrlOf, describeTarget, type Region, type Target } from '../api/targets';

// A project is what the person syncs to: a workspace of the service selected by its key pair, so two
// projects may share one cluster address. Everything the service gives or takes (queued operations,
// cached history) belongs to one project, filed under its `id`, which never changes when it is renamed.

export const PROJECT_KINDS = ['production', 'sandbox-project'] as const;
export type ProjectKind = (typeof PROJECT_KINDS)[number];

export const REGIONS: readonly Region[] = ['eu', 'us', 'as'];

export interface Project {
  /** Stable key of the project's outbox operations, caches and keychain entry. */
  id: string;
  name: string;
  /** `eu`, `us`, `as`, or the base URL of a dedicated cluster or of a local sandbox service. */
  location: string;
  appId: string;
  kind: ProjectKind;
}

const NAME_MAX = 64;
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export class ProjectInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProjectInputError';
  }
}

/** A name the person chooses: shown everywhere, typed to confirm a production sync. */
export function checkProjectName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '') throw new ProjectInputError('Project name: give a name, e.g. "shop-production"');
  if (trimmed.length > NAME_MAX) throw new ProjectInputError(`Project name "${trimmed.slice(0, 20)}…" is too long: at most ${NAME_MAX} characters`);
  if (/[\u0000-\u001f\u007f]/.test(trimmed)) throw new ProjectInputError('Project name: line breaks and control characters are not allowed');
  return trimmed;
}

/** `eu`, `us`, `as` or an http(s) base URL, spelled one way. */
export function normalizeLocation(text: string): string {
  const trimmed = text.trim();
  const lower = trimmed.toLowerCase();
  if ((REGIONS as readonly string[]).includes(lower)) return lower;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new ProjectInputError(`Region "${text}" is not valid: use eu, us, as, or a base URL such as https://api.example.com`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new ProjectInputError(`Region "${text}" must be eu, us, as, or an http or https URL`);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** The client's target of a normalized location. */
export function targetOfLocation(location: string): Target {
  if (location === 'eu' || location === 'us' || location === 'as') return { region: location };
  return LOCAL_HOSTS.has(new URL(location).hostname) ? { sandbox: location } : { dedicated: location };
}

export function projectBaseUrl(project: Pick<Project, 'location'>): string {
  return baseUrlOf(targetOfLocation(project.location));
}

export function kindWord(kind: ProjectKind): string {
  return kind === 'production' ? 'production' : 'sandbox project';
}

/** "shop (production, Europe (https://api.voucherify.io))": what every report names. */
export function projectLabel(project: Pick<Project, 'name' | 'location' | 'kind'>): string {
  return `${project.name} (${kindWord(project.kind)}, ${describeTarget(targetOfLocation(project.location))})`;
}

/** The name typed to confirm a production write must be the project's own, exactly. */
export function confirmsProject(project: Pick<Project, 'name'>, typed: string): boolean {
  return typed.trim() === project.name;
}

/** A project by name; the error lists what exists and how to add one. */
export function findProject(projects: readonly Project[], name: string): Project {
  const found = projects.find((p) => p.name === name.trim());
  if (found) return found;
  const known = projects.length === 0 ? 'there are no projects yet' : `the projects are ${projects.map((p) => `"${p.name}"`).join(', ')}`;
  throw new ProjectInputError(`There is no project "${name.trim()}": ${known}. Add one with \`voucher-desk project add\`.`);
}
