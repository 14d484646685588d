import { describe, expect, it } from 'vitest';
import { findOwnJob, probeSample, type CodeProbe, type JobCandidate, type SentRequest } from '../../../shared/outbox/find-job';

const sentAt = Date.parse('2026-11-22T03:00:00Z');
const ours = ['A', 'B', 'C', 'D'];
const request: SentRequest = { jobType: 'VOUCHERS.IMPORT', sentAt, until: sentAt + 5000, codes: 4, hasCode: (c) => ours.includes(c) };
const options = { skewMs: 60_000, claimed: new Set<string>() };
const at = (s: number): string => new Date(sentAt + s * 1000).toISOString();
const job = (id: string, createdS: number, result: JobCandidate['result'], extra: Partial<JobCandidate> = {}): JobCandidate => ({
  id,
  type: 'VOUCHERS.IMPORT',
  status: 'DONE',
  created_at: at(createdS),
  result,
  ...extra,
});
const there = (code: string, writtenS: number): CodeProbe => ({ code, present: true, createdAt: sentAt + writtenS * 1000 });
const absent = (code: string): CodeProbe => ({ code, present: false });

describe('finding our own import job', () => {
  it('adopts a single candidate only when its counts and a probe of our codes agree', () => {
    const mine = job('aa_mine', 1, { done_count: 4, failed_count: 0, failed: [] });
    expect(findOwnJob(request, [mine], [there('A', 2), there('D', 2)], options)).toEqual({ ours: mine });
    // Someone else's job of a few of our codes: the counts do not fit, however alone it is.
    const theirs = job('aa_theirs', 1, { done_count: 2, failed_count: 0, failed: [] });
    expect(findOwnJob(request, [theirs], [there('A', 2), absent('D')], options)).toEqual({ none: true });
    // Same count, but our codes are not on the service: not ours.
    const lookalike = job('aa_same_size', 1, { done_count: 4, failed_count: 0, failed: [] });
    expect(findOwnJob(request, [lookalike], [absent('A'), absent('D')], options)).toEqual({ none: true });
  });

  it('takes codes the job failed as "already there", and refuses a job whose codes were written before it', () => {
    const mine = job('aa_mine', 10, { done_count: 3, failed_count: 1, failed: [{ code: 'B' }] });
    expect(findOwnJob(request, [mine], [there('A', 11), there('B', -500), there('D', 11)], options)).toEqual({ ours: mine });
    const stale = job('aa_stale', 10, { done_count: 4, failed_count: 0, failed: [] });
    expect(findOwnJob(request, [stale], [there('A', -300), there('D', 11)], options)).toEqual({ none: true });
    // An earlier job of the same size, finished before our codes were written, is not ours either.
    const finishedBefore = job('aa_before', 1, { done_count: 4, failed_count: 0, failed: [] }, { updated_at: at(2) });
    expect(findOwnJob(request, [finishedBefore], [there('A', 11), there('D', 11)], options)).toEqual({ none: true });
    const foreignFailure = job('aa_foreign', 10, { done_count: 3, failed_count: 1, failed: [{ code: 'Q' }] });
    expect(findOwnJob(request, [foreignFailure], [there('A', 11)], options)).toEqual({ none: true });
  });

  it('allows a second for rounding only when the service gives job times in whole seconds', () => {
    const whole = (s: number): string => new Date(sentAt + s * 1000).toISOString().replace(/\.\d+Z$/, 'Z');
    const result = { done_count: 4, failed_count: 0, failed: [] };
    const rounded = job('aa_rounded', 0, result, { created_at: whole(10), updated_at: whole(11) });
    expect(findOwnJob(request, [rounded], [there('A', 9.5), there('D', 11.8)], options)).toEqual({ ours: rounded });
    const precise = job('aa_precise', 10, result, { updated_at: at(11) });
    expect(findOwnJob(request, [precise], [there('A', 9.5), there('D', 10.5)], options)).toEqual({ none: true });
  });

  it('looks only at unclaimed jobs of the type created while the request was out', () => {
    const result = { done_count: 4, failed_count: 0, failed: [] };
    const probes = [there('A', 100), there('D', 100)];
    const early = job('aa_early', -120, result);
    const late = job('aa_late', 120, result);
    const csv = job('aa_csv', 1, result, { type: 'VOUCHERS.IMPORT_CSV' });
    const claimed = job('aa_claimed', 1, result);
    expect(findOwnJob(request, [early, late, csv, claimed], probes, { skewMs: 60_000, claimed: new Set(['aa_claimed']) })).toEqual({ none: true });
  });

  it('waits for a running candidate when no finished one is proven, and says when several are', () => {
    const running = job('aa_run', 1, undefined, { status: 'IN_PROGRESS' });
    expect(findOwnJob(request, [running], [there('A', 2)], options)).toEqual({ wait: [running] });
    const one = job('aa_1', 1, { done_count: 4, failed_count: 0, failed: [] });
    const two = job('aa_2', 2, { done_count: 4, failed_count: 0, failed: [] });
    expect(findOwnJob(request, [one, two, running], [there('A', 3), there('D', 3)], options)).toEqual({ ambiguous: [one, two] });
  });

  it('probes the first, the last and a random sample', () => {
    const codes = Array.from({ length: 100 }, (_, i) => `C${i}`);
    let n = 0;
    const sample = probeSample(codes, 5, () => ((n += 1) * 0.13) % 1);
    expect(sample.slice(0, 2)).toEqual(['C0', 'C99']);
    expect(new Set(sample).size).toBe(7);
    expect(probeSample(['ONLY'], 5, Math.random)).toEqual(['ONLY']);
  });
});
