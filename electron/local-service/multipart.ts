import { invalidPayload } from './errors';

export interface FormPart {
  name: string;
  filename?: string;
  data: Buffer;
}

/** Splits a multipart/form-data body into its parts (RFC 7578), enough for the CSV import form. */
export function parseMultipart(contentType: string | undefined, body: Buffer): FormPart[] {
  const type = contentType ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data')) {
    throw invalidPayload('The body must be multipart/form-data with a "file" field.');
  }
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(type);
  const mark = boundary?.[1] ?? boundary?.[2];
  if (!mark) throw invalidPayload('The multipart Content-Type has no boundary.');
  const delimiter = Buffer.from(`--${mark}`);
  const parts: FormPart[] = [];
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const after = start + delimiter.length;
    if (body.subarray(after, after + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, after);
    if (next === -1) throw invalidPayload('The multipart body is cut short: its closing boundary is missing.');
    parts.push(readPart(body.subarray(after + 2, next - 2)));
    start = next;
  }
  return parts;
}

function readPart(raw: Buffer): FormPart {
  const split = raw.indexOf('\r\n\r\n');
  if (split === -1) throw invalidPayload('A multipart part has no header block.');
  const head = raw.subarray(0, split).toString('utf8');
  const disposition = /content-disposition:[^\r\n]*/i.exec(head)?.[0] ?? '';
  const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
  if (name === undefined) throw invalidPayload('A multipart part has no field name.');
  const filename = /\bfilename="([^"]*)"/i.exec(disposition)?.[1];
  const data = raw.subarray(split + 4);
  return filename === undefined ? { name, data } : { name, filename, data };
}
