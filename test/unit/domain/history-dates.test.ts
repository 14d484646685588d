import { describe, expect, it } from 'vitest';
import { historyInstant } from '../../../shared/domain/history-dates';
import { publicationsCsv, type PublicationCsvRow } from '../../../shared/domain/publication-csv';
import { offsetPeriods } from '../../../shared/domain/time-zones';
import { historyNarrowingSchema } from '../../../shared/ipc/publication-history';

describe('dates typed to narrow the history', () => {
  it('reads a day as its local start, or as the end of the range the start of the next local day', () => {
    expect(historyInstant('2026-03-29', 'Europe/Warsaw', 'start')).toBe('2026-03-28T23:00:00.000Z');
    expect(historyInstant('2026-03-29', 'Europe/Warsaw', 'end')).toBe('2026-03-29T22:00:00.000Z');
    expect(historyInstant('2026-10-25', 'Europe/Warsaw', 'end')).toBe('2026-10-25T23:00:00.000Z');
    expect(historyInstant('2026-01-31', 'UTC', 'end')).toBe('2026-02-01T00:00:00.000Z');
  });

  it('reads an instant with Z or an offset as it is', () => {
    expect(historyInstant('2026-03-01T09:30:00+01:00', 'America/New_York', 'start')).toBe('2026-03-01T08:30:00.000Z');
    expect(historyInstant('2026-03-01T09:30Z', 'UTC', 'end')).toBe('2026-03-01T09:30:00.000Z');
  });

  it('reads an instant on a leap day as it is', () => {
    expect(historyInstant('2028-02-29T23:59:59.999Z', 'UTC', 'start')).toBe('2028-02-29T23:59:59.999Z');
  });

  // Date.parse would roll the impossible ones over (2026-02-30T09:30:00Z is 2 March), so they are refused as a bad day is.
  it.each([
    '2026-02-30',
    '2026-3-01',
    '2026-03-01T09:30',
    '01/03/2026',
    'yesterday',
    '',
    '2026-02-30T09:30:00Z',
    '2026-04-31T00:00Z',
    '2026-02-29T12:00:00+01:00',
    '2026-13-01T09:30:00Z',
    '2026-03-01T24:00:00Z',
    '2026-03-01T09:60:00Z',
  ])('refuses %j saying what is allowed', (text) => {
    expect(() => historyInstant(text, 'Europe/Warsaw', 'start')).toThrow(
      /^must be a day as YYYY-MM-DD \(local, in Europe\/Warsaw\) or an instant with Z or an offset, such as .*\(got ".*"\)$/,
    );
  });
});

describe('the dashboard range, as the IPC contract checks it', () => {
  // The UI sends instants, not typed text: its contract refuses the same impossible ones.
  it.each(['2026-02-30T09:30:00Z', '2026-04-31T00:00:00Z', '2026-02-29T12:00:00+01:00'])('refuses %j', (from) => {
    expect(historyNarrowingSchema.safeParse({ from }).success).toBe(false);
  });

  it('takes a real instant', () => {
    expect(historyNarrowingSchema.safeParse({ from: '2028-02-29T23:00:00.000Z' }).success).toBe(true);
  });
});

describe('the publication list as CSV', () => {
  const row: PublicationCsvRow = {
    id: 'pub_1',
    created_at: '2026-03-29T00:30:00.000Z',
    result: 'FAILURE',
    channel: 'Email',
    customer_id: 'cust_1',
    campaign: null,
    codes: [],
    failure_code: 'quota',
    failure_message: 'Quota "7", exceeded',
    tracking_id: null,
    source_id: null,
    is_referral_code: false,
  };

  it('writes local time with its offset beside the ISO time, quoting what needs quotes', () => {
    const periods = offsetPeriods('Europe/Warsaw', Date.parse('2026-03-28T00:00:00Z'), Date.parse('2026-03-30T00:00:00Z'));
    const later = { ...row, id: 'pub_2', created_at: '2026-03-29T01:30:00.000Z', result: 'SUCCESS', codes: ['A', 'B'], is_referral_code: null };
    expect(publicationsCsv([row, later], periods).split('\r\n')).toEqual([
      'id,created_at_local,created_at,result,channel,customer_id,campaign,codes,failure_code,failure_message,tracking_id,source_id,is_referral_code',
      'pub_1,2026-03-29T01:30:00+01:00,2026-03-29T00:30:00.000Z,FAILURE,Email,cust_1,,,quota,"Quota ""7"", exceeded",,,false',
      'pub_2,2026-03-29T03:30:00+02:00,2026-03-29T01:30:00.000Z,SUCCESS,Email,cust_1,,A B,quota,"Quota ""7"", exceeded",,,',
      '',
    ]);
  });
});
