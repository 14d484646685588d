import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { binaryKind, csvFileProblem } from '../../../shared/domain/csv-sniff';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('telling a text CSV from an empty or binary file', () => {
  it('passes text, including UTF-8 with a byte-order mark and non-ASCII codes', () => {
    expect(binaryKind(bytes('Code,Value\nA-1,100\n'))).toBeNull();
    expect(binaryKind(bytes('\uFEFFCode,Category\nŻÓŁW-1,café\n'))).toBeNull();
    expect(csvFileProblem('in.csv', bytes('Code\n'), 5)).toBeNull();
  });

  it('names an empty file and says nothing was stored', () => {
    expect(csvFileProblem('spring.csv', new Uint8Array(), 0)).toBe(
      'The CSV file spring.csv is empty (0 bytes): there is nothing to import, and nothing was stored.',
    );
  });

  it('recognises archives, workbooks and UTF-16 by their first bytes', () => {
    expect(binaryKind(gzipSync(bytes('Code\nA-1\n')))).toBe('a gzip archive');
    expect(binaryKind(Uint8Array.of(0x50, 0x4b, 0x03, 0x04, 0x14, 0x00))).toBe('a zip archive or an .xlsx workbook');
    expect(binaryKind(Uint8Array.of(0xff, 0xfe, 0x43, 0x00))).toBe('UTF-16 text');
    expect(csvFileProblem('codes.csv.gz', gzipSync(bytes('Code\n')), 30)).toMatch(
      /^codes\.csv\.gz is not a text CSV: it looks like a gzip archive\. Nothing was stored\./,
    );
  });

  it('calls any file with a NUL byte near the start binary, and one past the looked-at bytes not', () => {
    const nul = bytes('Code\nA-1\n\0\0\0garbage');
    expect(binaryKind(nul)).toBe('a binary file (it holds NUL bytes)');
    const late = new Uint8Array(9000).fill(0x41);
    late[8999] = 0;
    expect(binaryKind(late)).toBeNull();
  });
});
