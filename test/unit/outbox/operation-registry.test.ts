import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../../electron/operations/registry';
import { Outbox, type NewOperation } from '../../../electron/outbox/outbox';
import { BatchFrozenError } from '../../../shared/domain/batch-refusals';
import {
  OPERATION_KINDS,
  OPERATION_RULES,
  describeOperation,
  kindWord,
  parseOperation,
  tallyText,
  type OperationKind,
  type PayloadOf,
} from '../../../shared/operations/all';
import { useTempDirs } from '../../integration/store/temp-dir';

const tempDir = useTempDirs();

/** One valid payload of each kind (a new kind fails to compile here until it has one). */
const SAMPLES: { readonly [K in OperationKind]: PayloadOf<K> } = {
  'import-json': { batchId: 1, batchName: 'Spring' },
  'import-csv': { batchId: 1, batchName: 'Spring', webhooksEnable: false },
  'add-to-campaign': { batchId: 1, batchName: 'Spring', campaignId: 'camp_1' },
  reward: { request: { type: 'COIN', name: 'Points', exchange_ratio: 1, points_ratio: 1 }, marker: 'uid-1' },
  delete: { codes: ['A'], force: false },
};

describe('operation kinds', () => {
  it('registers every kind once on each side: a schema, a word and rules in shared/, its module in electron/', () => {
    expect([...OPERATION_KINDS].sort()).toEqual(Object.keys(OPERATION_RULES).sort());
    expect(Object.keys(OPERATIONS).sort()).toEqual([...OPERATION_KINDS].sort());
    for (const kind of OPERATION_KINDS) {
      const rules = OPERATION_RULES[kind];
      expect(OPERATIONS[kind].kind).toBe(kind);
      expect(OPERATIONS[kind].rules).toBe(rules);
      expect(rules.word.trim()).not.toBe('');
      expect(typeof rules.describe).toBe('function');
      expect(typeof rules.tallyText).toBe('function');
      // The schema the outbox reads a stored payload with is the kind's own.
      expect(rules.schema.safeParse(SAMPLES[kind]).success).toBe(true);
      expect(parseOperation(kind, JSON.stringify(SAMPLES[kind]))).toEqual({ ok: true, op: { kind, payload: SAMPLES[kind] } });
    }
    const words = OPERATION_KINDS.map((kind) => OPERATION_RULES[kind].word);
    expect(new Set(words).size).toBe(words.length);
  });

  it('names the operation that freezes a batch by its kind’s word, and one of an unknown kind as stored', async () => {
    const outbox = await Outbox.open(tempDir());
    try {
      for (const [i, kind] of OPERATION_KINDS.entries()) {
        const batchId = 100 + i;
        // TypeScript cannot tie the loop's kind to its sample's type.
        const op = await outbox.enqueue({ uid: `uid-${kind}`, kind, payload: SAMPLES[kind], batchId, dependsOn: [], codes: 0, requests: [] } as NewOperation);
        const frozen = outbox.frozenBy(batchId);
        expect(frozen).toEqual({ batchId, operationId: op.id, operationKind: kind, operationWord: OPERATION_RULES[kind].word, operationState: 'queued' });
        if (!frozen) throw new Error(`batch ${batchId} is not frozen`);
        const refusal = new BatchFrozenError({ ...frozen, batchName: 'Spring' });
        expect(refusal.message).toContain(`its ${OPERATION_RULES[kind].word} (operation ${op.id}) is waiting to be sent`);
      }
    } finally {
      await outbox.close();
    }
    expect(kindWord('import-csv')).toBe('CSV import');
    expect(kindWord('teleport')).toBe('teleport');
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
