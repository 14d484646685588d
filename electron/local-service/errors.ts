/** The error object of spec 2.11, thrown by handlers and written by the pipeline. */
export interface ErrorFields {
  key?: string;
  message: string;
  details?: string;
  resource_id?: string;
  resource_type?: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly fields: ErrorFields,
    readonly headers: Record<string, string> = {},
  ) {
    super(fields.message);
  }

  body(requestId: string): Record<string, unknown> {
    return { code: this.status, ...this.fields, request_id: requestId };
  }
}

export function invalidPayload(details: string): ApiError {
  return new ApiError(400, { key: 'invalid_payload', message: 'Invalid payload', details });
}

export function invalidParam(details: string): ApiError {
  return new ApiError(400, { key: 'invalid_param', message: 'Invalid query parameter', details });
}

export function limitExceeded(details: string): ApiError {
  return new ApiError(400, { key: 'limit_exceeded', message: 'Limit exceeded', details });
}

export function notFound(resourceType: string, resourceId: string): ApiError {
  return new ApiError(404, {
    key: 'not_found',
    message: 'Resource not found',
    details: `Cannot find ${resourceType} with id ${resourceId}`,
    resource_id: resourceId,
    resource_type: resourceType,
  });
}

export function duplicate(resourceType: string, resourceId: string): ApiError {
  return new ApiError(409, {
    key: 'duplicate_found',
    message: 'Duplicated resource found',
    details: `A ${resourceType} with code ${resourceId} already exists.`,
    resource_id: resourceId,
    resource_type: resourceType,
  });
}

export function unauthorized(details: string): ApiError {
  return new ApiError(401, { key: 'unauthorized', message: 'Unauthorized', details });
}
