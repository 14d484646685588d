import type { ProjectKind, RateLimitSettings, SandboxOptions, SandboxProjectOptions } from './types';

/** The service fixes an account's sandbox project at 100 API calls an hour, whatever the plan. */
export const SANDBOX_PROJECT_RATE_LIMIT: RateLimitSettings = { perHour: 100 };

/** The name of the one project `appId`/`appToken` make when no projects are listed. */
export const DEFAULT_PROJECT_NAME = 'default';

// Names end up in a file name (`--data FILE` keeps project NAME in `FILE.NAME`) and in `?project=`.
const NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/;
export const PROJECT_NAME_RULE = '1 to 40 letters, digits, "-" or "_", starting with a letter or a digit';

/** One project as the sandbox opens it. */
export interface ProjectSpec {
  name: string;
  kind: ProjectKind;
  appId?: string;
  appToken?: string;
  rateLimit?: RateLimitSettings;
  /** Its sql.js file, or undefined in memory. */
  dataFile?: string;
  /** Which seed it gets: '' for the first project (the familiar seed), else its name. */
  seedTag: string;
}

/**
 * The projects `options` asks for, checked: names valid and unique (ignoring case, as file names
 * may), app ids unique. Throws an Error that names the project and what is allowed.
 */
export function projectSpecs(options: SandboxOptions): ProjectSpec[] {
  const listed: SandboxProjectOptions[] = options.projects ?? [{ name: DEFAULT_PROJECT_NAME, appId: options.appId, appToken: options.appToken }];
  if (listed.length === 0) throw new Error('projects must name at least one project.');
  if (options.projects && (options.appId !== undefined || options.appToken !== undefined)) {
    throw new Error('appId/appToken make the one project when projects is absent; give each project its own key pair in projects instead.');
  }
  if (listed.filter((p) => p.sandboxProject).length > 1) throw new Error('only one project may be the sandbox project, as an account has one.');
  const names = new Map<string, string>();
  const appIds = new Map<string, string>();
  return listed.map((p, i) => {
    if (!NAME.test(p.name)) throw new Error(`project name "${p.name}" is not allowed: use ${PROJECT_NAME_RULE}.`);
    const seen = names.get(p.name.toLowerCase());
    if (seen !== undefined) throw new Error(`project name "${p.name}" is given twice (as "${seen}"); each project needs its own name.`);
    names.set(p.name.toLowerCase(), p.name);
    if (p.appId !== undefined) {
      if (p.appId === '') throw new Error(`project "${p.name}": the app id must not be empty.`);
      const owner = appIds.get(p.appId);
      if (owner !== undefined)
        throw new Error(`project "${p.name}": app id "${p.appId}" is already the key of project "${owner}"; a key pair selects one project.`);
      appIds.set(p.appId, p.name);
    }
    if (p.appToken === '') throw new Error(`project "${p.name}": the app token must not be empty.`);
    const kind: ProjectKind = p.sandboxProject ? 'sandbox-project' : 'production';
    return {
      name: p.name,
      kind,
      appId: p.appId,
      appToken: p.appToken,
      rateLimit: kind === 'sandbox-project' ? SANDBOX_PROJECT_RATE_LIMIT : options.rateLimit,
      dataFile: options.dataFile === undefined ? undefined : i === 0 ? options.dataFile : `${options.dataFile}.${p.name}`,
      seedTag: i === 0 ? '' : p.name.toLowerCase(),
    };
  });
}
