import { describe, expect, it } from 'vitest';
import { InvalidRequestError, exportBody, exportTextProblem, type CreateExportRequest } from '../../../shared/api';
import { checkDownloadUrl } from '../../../shared/api/targets';
import { invalidRequestOf } from './invalid-request';

const body = (parameters: unknown): Record<string, unknown> => exportBody({ exported_object: 'publication', parameters } as CreateExportRequest);

describe('exportBody', () => {
  it('fills the default fields and sends the filters in the guide’s form', () => {
    expect(body(undefined)).toEqual({
      exported_object: 'publication',
      parameters: { fields: ['voucher_code', 'customer_id', 'date', 'channel'], filters: { junction: 'and' } },
    });
    expect(
      body({
        order: '-created_at',
        fields: ['voucher_code', 'metadata'],
        filters: {
          junction: 'or',
          created_at: { conditions: { $after: '2024-01-01T00:00:00.000Z', $before: '2024-02-01T00:00:00Z' } },
          campaign: { conditions: { $is: 'Summer Sale' } },
          customer_id: { conditions: { $in: ['cust_1', 'cust_2'], $has_value: true } },
          'metadata.source_type': { conditions: { $is: 'distribution' } },
        },
      }),
    ).toEqual({
      exported_object: 'publication',
      parameters: {
        order: '-created_at',
        fields: ['voucher_code', 'metadata'],
        filters: {
          junction: 'or',
          created_at: { conditions: { $after: ['2024-01-01T00:00:00.000Z'], $before: ['2024-02-01T00:00:00Z'] } },
          campaign: { conditions: { $is: 'Summer Sale' } },
          customer_id: { conditions: { $in: ['cust_1', 'cust_2'], $has_value: '' } },
          'metadata.source_type': { conditions: { $is: 'distribution' } },
        },
      },
    });
  });

  it.each([
    [{ exported_object: 'voucher' }, 'exported_object'],
    [{ exported_object: 'publication', extra: 1 }, 'request.extra'],
  ])('refuses a bad request %j', (request, parameter) => {
    expect(invalidRequestOf(() => exportBody(request as unknown as CreateExportRequest)).parameter).toBe(parameter);
  });

  it.each([
    [{ limit: 10 }, 'parameters.limit'],
    [{ fields: [] }, 'parameters.fields'],
    [{ fields: ['code'] }, 'parameters.fields[0]'],
    [{ fields: ['date', 'date'] }, 'parameters.fields[1]'],
    [{ order: 'date' }, 'parameters.order'],
    [{ filters: [] }, 'parameters.filters'],
    [{ filters: { junction: 'AND' } }, 'filters.junction'],
    [{ filters: { created_at: { conditions: { $after: '2024-01-01' } } } }, 'filters.created_at.conditions.$after'],
    [{ filters: { created_at: { conditions: { $on: '2024-01-01T00:00:00Z' } } } }, 'filters.created_at.conditions.$on'],
    [{ filters: { created_at: { conditions: {} } } }, 'filters.created_at.conditions'],
    [{ filters: { campaign: { conditions: { $in: ['a'] } } } }, 'filters.campaign.conditions.$in'],
    [{ filters: { voucher: { conditions: { $is: '' } } } }, 'filters.voucher.conditions.$is'],
    [{ filters: { tracking_id: { conditions: { $is: 'x' } } } }, 'filters.tracking_id'],
    [{ filters: { 'metadata.': { conditions: { $is: 'x' } } } }, 'filters.metadata.'],
    [{ filters: { result: { conditions: { $equals: 'x' } } } }, 'filters.result.conditions.$equals'],
    [{ filters: { result: { conditions: { $in: 'SUCCESS' } } } }, 'filters.result.conditions.$in'],
    [{ filters: { result: { conditions: { $is_unknown: 'yes' } } } }, 'filters.result.conditions.$is_unknown'],
    [{ filters: { result: { conditions: {} } } }, 'filters.result.conditions'],
    [{ filters: { result: { $is: 'SUCCESS' } } }, 'filters.result.$is'],
  ])('refuses parameters %j, naming %s', (parameters, parameter) => {
    const error = invalidRequestOf(() => body(parameters));
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error.parameter).toBe(parameter);
    expect(error.allowed).not.toBe('');
  });
});

describe('exportTextProblem', () => {
  it.each([
    ['Code,Date\nA,2024\n', undefined],
    ['Code,Date\r\nA,2024\r\n', undefined],
    ['Code,Date\nA,2024', undefined],
    ['Code,Date', undefined],
    ['Code,Date\n"A, ""B""",2024\n', undefined],
    ['Code,Date\n"A\nB",2024', undefined],
    ['Code,Date\n"A"",B",20', undefined],
  ])('takes %j as whole', (text, problem) => {
    expect(exportTextProblem(text)).toBe(problem);
  });

  it.each([
    ['', /empty/],
    ['Code,Date\nA', /1 cells where the header has 2/],
    ['Code,Date\nA,2024,x', /3 cells/],
    ['Code,Date\n"A, B', /inside a quoted cell/],
  ])('finds %j cut short', (text, problem) => {
    expect(exportTextProblem(text)).toMatch(problem);
  });
});

describe('checkDownloadUrl', () => {
  it('takes only the target’s download address', () => {
    expect(checkDownloadUrl({ region: 'us' }, 'https://us1.download.voucherify.io/v1/exports/exp_1?token=t').pathname).toBe('/v1/exports/exp_1');
    expect(invalidRequestOf(() => checkDownloadUrl({ region: 'us' }, 'https://download.voucherify.io/v1/exports/exp_1')).allowed).toContain('us1.download');
    expect(invalidRequestOf(() => checkDownloadUrl({ region: 'eu' }, 'https://evil.example/v1/exports/exp_1')).parameter).toBe('export.result.url');
    expect(checkDownloadUrl({ sandbox: 'http://127.0.0.1:5000' }, 'http://127.0.0.1:5003/v1/exports/x').port).toBe('5003');
    expect(invalidRequestOf(() => checkDownloadUrl({ sandbox: 'http://127.0.0.1:5000' }, 'http://10.0.0.1:5003/x')).parameter).toBe('export.result.url');
    expect(invalidRequestOf(() => checkDownloadUrl({ dedicated: 'https://acme.voucherify.io' }, 'https://x/y')).parameter).toBe('target.download');
    expect(
      checkDownloadUrl({ dedicated: 'https://acme.example', download: 'https://files.acme.example' }, 'https://files.acme.example/v1/exports/x').host,
    ).toBe('files.acme.example');
    expect(invalidRequestOf(() => checkDownloadUrl({ region: 'eu' }, 'not a url')).allowed).toBe('an absolute URL');
  });
});
