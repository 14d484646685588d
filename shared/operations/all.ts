import { OPERATION_KINDS, parseOperation, type OperationKind, type PayloadOf } from '../outbox/kinds';
import { addToCampaignRules } from './add-to-campaign';
import { deleteRules } from './delete';
import { importCsvRules, importJsonRules } from './imports';
import { rewardRules } from './reward';
import { codeTally, type OperationRules, type Tally } from './rules';

// Every kind the outbox knows, to its pure rules. A kind missing here fails to compile, and
// test/unit/outbox/operation-registry.test.ts checks the map against the outbox's list.

export const OPERATION_RULES: { readonly [K in OperationKind]: OperationRules<PayloadOf<K>> } = {
  'import-json': importJsonRules,
  'import-csv': importCsvRules,
  'add-to-campaign': addToCampaignRules,
  reward: rewardRules,
  delete: deleteRules,
};

function isKind(kind: string): kind is OperationKind {
  return (OPERATION_KINDS as readonly string[]).includes(kind);
}

/** The rules of a stored kind, or undefined for one this version does not know (a dead-lettered row). */
export function rulesOf(kind: string): OperationRules<never> | undefined {
  return isKind(kind) ? OPERATION_RULES[kind] : undefined;
}

/** A one-line description of an operation for lists and plans; an unreadable payload is labelled by its kind alone (the engine dead-letters it). */
export function describeOperation(kind: string, payloadJson: string): string {
  const parsed = parseOperation(kind, payloadJson);
  if (!parsed.ok) return kind;
  const { op } = parsed;
  return (OPERATION_RULES[op.kind] as OperationRules<typeof op.payload>).describe(op.payload);
}

const unknownKindTally = codeTally('created');

/** The one wording of an operation's result, shared by the CLI and the app, so both say the same. */
export function tallyText(kind: string, tally: Tally): string {
  return (rulesOf(kind)?.tallyText ?? unknownKindTally)(tally);
}
