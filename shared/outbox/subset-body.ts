// The body of an import request without some of its codes: when reconciliation finds that some codes
// of a request are already on the service (someone else put them there), only the rest is sent, so
// the service never sees a second write of a code from this sync. Pure: works on the queued body
// text and the request's code list (its manifest), in the body's own order.

/** The records of a CSV import file (header first), split at CRLF outside quotes, each without its line end. */
export function csvRecords(text: string): string[] {
  const records: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === '\r' && text[i + 1] === '\n') {
      records.push(text.slice(start, i));
      start = i + 2;
      i += 1;
    }
  }
  if (start < text.length) records.push(text.slice(start));
  return records;
}

/**
 * `body` less the codes in `leave`. `codes` is the request's manifest: the code of each voucher in the
 * body, in order (a JSON array element or a CSV record after the header).
 */
export function bodyWithout(format: 'json' | 'csv', body: string, codes: readonly string[], leave: ReadonlySet<string>): string {
  if (format === 'json') {
    const items = JSON.parse(body) as unknown[];
    if (items.length !== codes.length) throw new Error(`the queued body has ${items.length} vouchers but its manifest ${codes.length} codes`);
    return JSON.stringify(items.filter((_, i) => !leave.has(codes[i] as string)));
  }
  const [header, ...rows] = csvRecords(body);
  if (header === undefined || rows.length !== codes.length)
    throw new Error(`the queued CSV file has ${rows.length} records but its manifest ${codes.length} codes`);
  const kept = rows.filter((_, i) => !leave.has(codes[i] as string));
  return [header, ...kept].map((line) => `${line}\r\n`).join('');
}
