import { ApiError } from './errors';
import type { FaultSettings } from './types';

export type FaultDecision = { kind: 'none' } | { kind: 'fail'; error: ApiError } | { kind: 'drop' };

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function failure(status: 500 | 503): ApiError {
  return status === 503
    ? new ApiError(503, { key: 'service_unavailable', message: 'Service unavailable', details: 'Injected fault: the sandbox answered 503.' })
    : new ApiError(500, { key: 'internal_error', message: 'Internal server error', details: 'Injected fault: the sandbox answered 500.' });
}

/** Injected faults; random shares use `random` so a test can pin them. */
export class Faults {
  private settings: FaultSettings = {};

  constructor(initial: FaultSettings | undefined, private readonly random: () => number = Math.random) {
    this.set(initial ?? {});
  }

  set(settings: FaultSettings): void {
    this.settings = { ...settings, failNext: settings.failNext ? { ...settings.failNext } : undefined };
  }

  get latencyMs(): number {
    return this.settings.latencyMs ?? 0;
  }

  /** Decides, before the request is carried out, whether it fails outright or is carried out and then dropped. */
  decide(method: string): FaultDecision {
    const s = this.settings;
    if (s.failNext && s.failNext.count > 0) {
      s.failNext.count -= 1;
      return { kind: 'fail', error: failure(s.failNext.status) };
    }
    if (s.failRate && this.random() < s.failRate) {
      return { kind: 'fail', error: failure(this.random() < 0.5 ? 500 : 503) };
    }
    if (!WRITE_METHODS.has(method)) return { kind: 'none' };
    if (s.dropNextWrites && s.dropNextWrites > 0) {
      s.dropNextWrites -= 1;
      return { kind: 'drop' };
    }
    if (s.dropRate && this.random() < s.dropRate) return { kind: 'drop' };
    return { kind: 'none' };
  }
}

export function parseFaultSettings(value: unknown): FaultSettings {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error('faults must be a JSON object');
  }
  const v = value as Record<string, unknown>;
  const out: FaultSettings = {};
  const share = (name: 'failRate' | 'dropRate'): void => {
    const x = v[name];
    if (x === undefined) return;
    if (typeof x !== 'number' || x < 0 || x > 1) throw new Error(`${name} must be a number from 0 to 1`);
    out[name] = x;
  };
  const count = (name: 'latencyMs' | 'dropNextWrites'): void => {
    const x = v[name];
    if (x === undefined) return;
    if (typeof x !== 'number' || !Number.isInteger(x) || x < 0) throw new Error(`${name} must be a whole number >= 0`);
    out[name] = x;
  };
  share('failRate');
  share('dropRate');
  count('latencyMs');
  count('dropNextWrites');
  if (v.failNext !== undefined) {
    const f = v.failNext as { count?: unknown; status?: unknown } | null;
    if (!f || typeof f.count !== 'number' || !Number.isInteger(f.count) || f.count < 0 || (f.status !== 500 && f.status !== 503)) {
      throw new Error('failNext must be { count: whole number >= 0, status: 500 | 503 }');
    }
    out.failNext = { count: f.count, status: f.status };
  }
  return out;
}
