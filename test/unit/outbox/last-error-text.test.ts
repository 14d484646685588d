import { describe, expect, it } from 'vitest';
import { lastErrorNote } from '../../../shared/outbox/last-error-text';

describe('lastErrorNote', () => {
  const gateway = { name: 'GatewayError', message: 'The gateway answered 504 with an HTML page', status: 504 };

  it('words an error of a finished request as resolved history', () => {
    expect(lastErrorNote('done', gateway)).toEqual({ resolved: true, text: 'resolved, earlier 504: The gateway answered 504 with an HTML page' });
  });

  it('keeps the error of an unfinished or failed request as it is, by name when there is no status', () => {
    expect(lastErrorNote('needs_attention', gateway)).toEqual({ resolved: false, text: '504: The gateway answered 504 with an HTML page' });
    expect(lastErrorNote('failed', { name: 'BodyChangedError', message: 'changed' })).toEqual({ resolved: false, text: 'BodyChangedError: changed' });
    expect(lastErrorNote('pending', { message: 'The service cannot be reached' })).toEqual({ resolved: false, text: 'The service cannot be reached' });
    expect(lastErrorNote('done', null)).toBeUndefined();
  });
});
