import type { IncomingHttpHeaders } from 'node:http';
import { bearerToken, header } from './auth';
import type { Project } from './project';

/** What a request's credentials say: the project they select and what the request log notes. */
export interface Claim {
  /** The project whose state answers: the credentials' project, else the first (which refuses them). */
  project: Project;
  /** The token's app id when the token is live, else the X-App-Id header. */
  appId: string | null;
  /** The project whose accepted key pair or live token the request carried. */
  signedBy: string | undefined;
}

/**
 * The sandbox's projects, all on one address. As on the service, the key pair selects the project
 * (a token selects the project whose key minted it); there is no project header.
 */
export class ProjectSet {
  readonly first: Project;

  constructor(readonly list: readonly Project[]) {
    const first = list[0];
    if (!first) throw new Error('a sandbox needs at least one project');
    this.first = first;
  }

  /** The named project (default: the first); throws naming the projects there are. */
  named(name: string | undefined): Project {
    if (name === undefined) return this.first;
    const project = this.list.find((p) => p.name === name);
    if (!project) throw new Error(`project "${name}" is not one of this sandbox's projects (${this.list.map((p) => p.name).join(', ')}).`);
    return project;
  }

  /** The project holding the key `appId`; throws when none does. */
  ofKey(appId: string): Project {
    const project = this.list.find((p) => p.state.keys.has(appId));
    if (!project) throw new Error(`appId ${JSON.stringify(appId)} names no API key of this sandbox`);
    return project;
  }

  /**
   * The project a request's credentials select. `keyOnly` (routes that take only the key pair) looks
   * at X-App-Id alone; otherwise a bearer token wins, as it does in `authenticate`.
   */
  claim(headers: IncomingHttpHeaders, keyOnly = false): Claim {
    const token = keyOnly ? undefined : bearerToken(headers);
    if (token) {
      for (const project of this.list) {
        const record = project.state.tokens.find(token);
        if (!record) continue;
        const signed = project.state.keys.tokensStillValid(record.appId);
        return { project, appId: record.appId, signedBy: signed ? project.name : undefined };
      }
      return { project: this.first, appId: null, signedBy: undefined };
    }
    const appId = header(headers, 'x-app-id');
    if (appId === undefined) return { project: this.first, appId: null, signedBy: undefined };
    const project = this.list.find((p) => p.state.keys.has(appId)) ?? this.first;
    const signed = project.state.keys.accepts(appId, header(headers, 'x-app-token') ?? '');
    return { project, appId, signedBy: signed ? project.name : undefined };
  }
}
