import type { Scope, VoucherClient } from '../../shared/api';
import { CredentialsRejectedError, ServiceError, WrongRegionError, errorBodyOf } from '../../shared/api/errors';
import type { Target } from '../../shared/api/targets';
import { projectBaseUrl, projectLabel, targetOfLocation, type Project } from '../../shared/domain/project';
import type { ApiKeyPair } from '../secrets/secret-store';
import type { Projects } from './projects';

// The one way every front end (the app, the web host, the command line) reaches the service: which
// project, its key pair, the client. A missing project, a missing key, a refused key and a wrong
// region are worded here, once, naming the project and how to fix it.

export const PROJECT_ENV = 'VOUCHER_DESK_PROJECT';

/** No project given and none current: the command line's usage error (exit 2). */
export class NoProjectError extends Error {
  constructor(known: readonly Project[]) {
    const how =
      known.length === 0
        ? 'There are no projects yet: add one with `voucher-desk project add <name> --region <eu|us|as|BASE_URL> --app-id <ID> [--sandbox-project]`, ' +
          'then make it current with `voucher-desk project use <name>`'
        : `Choose one of ${known.map((p) => `"${p.name}"`).join(', ')} with \`voucher-desk project use <name>\` (or add another with \`voucher-desk project add\`)`;
    super(`No project is chosen. ${how} (or pass --project <name>, or set ${PROJECT_ENV}; in the app: Settings, Projects).`);
    this.name = 'NoProjectError';
  }
}

export class MissingKeyError extends Error {
  constructor(project: Project) {
    super(
      `No API key is stored for project "${project.name}" (${projectLabel(project)}): store it with \`voucher-desk project key ${project.name} --app-id <ID>\` ` +
        '(the token on stdin or at the prompt), or in the app under Settings, Projects.',
    );
    this.name = 'MissingKeyError';
  }
}

export type AuthChoice = { type: 'keys' } | { type: 'oauth'; scopes?: readonly Scope[] };

export interface ProjectClient {
  project: Project;
  target: Target;
  client: VoucherClient;
}

export class ConnectionService {
  constructor(
    readonly projects: Projects,
    private readonly env: NodeJS.ProcessEnv = {},
  ) {}

  /** The project named on the command line, else in $VOUCHER_DESK_PROJECT, else the current one. */
  async resolve(given?: string): Promise<Project> {
    const name = given ?? (this.env[PROJECT_ENV] || undefined);
    if (name !== undefined) return this.projects.byName(name);
    const current = await this.projects.current();
    if (current) return current;
    throw new NoProjectError(await this.projects.list());
  }

  async keys(project: Project): Promise<ApiKeyPair> {
    const pair = await this.projects.keyPair(project);
    if (!pair) throw new MissingKeyError(project);
    return pair;
  }

  async client(project: Project, auth: AuthChoice): Promise<ProjectClient> {
    const pair = await this.keys(project);
    const target = targetOfLocation(project.location);
    // The API client is loaded on first use: a command that only names its project never needs it.
    const { createClient } = await import('../../shared/api');
    const client = createClient({ target, auth: auth.type === 'oauth' ? { type: 'oauth', ...pair, scopes: auth.scopes } : { type: 'keys', ...pair } });
    return { project, target, client };
  }
}

/**
 * A refused key or a wrong region, said about the project (other errors as they are). The words travel
 * in a service error with the same facts (status, details, request id) and kind, so every front end
 * still shows what the service said.
 */
export function projectError(project: Project, error: unknown): unknown {
  const worded = (cause: ServiceError, message: string): ServiceError =>
    Object.assign(new ServiceError(cause.status, errorBodyOf(cause), { method: cause.method, path: cause.path }, message), { name: cause.name, cause });
  if (error instanceof WrongRegionError) {
    return worded(
      error,
      `Project "${project.name}" is not hosted at ${projectBaseUrl(project)}: the service says so for its key. Its region is fixed when the ` +
        `project is created; add the project again with its own region (\`voucher-desk project add <name> --region ...\`). ${error.message}`,
    );
  }
  if (error instanceof CredentialsRejectedError) {
    return worded(
      error,
      `The key of project ${projectLabel(project)} was refused: it may be blocked, deleted or another project's. ` +
        `Store the right one with \`voucher-desk project key ${project.name} --app-id <ID>\` or in Settings. ${error.message}`,
    );
  }
  return error;
}
