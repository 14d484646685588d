const EXPECTED = 'Metadata must be a JSON object, e.g. {"campaign": "summer"}';

/** Metadata typed as JSON text: undefined when blank, an object, or an error saying what is expected. */
export function metadataFromText(text: string): Record<string, unknown> | undefined {
  if (!text.trim()) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(EXPECTED);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error(EXPECTED);
  return parsed as Record<string, unknown>;
}
