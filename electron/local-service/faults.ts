import { ApiError } from './errors';
import { parseFaultSettings } from './fault-settings';
import type { FaultSettings, RequestMatch } from './types';

/** What happens to one request: refused before it is carried out, or carried out and then mangled. */
export type FaultDecision =
  | { kind: 'none' }
  | { kind: 'fail'; error: ApiError }
  | { kind: 'rate-limit'; retryAfterSeconds: number }
  | { kind: 'gateway'; status: 500 | 502 | 504; body: 'html' | 'empty' }
  | { kind: 'drop' }
  | { kind: 'stall'; ms: number };

type Targeted = 'failNext' | 'gatewayNext' | 'rateLimitNext' | 'dropNext' | 'stallNext';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const FAILURES: Record<500 | 502 | 503 | 504, { key: string; message: string }> = {
  500: { key: 'internal_error', message: 'Internal server error' },
  502: { key: 'bad_gateway', message: 'Bad gateway' },
  503: { key: 'service_unavailable', message: 'Service unavailable' },
  504: { key: 'gateway_timeout', message: 'Gateway timeout' },
};

export function failure(status: 500 | 502 | 503 | 504): ApiError {
  return new ApiError(status, { ...FAILURES[status], details: `Injected fault: the sandbox answered ${status}.` });
}

export function requestMatches(m: RequestMatch, method: string, path: string): boolean {
  if (m.method !== undefined && m.method.toUpperCase() !== method.toUpperCase()) return false;
  return m.path === undefined || path === m.path || path.startsWith(`${m.path}/`);
}

/** Injected faults; random shares use `random` so a test can pin them. */
export class Faults {
  private settings: FaultSettings = {};

  constructor(
    initial: FaultSettings | undefined,
    private readonly random: () => number = Math.random,
  ) {
    this.set(initial ?? {});
  }

  /** Replaces every setting; validates them as the admin route does, so code gets the same errors. */
  set(settings: FaultSettings): void {
    this.settings = parseFaultSettings(settings);
  }

  get latencyMs(): number {
    return this.settings.latencyMs ?? 0;
  }

  /**
   * Decides on arrival what happens to the request. At most one fault applies, tried in this order:
   * rateLimitNext, failNext, failRate, gatewayNext, dropNext, stallNext, dropNextWrites, dropRate;
   * only the fault applied uses up a count.
   */
  decide(method: string, path: string): FaultDecision {
    const s = this.settings;
    const limited = this.take('rateLimitNext', method, path);
    if (limited) return { kind: 'rate-limit', retryAfterSeconds: limited.retryAfterSeconds };
    const failed = this.take('failNext', method, path);
    if (failed) return { kind: 'fail', error: failure(failed.status) };
    if (s.failRate && this.random() < s.failRate) {
      return { kind: 'fail', error: failure(this.random() < 0.5 ? 500 : 503) };
    }
    const gateway = this.take('gatewayNext', method, path);
    if (gateway) return { kind: 'gateway', status: gateway.status, body: gateway.body ?? 'html' };
    if (this.take('dropNext', method, path)) return { kind: 'drop' };
    const stall = this.take('stallNext', method, path);
    if (stall) return { kind: 'stall', ms: stall.ms };
    if (!WRITE_METHODS.has(method)) return { kind: 'none' };
    if (s.dropNextWrites && s.dropNextWrites > 0) {
      s.dropNextWrites -= 1;
      return { kind: 'drop' };
    }
    if (s.dropRate && this.random() < s.dropRate) return { kind: 'drop' };
    return { kind: 'none' };
  }

  /** Whether the export being created should end in ERROR (uses up one failExportNext). */
  takeExportFailure(): boolean {
    const fault = this.settings.failExportNext;
    if (!fault || fault.count <= 0) return false;
    fault.count -= 1;
    return true;
  }

  /** The bytes after which this download is cut, if a cutDownloadNext is left (uses up one). */
  takeDownloadCut(): number | undefined {
    const fault = this.settings.cutDownloadNext;
    if (!fault || fault.count <= 0) return undefined;
    fault.count -= 1;
    return fault.afterBytes;
  }

  private take<K extends Targeted>(name: K, method: string, path: string): NonNullable<FaultSettings[K]> | undefined {
    const fault = this.settings[name];
    if (!fault || fault.count <= 0 || !requestMatches(fault, method, path)) return undefined;
    fault.count -= 1;
    return fault;
  }
}
