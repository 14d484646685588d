import { cryptoRandomInt, type RandomInt } from './random';

export const CHARSETS = {
  alphanumeric: '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz',
  letters: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz',
  numbers: '0123456789',
} as const;

export type Charset = keyof typeof CHARSETS | { custom: string };

export interface CodeSpec {
  count: number;
  /** Random characters per code; ignored when a pattern is given. */
  length?: number;
  /** Default alphanumeric. */
  charset?: Charset;
  /** `#` is replaced by a random character, anything else is kept, e.g. `SUMMER-####-##`. */
  pattern?: string;
  prefix?: string;
  postfix?: string;
}

export interface GenerateOptions {
  /** True when the code is already taken (in the batch, the library or the service). */
  exists?(code: string): boolean;
  /** Default: cryptographically strong randomness. */
  random?: RandomInt;
}

export interface CodeSpaceInfo {
  alphabet: string;
  /** Template with `#` for each random position. */
  template: string;
  /** How many distinct codes the spec can produce. */
  space: number;
  warnings: string[];
}

export interface GeneratedCodes {
  codes: string[];
  warnings: string[];
  /** Candidates drawn, including those rejected as taken. */
  attempts: number;
}

export const MAX_GENERATED_CODES = 10_000_000;
export const MAX_CODE_LENGTH = 100;
/** Above this share of the space, most draws near the end hit a taken code. */
export const TIGHT_SPACE_SHARE = 0.5;
const ATTEMPTS_PER_CODE = 20;

export class CodeSpecError extends Error {
  constructor(
    readonly field: keyof CodeSpec,
    message: string,
  ) {
    super(message);
    this.name = 'CodeSpecError';
  }
}

const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;

function checkText(field: 'prefix' | 'postfix' | 'pattern', text: string | undefined, warnings: string[]): void {
  if (text === undefined) return;
  if (typeof text !== 'string') throw new CodeSpecError(field, `${field} must be a text`);
  if (CONTROL_CHARS.test(text)) throw new CodeSpecError(field, `${field} ${JSON.stringify(text)} contains a control character`);
  if (encodeURIComponent(text.replace(/#/g, '')) !== text.replace(/#/g, '')) {
    warnings.push(`${field} ${JSON.stringify(text)} has characters that will be percent-encoded in URL paths`);
  }
}

function alphabetOf(charset: Charset | undefined, warnings: string[]): string {
  if (charset === undefined) return CHARSETS.alphanumeric;
  if (typeof charset === 'string') {
    if (!(charset in CHARSETS)) throw new CodeSpecError('charset', `charset "${String(charset)}" is not alphanumeric, letters, numbers or { custom }`);
    return CHARSETS[charset];
  }
  const chars = [...new Set(Array.from(charset.custom ?? ''))];
  if (chars.length === 0) throw new CodeSpecError('charset', 'the custom charset is empty; give at least one character');
  const alphabet = chars.join('');
  if (CONTROL_CHARS.test(alphabet)) throw new CodeSpecError('charset', 'the custom charset contains a control character');
  if (chars.length !== Array.from(charset.custom).length) warnings.push('the custom charset repeats characters; each is used once');
  if (encodeURIComponent(alphabet) !== alphabet) warnings.push('the custom charset has characters that will be percent-encoded in URL paths');
  return alphabet;
}

/** Checks a spec and says how many codes it can produce; throws CodeSpecError when it cannot work. */
export function analyzeCodeSpec(spec: CodeSpec): CodeSpaceInfo {
  const warnings: string[] = [];
  const { count } = spec;
  if (!Number.isInteger(count) || count < 1 || count > MAX_GENERATED_CODES) {
    throw new CodeSpecError('count', `count ${String(count)} must be a whole number from 1 to ${MAX_GENERATED_CODES}`);
  }
  const alphabet = alphabetOf(spec.charset, warnings);
  checkText('prefix', spec.prefix, warnings);
  checkText('postfix', spec.postfix, warnings);
  checkText('pattern', spec.pattern, warnings);
  let template: string;
  if (spec.pattern !== undefined) {
    if (spec.length !== undefined) warnings.push('length is ignored because a pattern is given');
    template = spec.pattern;
  } else {
    const { length } = spec;
    if (!Number.isInteger(length) || length === undefined || length < 1 || length > MAX_CODE_LENGTH) {
      throw new CodeSpecError('length', `length ${String(length)} must be a whole number from 1 to ${MAX_CODE_LENGTH} (or give a pattern)`);
    }
    template = '#'.repeat(length);
  }
  const positions = template.split('#').length - 1;
  const space = Math.pow(Array.from(alphabet).length, positions);
  if (count > space) {
    throw new CodeSpecError(
      spec.pattern !== undefined ? 'pattern' : 'length',
      `count ${count} cannot be reached: ${positions} random position(s) over ${Array.from(alphabet).length} character(s) give only ${space} distinct code(s); use a longer code or a larger charset`,
    );
  }
  if (count > space * TIGHT_SPACE_SHARE) {
    warnings.push(
      `count ${count} uses more than ${TIGHT_SPACE_SHARE * 100}% of the ${space} possible codes; generation slows down sharply as codes run out and codes become easy to guess`,
    );
  }
  return { alphabet, template, space, warnings };
}

/**
 * `spec.count` distinct codes, none of which `exists` reports as taken. Throws CodeSpecError for a
 * spec that cannot work, and an Error when too many candidates were taken to finish in reasonable time.
 */
export function generateCodes(spec: CodeSpec, options: GenerateOptions = {}): GeneratedCodes {
  const { alphabet, template, warnings } = analyzeCodeSpec(spec);
  const letters = Array.from(alphabet);
  const parts = template.split('#');
  const random = options.random ?? cryptoRandomInt();
  const prefix = spec.prefix ?? '';
  const postfix = spec.postfix ?? '';
  const made = new Set<string>();
  // Taken codes are remembered so `exists`, which may query a database, is asked once per code.
  const taken = new Set<string>();
  const maxAttempts = spec.count * ATTEMPTS_PER_CODE + 1000;
  let attempts = 0;
  while (made.size < spec.count) {
    if (attempts >= maxAttempts) {
      throw new Error(
        `gave up after ${attempts} attempts with ${made.size} of ${spec.count} codes: most candidates were already taken; use a longer code, a larger charset or a smaller count`,
      );
    }
    attempts += 1;
    let code = prefix + (parts[0] ?? '');
    for (let i = 1; i < parts.length; i++) code += (letters[random(letters.length)] ?? '') + (parts[i] ?? '');
    code += postfix;
    if (made.has(code) || taken.has(code)) continue;
    if (options.exists?.(code)) {
      taken.add(code);
      continue;
    }
    made.add(code);
  }
  return { codes: [...made], warnings, attempts };
}
