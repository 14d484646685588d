import type { SqlValue } from '../store/statements';

// A cached publication's JSON kept as what its facts row cannot rebuild (cache version 4). Most of
// an item repeats its facts (id, instant, customer, channel, codes…) or repeats across publications
// (key names, the customer object of a customer, a campaign's gift or discount), so an item is
// stored as a *shape* (its JSON text with holes, shared by every item alike in keys and
// constants), interned *parts* (whole values seen again and again, e.g. a customer object), and a
// short *rest* (the values nothing else rebuilds). Rebuilding writes the same text
// `JSON.stringify(item)` wrote, byte for byte; an item that would not is kept whole (see encodeItem).

/**
 * The fact columns a hole can name, read from publication_facts alongside the shape and rest:
 * `codes` is the codes' JSON text, the rest are strings or null.
 */
export const REF_COLUMNS = [
  'id',
  'created_at',
  'customer_id',
  'tracking_id',
  'channel',
  'voucher_code',
  'codes',
  'result',
  'failure_code',
  'campaign_name',
  'related_object_id',
  'source_id',
  'failure_message',
] as const;

export type RefValues = Record<(typeof REF_COLUMNS)[number], SqlValue>;

// Holes are control characters, which JSON.stringify always escapes, so none occurs in a shape's own text.
const FACT = '\u0001'; // followed by one character: 'A' + the REF_COLUMNS index of a string fact
const REST = '\u0002'; // the next value of the rest, as JSON
const PART = '\u0003'; // the next value of the rest is a part's number: the part's text
const CODES = '\u0004'; // the codes column's JSON text
const CODES_INDEX = REF_COLUMNS.indexOf('codes');

/** Root values interned whole when not empty: alike across a customer's or a campaign's publications. */
const INTERNED_KEYS: ReadonlySet<string> = new Set(['customer', 'metadata']);
/** String values kept in the shape: the few constants of a kind (`object: 'voucher'`, `type: 'PERCENT'`). */
const CONSTANT_KEYS: ReadonlySet<string> = new Set(['object', 'type']);

export interface EncodedItem {
  /** The shape's text, interned by the caller. */
  shape: string;
  /** Rest values in hole order: part texts (for PART holes, interned by the caller) and plain values. */
  rest: { part?: string; value?: unknown }[];
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The shape of an item (a value JSON.parse could return) and its rest, given its row's fact values. */
function encodeValue(value: unknown, key: string, depth: number, facts: RefValues, rest: EncodedItem['rest']): string {
  if (typeof value === 'string') {
    if (CONSTANT_KEYS.has(key)) return JSON.stringify(value);
    const i = REF_COLUMNS.findIndex((c, n) => n !== CODES_INDEX && facts[c] === value);
    if (i >= 0) return FACT + String.fromCharCode(0x41 + i);
    rest.push({ value });
    return REST;
  }
  if (typeof value === 'number') {
    rest.push({ value });
    return REST;
  }
  if (Array.isArray(value)) {
    const text = JSON.stringify(value);
    if (text === facts.codes) return CODES;
    return `[${value.map((v) => encodeValue(v, '', depth + 1, facts, rest)).join(',')}]`;
  }
  if (isPlainObject(value)) {
    const keys = Object.keys(value);
    if (keys.length === 0) return '{}';
    if (depth === 1 && INTERNED_KEYS.has(key)) {
      rest.push({ part: JSON.stringify(value) });
      return PART;
    }
    return `{${keys.map((k) => `${JSON.stringify(k)}:${encodeValue(value[k], k, depth + 1, facts, rest)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** A shape that takes the whole item from its rest: for an item whose shape would not rebuild it exactly. */
const WHOLE = REST;

/**
 * The shape and rest of `json` (an item's `JSON.stringify` text) beside its facts row, checked by
 * rebuilding: what would not come back exactly is kept whole.
 */
export function encodeItem(json: string, facts: RefValues): EncodedItem {
  const rest: EncodedItem['rest'] = [];
  const shape = encodeValue(JSON.parse(json) as unknown, '', 0, facts, rest);
  const encoded = { shape, rest };
  // Part holes carry the rest's own index here, so rebuilding needs no part numbers yet.
  const rebuilt = compileShape(shape)(
    facts,
    rest.map((r, i) => (r.part === undefined ? r.value : i)),
    (i) => rest[i]?.part as string,
  );
  return rebuilt === json ? encoded : { shape: WHOLE, rest: [{ value: JSON.parse(json) as unknown }] };
}

type Rebuild = (facts: RefValues, rest: readonly unknown[], partText: (no: number) => string) => string;

/** A shape as a function of its row: compiled once a shape per read, as a page shares a few shapes. */
export function compileShape(shape: string): Rebuild {
  const pieces: (string | { fact: string } | 'rest' | 'part' | 'codes')[] = [];
  let literal = '';
  for (let i = 0; i < shape.length; i += 1) {
    const c = shape[i];
    if (c !== FACT && c !== REST && c !== PART && c !== CODES) {
      literal += c;
      continue;
    }
    pieces.push(literal);
    literal = '';
    if (c === FACT) pieces.push({ fact: REF_COLUMNS[shape.charCodeAt((i += 1)) - 0x41] as string });
    else pieces.push(c === REST ? 'rest' : c === PART ? 'part' : 'codes');
  }
  pieces.push(literal);
  return (facts, rest, partText) => {
    let out = '';
    let r = 0;
    for (const piece of pieces) {
      if (typeof piece === 'object') out += JSON.stringify(facts[piece.fact as keyof RefValues]);
      else if (piece === 'rest') out += JSON.stringify(rest[r++]);
      else if (piece === 'part') out += partText(rest[r++] as number);
      else if (piece === 'codes') out += String(facts.codes);
      else out += piece;
    }
    return out;
  };
}
