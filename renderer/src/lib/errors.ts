import { BridgeError } from '../../../shared/ipc/result';

/** What the error box shows: the message, plus the service's details and request id when known. */
export interface ShownError {
  message: string;
  details?: string;
  requestId?: string;
  fields?: string[];
}

export function toShownError(error: unknown): ShownError {
  if (error instanceof BridgeError) {
    const shown: ShownError = { message: error.message };
    if (error.service?.details) shown.details = error.service.details;
    if (error.service?.requestId) shown.requestId = error.service.requestId;
    if (error.issues.length > 0) shown.fields = error.issues.map((i) => `${i.path || '(request)'}: ${i.message}`);
    return shown;
  }
  return { message: error instanceof Error ? error.message : String(error) };
}

/** The error as plain text for the clipboard, so a user can paste it into a support request. */
export function errorText(error: ShownError): string {
  return [error.message, error.details ? `Details: ${error.details}` : '', error.requestId ? `Request id: ${error.requestId}` : '', ...(error.fields ?? [])]
    .filter(Boolean)
    .join('\n');
}
