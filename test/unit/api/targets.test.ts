import { describe, expect, it } from 'vitest';
import { InvalidRequestError, baseUrlOf, describeTarget } from '../../../shared/api';

describe('targets', () => {
  it('maps the three shared clusters', () => {
    expect(baseUrlOf({ region: 'eu' })).toBe('https://api.voucherify.io');
    expect(baseUrlOf({ region: 'us' })).toBe('https://us1.api.voucherify.io');
    expect(baseUrlOf({ region: 'as' })).toBe('https://as1.api.voucherify.io');
    expect(describeTarget({ region: 'as' })).toBe('Asia (Singapore) (https://as1.api.voucherify.io)');
  });

  it('takes a dedicated cluster or sandbox URL, without a trailing slash', () => {
    expect(baseUrlOf({ dedicated: 'https://acme.api.voucherify.io/' })).toBe('https://acme.api.voucherify.io');
    expect(baseUrlOf({ sandbox: 'http://127.0.0.1:4100' })).toBe('http://127.0.0.1:4100');
  });

  it('rejects anything but an http(s) base URL, naming the field', () => {
    for (const bad of ['acme.api.voucherify.io', 'ftp://acme', 'javascript:alert(1)', 'https://u:p@acme', 'https://acme/?x=1']) {
      expect(() => baseUrlOf({ dedicated: bad })).toThrow(InvalidRequestError);
    }
    expect(() => baseUrlOf({ dedicated: 'nope' })).toThrow(/target\.dedicated/);
    expect(() => baseUrlOf({ region: 'eu2' as 'eu' })).toThrow(/target\.region/);
  });
});
