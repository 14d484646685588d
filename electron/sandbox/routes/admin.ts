import { invalidPayload } from '../errors';
import { parseFaultSettings } from '../faults';
import { parseJsonBody } from '../http';
import type { Route } from '../router';
import type { FaultSettings } from '../types';

/** Routes only the sandbox has, under /__sandbox/, answered on every cluster port without auth. */
export function adminRoutes(setFaults: (f: FaultSettings) => void): Route[] {
  return [
    {
      method: 'POST',
      path: '/__sandbox/faults',
      auth: 'key',
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
  ];
}
