import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, metaContentSecurityPolicy, withContentSecurityPolicy } from '../../../electron/window/csp';

function parse(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      return [name, sources] as const;
    }),
  );
}

describe('content security policy', () => {
  const policy = parse(contentSecurityPolicy());

  it("falls back to 'self' and never allows eval or inline scripts", () => {
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(contentSecurityPolicy()).not.toContain('unsafe-eval');
    expect(contentSecurityPolicy({ devServerUrl: 'http://localhost:5173' })).not.toContain('unsafe-eval');
  });

  it('lets the renderer connect to nothing but its own origin', () => {
    expect(policy.get('connect-src')).toEqual(["'self'"]);
  });

  it('blocks plugins, base rewriting, form posts and frames', () => {
    for (const name of ['object-src', 'base-uri', 'form-action', 'frame-src', 'frame-ancestors']) {
      expect(policy.get(name), name).toEqual(["'none'"]);
    }
  });

  it('adds only the dev server socket in development', () => {
    const dev = parse(contentSecurityPolicy({ devServerUrl: 'http://localhost:5173' }));
    expect(dev.get('connect-src')).toEqual(["'self'", 'ws://localhost:5173']);
    expect(dev.get('script-src')).toEqual(["'self'"]);
  });

  it("matches renderer/index.html's meta tag, so file:// loads get the same policy", () => {
    const html = readFileSync('renderer/index.html', 'utf8');
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1];
    expect(meta).toBe(metaContentSecurityPolicy());
    const metaPolicy = parse(metaContentSecurityPolicy());
    for (const [name, sources] of policy) {
      if (name !== 'frame-ancestors') expect(metaPolicy.get(name), name).toEqual(sources);
    }
  });

  it('replaces a CSP header of any case and keeps the other headers', () => {
    const headers = withContentSecurityPolicy({ 'content-security-policy': ['default-src *'], 'Content-Type': ['text/html'] }, "default-src 'self'");
    expect(headers).toEqual({ 'Content-Type': ['text/html'], 'Content-Security-Policy': ["default-src 'self'"] });
    expect(withContentSecurityPolicy(undefined, "default-src 'self'")).toEqual({
      'Content-Security-Policy': ["default-src 'self'"],
    });
  });
});
