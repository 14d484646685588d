import { addToCampaignPayload } from '../operations/add-to-campaign';
import { deletePayload } from '../operations/delete';
import { importCsvPayload, importJsonPayload } from '../operations/imports';
import { rewardPayload, type RewardRequest } from '../operations/reward';
import type { z } from 'zod';

// The kinds of operations the outbox stores, and their payloads (each kind's schema is in its own
// file in shared/operations/). A payload is parsed with these schemas every time it is read back,
// so a row written by another version (or damaged) is recognised and moved to the dead-letter state
// instead of being half-understood.

export const OPERATION_KINDS = ['import-json', 'import-csv', 'add-to-campaign', 'reward', 'delete'] as const;
export type OperationKind = (typeof OPERATION_KINDS)[number];

export const payloadSchemas = {
  'import-json': importJsonPayload,
  'import-csv': importCsvPayload,
  'add-to-campaign': addToCampaignPayload,
  reward: rewardPayload,
  delete: deletePayload,
} as const;

export type PayloadOf<K extends OperationKind> = z.infer<(typeof payloadSchemas)[K]>;
export type { RewardRequest };

export type ParsedOperation = { [K in OperationKind]: { kind: K; payload: PayloadOf<K> } }[OperationKind];

/** The payload, or why it cannot be read (the text a dead-lettered row keeps). */
export function parseOperation(kind: string, payloadJson: string): { ok: true; op: ParsedOperation } | { ok: false; reason: string } {
  if (!(OPERATION_KINDS as readonly string[]).includes(kind)) {
    return { ok: false, reason: `unknown operation kind "${kind}"; known: ${OPERATION_KINDS.join(', ')}` };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(payloadJson);
  } catch (error) {
    return { ok: false, reason: `payload is not JSON: ${(error as Error).message}` };
  }
  const parsed = payloadSchemas[kind as OperationKind].safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, reason: `payload of ${kind}: ${issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'invalid'}` };
  }
  return { ok: true, op: { kind, payload: parsed.data } as ParsedOperation };
}

/** The batch an operation reads its codes from, if any. */
export function batchOf(op: ParsedOperation): number | undefined {
  return 'batchId' in op.payload ? op.payload.batchId : undefined;
}

/**
 * The metadata key a created reward, or a voucher added to a campaign, carries (the operation's uid),
 * so that after an uncertain write the service can be read to tell whether this sync wrote it.
 */
export const OPERATION_MARKER_KEY = 'voucher_desk_operation';
