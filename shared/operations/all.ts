import type { z } from 'zod';
import { addToCampaignRules } from './add-to-campaign';
import { deleteRules } from './delete';
import { importCsvRules, importJsonRules } from './imports';
import { rewardRules } from './reward';
import { codeTally, type OperationRules, type Tally } from './rules';

// Every kind the outbox knows, one line each, to its pure rules (payload schema, word, counts). The
// kinds, their payload types and the parsing of a stored payload are all derived from this map, and
// electron/operations/registry.ts must give each of these kinds its module or fail to compile.

export const OPERATION_RULES = {
  'import-json': importJsonRules,
  'import-csv': importCsvRules,
  'add-to-campaign': addToCampaignRules,
  reward: rewardRules,
  delete: deleteRules,
} as const;

export type OperationKind = keyof typeof OPERATION_RULES;
export type PayloadOf<K extends OperationKind> = z.infer<(typeof OPERATION_RULES)[K]['schema']>;
export type ParsedOperation = { [K in OperationKind]: { kind: K; payload: PayloadOf<K> } }[OperationKind];

export const OPERATION_KINDS = Object.keys(OPERATION_RULES) as readonly OperationKind[];

function isKind(kind: string): kind is OperationKind {
  return Object.hasOwn(OPERATION_RULES, kind);
}

/** The rules of a stored kind, or undefined for one this version does not know (a dead-lettered row). */
export function rulesOf(kind: string): OperationRules<never> | undefined {
  return isKind(kind) ? (OPERATION_RULES[kind] as OperationRules<never>) : undefined;
}

/** The kind as a person reads it; one this version does not know, as stored. */
export function kindWord(kind: string): string {
  return rulesOf(kind)?.word ?? kind;
}

/** The payload, or why it cannot be read (the text a dead-lettered row keeps). */
export function parseOperation(kind: string, payloadJson: string): { ok: true; op: ParsedOperation } | { ok: false; reason: string } {
  if (!isKind(kind)) {
    return { ok: false, reason: `unknown operation kind "${kind}"; known: ${OPERATION_KINDS.join(', ')}` };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(payloadJson);
  } catch (error) {
    return { ok: false, reason: `payload is not JSON: ${(error as Error).message}` };
  }
  const parsed = OPERATION_RULES[kind].schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, reason: `payload of ${kind}: ${issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'invalid'}` };
  }
  return { ok: true, op: { kind, payload: parsed.data } as ParsedOperation };
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
