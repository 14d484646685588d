import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

// The ways a file can be damaged on a bad day: gone, cut short, overwritten in one bit, or all of it.

export const DAMAGES = [
  'deleted',
  'truncated to half',
  'truncated to 0',
  'bit flipped mid-file',
  'bit flipped in the last line',
  'zero-filled',
  'random bytes',
] as const;
export type Damage = (typeof DAMAGES)[number];

/** Damages `file`; false when the damage changes nothing (e.g. truncating an empty file). */
export function damage(file: string, kind: Damage): boolean {
  if (!existsSync(file)) throw new Error(`the fixture has no ${file}`);
  const bytes = readFileSync(file);
  if (kind === 'deleted') {
    rmSync(file);
    return true;
  }
  const changed = damaged(bytes, kind);
  writeFileSync(file, changed);
  return !changed.equals(bytes);
}

function damaged(bytes: Buffer, kind: Exclude<Damage, 'deleted'>): Buffer {
  switch (kind) {
    case 'truncated to half':
      return bytes.subarray(0, Math.floor(bytes.length / 2));
    case 'truncated to 0':
      return Buffer.alloc(0);
    case 'bit flipped mid-file':
      return flipBit(bytes, Math.floor(bytes.length / 2));
    case 'bit flipped in the last line':
      return flipBit(bytes, lastLineMiddle(bytes));
    case 'zero-filled':
      return Buffer.alloc(bytes.length);
    case 'random bytes':
      return randomBytes(bytes.length);
  }
}

function flipBit(bytes: Buffer, at: number): Buffer {
  const copy = Buffer.from(bytes);
  if (copy.length > 0) copy[at] = (copy[at] ?? 0) ^ 0x04;
  return copy;
}

/** The middle of the last line (the last 64 bytes of a file without newlines). */
function lastLineMiddle(bytes: Buffer): number {
  const end = bytes.at(-1) === 0x0a ? bytes.length - 1 : bytes.length;
  const start = bytes.lastIndexOf(0x0a, end - 1) + 1;
  const from = start > 0 ? start : Math.max(0, end - 64);
  return Math.floor((from + end) / 2);
}
