// CSV injection (OWASP): a spreadsheet opening a CSV runs a cell that starts with = + - or @ as a
// formula, and one starting with a tab or carriage return too (some programs drop those first), so a
// text from the service such as `=HYPERLINK("http://…")` in a failure message would run on the
// reader's machine.

/** The first characters that make a spreadsheet read a cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell of a report meant for people, safe to open in a spreadsheet: one that would start a
 * formula gets a leading `'`, which spreadsheets read as "this is text". Applied to every text that
 * came from the service, even one that reads as a negative number ("-12" as a source id is an id,
 * not an amount); numbers the app itself writes are not passed through it. Not for files the
 * service reads back (the batch export), which must keep codes byte for byte.
 */
export function spreadsheetText(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}
