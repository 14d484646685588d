import type { FaultSettings, RequestMatch } from './types';

type Fields = Record<string, unknown>;

const TOP_LEVEL = [
  'latencyMs',
  'failNext',
  'failRate',
  'dropNextWrites',
  'dropRate',
  'gatewayNext',
  'rateLimitNext',
  'dropNext',
  'stallNext',
  'failExportNext',
  'cutDownloadNext',
];

function object(value: unknown, name: string): Fields {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`${name} must be a JSON object`);
  return value as Fields;
}

function onlyKnown(v: Fields, name: string, allowed: readonly string[]): void {
  const unknown = Object.keys(v).filter((k) => !allowed.includes(k));
  if (unknown.length > 0) {
    throw new Error(`${name} has unknown field(s) ${unknown.map((k) => JSON.stringify(k)).join(', ')}; allowed: ${allowed.join(', ')}`);
  }
}

function wholeNumber(x: unknown, name: string): number {
  if (typeof x !== 'number' || !Number.isInteger(x) || x < 0) throw new Error(`${name} must be a whole number >= 0`);
  return x;
}

function oneOf<T>(x: unknown, name: string, allowed: readonly T[]): T {
  if (!allowed.includes(x as T)) throw new Error(`${name} must be one of ${allowed.map((a) => JSON.stringify(a)).join(', ')}`);
  return x as T;
}

function share(x: unknown, name: string): number {
  if (typeof x !== 'number' || x < 0 || x > 1) throw new Error(`${name} must be a number from 0 to 1`);
  return x;
}

function match(v: Fields, name: string): RequestMatch {
  const out: RequestMatch = {};
  if (v.method !== undefined) {
    if (typeof v.method !== 'string' || !/^[A-Za-z]+$/.test(v.method)) throw new Error(`${name}.method must be an HTTP method such as "POST"`);
    out.method = v.method;
  }
  if (v.path !== undefined) {
    if (typeof v.path !== 'string' || !v.path.startsWith('/'))
      throw new Error(`${name}.path must be a URL path starting with "/", such as "/v1/vouchers/import"`);
    out.path = v.path;
  }
  return out;
}

/** A targeted fault: `count` plus the request match plus the fault's own fields. */
function targeted<T extends object>(value: unknown, name: string, own: readonly string[], read: (v: Fields) => T): T & RequestMatch & { count: number } {
  const v = object(value, name);
  onlyKnown(v, name, ['count', ...own, 'method', 'path']);
  return { count: wholeNumber(v.count, `${name}.count`), ...read(v), ...match(v, name) };
}

/** Reads fault settings from JSON; errors name the field and what is allowed. */
export function parseFaultSettings(value: unknown): FaultSettings {
  const v = object(value, 'faults');
  onlyKnown(v, 'faults', TOP_LEVEL);
  const out: FaultSettings = {};
  if (v.latencyMs !== undefined) out.latencyMs = wholeNumber(v.latencyMs, 'latencyMs');
  if (v.failRate !== undefined) out.failRate = share(v.failRate, 'failRate');
  if (v.dropRate !== undefined) out.dropRate = share(v.dropRate, 'dropRate');
  if (v.dropNextWrites !== undefined) out.dropNextWrites = wholeNumber(v.dropNextWrites, 'dropNextWrites');
  if (v.failNext !== undefined) {
    out.failNext = targeted(v.failNext, 'failNext', ['status'], (f) => ({
      status: oneOf(f.status, 'failNext.status', [500, 502, 503, 504] as const),
    }));
  }
  if (v.gatewayNext !== undefined) {
    out.gatewayNext = targeted(v.gatewayNext, 'gatewayNext', ['status', 'body'], (f) => ({
      status: oneOf(f.status, 'gatewayNext.status', [500, 502, 504] as const),
      body: f.body === undefined ? 'html' : oneOf(f.body, 'gatewayNext.body', ['html', 'empty'] as const),
    }));
  }
  if (v.rateLimitNext !== undefined) {
    out.rateLimitNext = targeted(v.rateLimitNext, 'rateLimitNext', ['retryAfterSeconds'], (f) => ({
      retryAfterSeconds: wholeNumber(f.retryAfterSeconds, 'rateLimitNext.retryAfterSeconds'),
    }));
  }
  if (v.dropNext !== undefined) out.dropNext = targeted(v.dropNext, 'dropNext', [], () => ({}));
  if (v.stallNext !== undefined) {
    out.stallNext = targeted(v.stallNext, 'stallNext', ['ms'], (f) => ({ ms: wholeNumber(f.ms, 'stallNext.ms') }));
  }
  if (v.failExportNext !== undefined) {
    const f = object(v.failExportNext, 'failExportNext');
    onlyKnown(f, 'failExportNext', ['count']);
    out.failExportNext = { count: wholeNumber(f.count, 'failExportNext.count') };
  }
  if (v.cutDownloadNext !== undefined) {
    const f = object(v.cutDownloadNext, 'cutDownloadNext');
    onlyKnown(f, 'cutDownloadNext', ['count', 'afterBytes']);
    out.cutDownloadNext = { count: wholeNumber(f.count, 'cutDownloadNext.count'), afterBytes: wholeNumber(f.afterBytes, 'cutDownloadNext.afterBytes') };
  }
  return out;
}
