import { invalidPayload } from '../errors';
import { parseFaultSettings } from '../faults';
import { parseJsonBody } from '../http';
import type { Route } from '../router';
import type { FaultSettings, SandboxStats } from '../types';

/** Routes only the sandbox has, under /__sandbox/, answered on every cluster port without auth. */
export function adminRoutes(setFaults: (f: FaultSettings) => void, stats: () => SandboxStats): Route[] {
  return [
    {
      method: 'POST',
      path: '/__sandbox/faults',
      auth: 'none',
      handle(ctx) {
        const body = parseJsonBody(ctx.body, ctx.headers['content-type']) ?? {};
        let settings: FaultSettings;
        try {
          settings = parseFaultSettings(body);
        } catch (error) {
          throw invalidPayload((error as Error).message);
        }
        setFaults(settings);
        return { status: 200, body: { faults: settings } };
      },
    },
    {
      method: 'GET',
      path: '/__sandbox/stats',
      auth: 'none',
      handle: () => ({ status: 200, body: stats() }),
    },
  ];
}
