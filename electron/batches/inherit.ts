import { IMPORTABLE_FIELDS } from '../../shared/domain/voucher';
import { BatchError, type BatchDefaults, type DraftFields } from './types';

// How a row inherits its batch's defaults. Pure rules, no storage.

/**
 * The voucher a row describes: defaults overlaid with the row's own fields. Metadata merges key by
 * key; a row that sets a different type does not inherit the other type's gift or discount, which
 * would only make it invalid.
 */
export function effectiveDraft(defaults: BatchDefaults, fields: DraftFields, code: string): Record<string, unknown> {
  const merged: Record<string, unknown> = { code, ...defaults, ...fields };
  merged['code'] = code;
  if (isObject(defaults.metadata) && isObject(fields['metadata'])) {
    merged['metadata'] = { ...defaults.metadata, ...fields['metadata'] };
  }
  if (fields['type'] !== undefined && fields['type'] !== defaults.type) {
    if (!('gift' in fields)) delete merged['gift'];
    if (!('discount' in fields)) delete merged['discount'];
  }
  return merged;
}

/** A draft as given (from CSV, a form or generation) split into its code and its own fields. */
export function splitDraft(draft: Record<string, unknown>): { code: string; fields: DraftFields } {
  const fields: DraftFields = {};
  for (const [key, value] of Object.entries(draft)) {
    if (key !== 'code' && value !== undefined) fields[key] = value;
  }
  const code = draft['code'];
  return { code: typeof code === 'string' ? code : '', fields };
}

/** Defaults may hold any importable field except the code; their values are checked row by row. */
export function checkDefaults(defaults: unknown): BatchDefaults {
  if (!isObject(defaults)) throw new BatchError('Batch defaults must be an object of voucher fields');
  for (const key of Object.keys(defaults)) {
    if (key === 'code') throw new BatchError('Batch defaults cannot set a code: every row has its own');
    if (!IMPORTABLE_FIELDS.has(key)) {
      const allowed = [...IMPORTABLE_FIELDS].filter((field) => field !== 'code').join(', ');
      throw new BatchError(`Batch defaults cannot set "${key}"; allowed fields: ${allowed}`);
    }
  }
  const clean: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(defaults)) if (value !== undefined) clean[key] = value;
  return clean;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
