import { ServiceError } from '../api/errors';
import type { IpcServiceInfo } from './result';

/**
 * What the renderer may show of a failed call to the service: its status, key, details and
 * request id, so the user can quote them. Never headers or the request, which could hold a token.
 */
export function serviceInfoOf(error: unknown): IpcServiceInfo | undefined {
  if (!(error instanceof ServiceError)) return undefined;
  const info: IpcServiceInfo = { status: error.status, key: error.key ?? '', details: error.details ?? '' };
  if (error.request_id) info.requestId = error.request_id;
  return info;
}
