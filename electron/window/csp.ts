export interface CspOptions {
  /** Origin of the Vite dev server, whose hot-reload socket must be reachable in development. */
  devServerUrl?: string | undefined;
}

type Directives = ReadonlyArray<readonly [string, readonly string[]]>;

function directives(options: CspOptions): Directives {
  const devSocket = options.devServerUrl ? [options.devServerUrl.replace(/^http/, 'ws')] : [];
  return [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'"]],
    // Svelte sets style attributes at run time; scripts stay strict, which is what matters.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:']],
    ['font-src', ["'self'"]],
    // The renderer never talks to the network; everything goes through main.
    ['connect-src', ["'self'", ...devSocket]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'none'"]],
    ['frame-src', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
  ];
}

function render(list: Directives): string {
  return list.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/** The policy sent as a response header for every page the window loads. */
export function contentSecurityPolicy(options: CspOptions = {}): string {
  return render(directives(options));
}

/**
 * The same policy for renderer/index.html's meta tag, which also guards file:// loads that carry no
 * headers. frame-ancestors is left out because browsers ignore it in a meta tag.
 */
export function metaContentSecurityPolicy(): string {
  return render(directives({}).filter(([name]) => name !== 'frame-ancestors'));
}

export type ResponseHeaders = Record<string, string[] | string>;

/** Response headers with any existing CSP replaced by ours (header names compare case-insensitively). */
export function withContentSecurityPolicy(headers: ResponseHeaders | undefined, policy: string): ResponseHeaders {
  const result: ResponseHeaders = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (name.toLowerCase() !== 'content-security-policy') result[name] = value;
  }
  result['Content-Security-Policy'] = [policy];
  return result;
}
