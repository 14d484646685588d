import { describe, expect, it } from 'vitest';
import { buildStacksQuery, type StacksQuery } from '../../../shared/api';
import { invalidRequestOf } from './invalid-request';

const rejection = (query: unknown) => invalidRequestOf(() => buildStacksQuery(query as StacksQuery));

describe('buildStacksQuery', () => {
  it('renders every parameter of spec 4.8 with the date ranges as deep objects', () => {
    const q = buildStacksQuery({
      limit: 100,
      page: 100,
      order: '-name',
      created_at: { after: '2024-01-01', before: '2024-02-01T10:00:00Z' },
      updated_at: { after: '2024-01-05T10:00:00.123+02:00' },
    });
    expect(q).toBe(
      'limit=100&page=100&order=-name&created_at[before]=2024-02-01T10%3A00%3A00Z&created_at[after]=2024-01-01' +
        '&updated_at[after]=2024-01-05T10%3A00%3A00.123%2B02%3A00',
    );
  });

  it('rejects pages above 100 (the stacks maximum), bad orders and bad dates', () => {
    expect(rejection({ page: 101 }).allowed).toBe('an integer from 1 to 100');
    expect(rejection({ limit: 0 }).parameter).toBe('limit');
    expect(rejection({ order: 'id' }).allowed).toContain('created_at');
    expect(rejection({ created_at: { before: 'yesterday' } }).parameter).toBe('created_at.before');
    // Date.parse alone would read these as 2 March and the next midnight.
    for (const impossible of ['2026-02-30', '2026-02-30T09:30:00Z', '2026-03-01T24:00:00Z']) {
      expect(rejection({ updated_at: { after: impossible } })).toMatchObject({ parameter: 'updated_at.after', value: impossible });
    }
    expect(() => buildStacksQuery({ created_at: { after: '2024-02-29T23:59:59Z' } })).not.toThrow();
    expect(rejection({ updated_at: { after: '2024-13-45' } }).parameter).toBe('updated_at.after');
    expect(rejection({ created_at: { since: '2024-01-01' } }).parameter).toBe('created_at.since');
  });
});
