// 32-bit hashes of a text's UTF-16 units (no encoding needed to look a text up), for the typed-array
// tables that find codes, field sets and parts. Stored in the library (field_sets.hash) and the cache
// (publication_parts), so their values never change.

/** FNV-1a, as a non-negative integer. */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/** A second hash, independent of fnv1a (another multiplier, and the length mixed in), for telling apart texts fnv1a does not. */
export function secondHash(text: string): number {
  let h = Math.imul(text.length, 0x9e3779b1) ^ 0x2545f491;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x5bd1e995) ^ (h >>> 15);
  return h >>> 0;
}
