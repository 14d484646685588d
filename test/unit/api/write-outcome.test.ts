import { describe, expect, it } from 'vitest';
import {
  GatewayError,
  NetworkError,
  RateLimitedError,
  ServiceError,
  TimeoutError,
  UnexpectedResponseError,
  bodyKindOf,
  failedBeforeSending,
  isServiceErrorObject,
  writeOutcome,
  writeOutcomeOfError,
  type ExchangeFacts,
  type WriteOutcome,
} from '../../../shared/api';

const label = { method: 'POST', path: '/v1/vouchers/import' };
const serviceError = JSON.stringify({ code: 500, key: 'internal_error', message: 'Internal server error' });
const html = '<html><body><h1>502 Bad Gateway</h1></body></html>';

describe('bodyKindOf', () => {
  it.each([
    [200, '{"async_action_id":"aa_1"}', false, 'readable'],
    [204, '', true, 'readable'],
    [200, '', false, 'unreadable'],
    [200, '{"async_action_id":', false, 'unreadable'],
    [202, html, false, 'unreadable'],
    [500, serviceError, false, 'service-error'],
    [400, JSON.stringify({ error: { code: 400, message: 'wrapped' } }), false, 'service-error'],
    [502, html, false, 'unreadable'],
    [504, '', false, 'unreadable'],
    [503, '{"message":"no code"}', false, 'unreadable'],
    [500, '"just a string"', false, 'unreadable'],
  ] as const)('status %i with %j (empty allowed: %s) is %s', (status, text, emptyAllowed, kind) => {
    expect(bodyKindOf(status, text, emptyAllowed)).toBe(kind);
  });

  it('recognises the service error object only with an integer code and a string message', () => {
    expect(isServiceErrorObject(JSON.stringify({ code: 404, message: 'Not found' }))).toBe(true);
    expect(isServiceErrorObject(JSON.stringify({ code: '404', message: 'Not found' }))).toBe(false);
    expect(isServiceErrorObject('null')).toBe(false);
  });
});

describe('writeOutcome', () => {
  const answered = (status: number, body: 'service-error' | 'readable' | 'unreadable', rateHeaders = false): ExchangeFacts => ({
    phase: 'answered',
    status,
    body,
    rateHeaders,
  });
  it.each<[string, ExchangeFacts, WriteOutcome]>([
    ['never left', { phase: 'before-send' }, 'not-carried-out'],
    ['timeout or reset after sending', { phase: 'after-send' }, 'uncertain'],
    ['2xx readable', answered(202, 'readable'), 'carried-out'],
    ['2xx unreadable', answered(200, 'unreadable'), 'uncertain'],
    ['4xx refused by the service', answered(400, 'service-error'), 'not-carried-out'],
    ['4xx HTML from a proxy', answered(404, 'unreadable'), 'uncertain'],
    ['429 with rate headers', answered(429, 'service-error', true), 'not-carried-out'],
    ['429 without rate headers', answered(429, 'service-error', false), 'uncertain'],
    ['500 service error object', answered(500, 'service-error'), 'uncertain'],
    ['503 service error object', answered(503, 'service-error'), 'uncertain'],
    ['502 HTML', answered(502, 'unreadable'), 'uncertain'],
    ['504 empty', answered(504, 'unreadable'), 'uncertain'],
  ])('%s: %s', (_name, facts, outcome) => {
    expect(writeOutcome(facts)).toBe(outcome);
  });
});

describe('writeOutcomeOfError', () => {
  const body = { code: 502, message: 'HTTP 502' };
  it('tells the typed errors of the transport apart', () => {
    expect(writeOutcomeOfError(new GatewayError(502, body, label))).toBe('uncertain');
    expect(writeOutcomeOfError(new ServiceError(409, { code: 409, message: 'Duplicate' }, label))).toBe('not-carried-out');
    expect(writeOutcomeOfError(new RateLimitedError(429, { code: 429, message: 'Too many' }, label, 1000, undefined, true))).toBe('not-carried-out');
    expect(writeOutcomeOfError(new RateLimitedError(429, { code: 429, message: 'Too many' }, label, undefined, undefined, false))).toBe('uncertain');
    expect(writeOutcomeOfError(new UnexpectedResponseError(label, 'not JSON', undefined))).toBe('uncertain');
    expect(writeOutcomeOfError(new NetworkError(label, true, new Error('socket hang up')))).toBe('uncertain');
    expect(writeOutcomeOfError(new NetworkError(label, false, new Error('connect ECONNREFUSED')))).toBe('not-carried-out');
    expect(writeOutcomeOfError(new TimeoutError(label, true, 100))).toBe('uncertain');
    expect(writeOutcomeOfError(new Error('something else'))).toBeUndefined();
  });

  it('knows a connection refused before sending from a reset after', () => {
    const refused = new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }) });
    const reset = new TypeError('fetch failed', { cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }) });
    expect(failedBeforeSending(refused)).toBe(true);
    expect(failedBeforeSending(reset)).toBe(false);
  });
});
