// Which earlier operations a new one must wait for: any still-open operation touching one of its
// codes (an add-to-campaign after the deletion of the same code, a delete after its import, ...).

export interface OpenOperationCodes {
  id: number;
  /** Codes the earlier operation touches; undefined for kinds without codes (rewards). */
  codes: ReadonlySet<string> | undefined;
}

export function dependenciesOf(codes: Iterable<string>, earlier: readonly OpenOperationCodes[]): number[] {
  const withCodes = earlier.filter((op) => op.codes !== undefined && op.codes.size > 0);
  if (withCodes.length === 0) return [];
  const found = new Set<number>();
  for (const code of codes) {
    for (const op of withCodes) if (!found.has(op.id) && op.codes?.has(code)) found.add(op.id);
    if (found.size === withCodes.length) break;
  }
  return [...found].sort((a, b) => a - b);
}
