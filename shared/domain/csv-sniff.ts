// Tells a text CSV from an empty or binary file by its size and first bytes, before any row is
// read, so a compressed or spreadsheet file is refused as such rather than as "no Code column".

/** How many leading bytes the check looks at. */
export const SNIFF_BYTES = 8192;

const SIGNATURES: readonly { bytes: readonly number[]; what: string }[] = [
  { bytes: [0x1f, 0x8b], what: 'a gzip archive' },
  { bytes: [0x50, 0x4b, 0x03, 0x04], what: 'a zip archive or an .xlsx workbook' },
  { bytes: [0x50, 0x4b, 0x05, 0x06], what: 'an empty zip archive' },
  { bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], what: 'an .xls workbook or another Office file' },
  { bytes: [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00], what: 'an xz archive' },
  { bytes: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], what: 'a 7-Zip archive' },
  { bytes: [0x28, 0xb5, 0x2f, 0xfd], what: 'a zstd archive' },
  { bytes: [0x25, 0x50, 0x44, 0x46, 0x2d], what: 'a PDF document' },
  { bytes: [0x89, 0x50, 0x4e, 0x47], what: 'a PNG image' },
  { bytes: [0xff, 0xd8, 0xff], what: 'a JPEG image' },
  { bytes: [0xff, 0xfe], what: 'UTF-16 text' },
  { bytes: [0xfe, 0xff], what: 'UTF-16 text' },
];

/** What the first bytes show the file to be when it is not text, else null. */
export function binaryKind(head: Uint8Array): string | null {
  const known = SIGNATURES.find(({ bytes }) => bytes.length <= head.length && bytes.every((byte, i) => head[i] === byte));
  if (known) return known.what;
  // No text encoding the import reads (UTF-8) puts a NUL byte in a CSV; binary files nearly always have one early.
  return head.subarray(0, SNIFF_BYTES).includes(0) ? 'a binary file (it holds NUL bytes)' : null;
}

/**
 * Why the file cannot be imported as a CSV, naming it as the user knows it, or null when its start
 * looks like text. `head` is the file's first bytes (up to SNIFF_BYTES), `size` its whole size.
 */
export function csvFileProblem(name: string, head: Uint8Array, size: number): string | null {
  if (size === 0) return `The CSV file ${name} is empty (0 bytes): there is nothing to import, and nothing was stored.`;
  const kind = binaryKind(head);
  if (kind === null) return null;
  return `${name} is not a text CSV: it looks like ${kind}. Nothing was stored. Save or export it as a CSV file in UTF-8 and import that.`;
}
