import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../../electron/operations/registry';
import { OPERATION_RULES, describeOperation, tallyText } from '../../../shared/operations/all';
import { OPERATION_KINDS, payloadSchemas } from '../../../shared/outbox/kinds';

describe('operation kinds', () => {
  it('has a module, pure rules and a payload schema for every kind the outbox stores, and nothing else', () => {
    const kinds = [...OPERATION_KINDS].sort();
    expect(Object.keys(OPERATIONS).sort()).toEqual(kinds);
    expect(Object.keys(OPERATION_RULES).sort()).toEqual(kinds);
    expect(Object.keys(payloadSchemas).sort()).toEqual(kinds);
    for (const kind of OPERATION_KINDS) {
      expect(OPERATIONS[kind].kind).toBe(kind);
      expect(OPERATIONS[kind].rules).toBe(OPERATION_RULES[kind]);
    }
  });

  it('labels an operation from its payload as read with the schema, and an unreadable one by its kind alone', () => {
    expect(describeOperation('delete', JSON.stringify({ codes: ['A', 'B'], force: true }))).toBe('2 code(s), permanently');
    expect(describeOperation('add-to-campaign', JSON.stringify({ batchId: 1, batchName: 'Spring', campaignId: 'camp_1' }))).toBe(
      'batch "Spring" -> campaign camp_1',
    );
    expect(describeOperation('delete', '{"codes":"not a list","force":false}')).toBe('delete');
    expect(describeOperation('teleport', '{}')).toBe('teleport');
  });

  it('words a result by its kind, and one of an unknown kind as created codes', () => {
    const tally = { applied: 1, present: 2, failed: 0 };
    expect(tallyText('import-csv', tally)).toBe(
      '1 code created or updated by this sync, 2 already on the service before this sync (not created by it), 0 failed',
    );
    expect(tallyText('delete', tally)).toBe('1 code deleted by this sync, 2 already not on the service, 0 failed');
    expect(tallyText('reward', tally)).toBe('reward created by this sync');
    expect(tallyText('teleport', tally)).toBe('1 code created by this sync, 2 already on the service before this sync (not created by it), 0 failed');
  });
});
