import type { IncomingHttpHeaders } from 'node:http';
import type { Faults } from './faults';
import type { Reply } from './http';
import type { SandboxState } from './state';

export interface RequestContext {
  method: string;
  params: Record<string, string>;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Buffer;
  requestId: string;
  state: SandboxState;
  /** The sandbox's injected faults (exports ask whether to fail or cut short). */
  faults: Faults;
  /** The hosting cluster's download address, where export files are served. */
  downloadBase: string;
}

export interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  /** Path with `:name` segments, e.g. `/v1/vouchers/:code`. */
  path: string;
  /** `key`: only the API key pair; `any`: key pair or a bearer token holding `scope`; `none`: sandbox admin routes. */
  auth: 'key' | 'any' | 'none';
  scope?: string;
  handle(ctx: RequestContext): Reply | Promise<Reply>;
}

export interface Match {
  route: Route;
  params: Record<string, string>;
}

export function matchRoute(routes: readonly Route[], method: string, path: string): Match | undefined {
  const segments = path.split('/');
  for (const route of routes) {
    if (route.method !== method) continue;
    const pattern = route.path.split('/');
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const ok = pattern.every((part, i) => {
      const actual = segments[i] ?? '';
      if (part.startsWith(':')) {
        if (actual === '') return false;
        params[part.slice(1)] = safeDecode(actual);
        return true;
      }
      return part === actual;
    });
    if (ok) return { route, params };
  }
  return undefined;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
