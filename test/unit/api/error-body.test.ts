import { describe, expect, it } from 'vitest';
import { isWrongCluster, parseErrorBody } from '../../../shared/api';

describe('parseErrorBody', () => {
  it('reads every field of the error object, in any order, ignoring unknown ones', () => {
    const body = parseErrorBody(
      404,
      'Not Found',
      JSON.stringify({
        extra: { nested: true },
        resource_type: 'voucher',
        resource_id: 'A/B',
        request_id: 'v-0a1b',
        details: 'Cannot find voucher with id A/B',
        message: 'Resource not found',
        key: 'not_found',
        code: 404,
        error: { message: 'custom text' },
      }),
    );
    expect(body).toEqual({
      code: 404,
      key: 'not_found',
      message: 'Resource not found',
      details: 'Cannot find voucher with id A/B',
      request_id: 'v-0a1b',
      resource_id: 'A/B',
      resource_type: 'voucher',
      error: { message: 'custom text' },
    });
  });

  it('tolerates bodies that are not JSON, keeping a snippet as details', () => {
    const body = parseErrorBody(502, 'Bad Gateway', '<html><body>upstream down</body></html>');
    expect(body.code).toBe(502);
    expect(body.message).toBe('HTTP 502 Bad Gateway');
    expect(body.details).toContain('upstream down');
    expect(parseErrorBody(500, '', '')).toEqual({ code: 500, message: 'HTTP 500' });
  });

  it('falls back to the status when code or message are missing or of another type', () => {
    const body = parseErrorBody(400, 'Bad Request', JSON.stringify({ code: 'E1', message: 7, key: 'invalid_payload' }));
    expect(body).toMatchObject({ code: 400, message: '7', key: 'invalid_payload' });
    expect(parseErrorBody(429, 'Too Many Requests', '[]')).toEqual({ code: 429, message: 'HTTP 429 Too Many Requests', details: '[]' });
  });

  it('reads an error object wrapped one level down by a gateway', () => {
    const body = parseErrorBody(503, '', JSON.stringify({ error: { code: 503, message: 'Unavailable', key: 'down' } }));
    expect(body).toMatchObject({ code: 503, message: 'Unavailable', key: 'down' });
  });
});

describe('isWrongCluster', () => {
  it('recognises the wrong_cluster key and 401s that talk about the cluster or region', () => {
    expect(isWrongCluster(401, { code: 401, key: 'wrong_cluster', message: 'x' })).toBe(true);
    expect(isWrongCluster(401, { code: 401, message: 'Unauthorized', details: 'Project is in another region' })).toBe(true);
    expect(isWrongCluster(401, { code: 401, message: 'Wrong cluster' })).toBe(true);
    expect(isWrongCluster(401, { code: 401, key: 'unauthorized', message: 'Unauthorized' })).toBe(false);
    expect(isWrongCluster(403, { code: 403, key: 'wrong_cluster', message: 'x' })).toBe(false);
  });
});
