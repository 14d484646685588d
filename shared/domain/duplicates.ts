import { CodeIndex } from './code-index';
import { validateDraft } from './validate-draft';
import type { Problem } from './voucher';

export interface DuplicateTracker {
  /** An error when `code` was already seen in this batch, naming the row where it first appeared. */
  check(code: string, row: number): Problem | null;
  readonly size: number;
  /** Room for about this many more codes of this many characters in all, made at once. */
  reserve(codes: number, chars: number): void;
}

/**
 * Remembers each code's first row, so a streamed batch finds duplicates without holding drafts;
 * with `codeOf` (the code stored for a row), without holding the codes either (see CodeIndex).
 */
export function createDuplicateTracker(codeOf?: (row: number) => string): DuplicateTracker {
  const index = new CodeIndex(codeOf);
  return {
    check(code, row) {
      if (code === '') return null;
      const first = index.firstRowOrAdd(code, row);
      if (first === -1) return null;
      return {
        row,
        code,
        field: 'code',
        value: code,
        allowed: 'a code not used by another row of the batch',
        message: `code ${JSON.stringify(code)} already appears in row ${first}; the service imports a code only once`,
        severity: 'error',
      };
    },
    get size() {
      return index.size;
    },
    reserve(codes, chars) {
      index.reserve(index.size + codes, index.charCount + chars);
    },
  };
}

/** Duplicate-code errors of a batch, one for every repeat after the first occurrence. */
export function findDuplicateCodes(entries: Iterable<{ row: number; code: string }>): Problem[] {
  const tracker = createDuplicateTracker();
  const problems: Problem[] = [];
  for (const { row, code } of entries) {
    const problem = tracker.check(code, row);
    if (problem) problems.push(problem);
  }
  return problems;
}

/** Every problem of a batch: each draft's own problems and duplicates across drafts. Rows count from 1. */
export function validateBatch(drafts: Iterable<unknown>): Problem[] {
  const tracker = createDuplicateTracker();
  const problems: Problem[] = [];
  let row = 0;
  for (const draft of drafts) {
    row += 1;
    problems.push(...validateDraft(draft, row));
    const code = (draft as { code?: unknown } | null)?.code;
    if (typeof code === 'string') {
      const duplicate = tracker.check(code, row);
      if (duplicate) problems.push(duplicate);
    }
  }
  return problems;
}
