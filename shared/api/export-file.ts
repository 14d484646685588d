/**
 * Why an export's CSV text cannot be whole, or undefined when it can be. A cut file is caught when
 * it ends inside a quoted cell, has no header line, or ends without a line break on a line with
 * fewer or more cells than the header (a last line that ends with one is taken as whole: the
 * service's files may or may not end with a line break). One pass, no copies.
 */
export function exportTextProblem(text: string): string | undefined {
  if (text.length === 0) return 'the file is empty (not even a header line)';
  const QUOTE = 34;
  const COMMA = 44;
  const CR = 13;
  const LF = 10;
  let inQuotes = false;
  let cells = 1;
  let headerCells = -1;
  let lineStart = true;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inQuotes) {
      if (c === QUOTE) inQuotes = false;
      continue;
    }
    if (c === QUOTE) inQuotes = true;
    else if (c === COMMA) cells += 1;
    else if (c === LF || c === CR) {
      if (c === CR && text.charCodeAt(i + 1) === LF) i += 1;
      if (headerCells < 0) headerCells = cells;
      cells = 1;
      lineStart = true;
      continue;
    }
    lineStart = false;
  }
  if (inQuotes) return 'it ends inside a quoted cell';
  if (lineStart) return headerCells < 0 ? 'the file is empty (not even a header line)' : undefined;
  // A header alone without a line break: an empty export from a writer that ends no line.
  if (headerCells < 0) return undefined;
  if (cells !== headerCells) return `its last line has ${cells} cells where the header has ${headerCells}`;
  return undefined;
}
