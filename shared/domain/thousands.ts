// Numbers for people, as `toLocaleString('en-US')` writes them (1,234,567), without calling it for
// whole numbers: the first locale call loads ICU's data, a cost the command line would otherwise pay
// on every start to print a few counts.

/** A whole number with commas between thousands; any other number exactly as `toLocaleString('en-US')` writes it. */
export function thousands(n: number): string {
  if (!Number.isSafeInteger(n) || Object.is(n, -0)) return n.toLocaleString('en-US');
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return n < 0 ? `-${digits}` : digits;
}
