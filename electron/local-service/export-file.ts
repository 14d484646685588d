import { exportAdmits, exportHeader, exportLine, metadataKeysOf, type ExportRecord } from '../../shared/api/export-rows';
import type { ExportSelection } from '../../shared/api/export-parameters';
import { DEFAULT_PUBLICATION_ORDER } from '../../shared/domain/publication-order';
import type { PublicationDoc } from './publication-doc';
import type { PublicationSnapshot } from './publication-snapshot';

/** The service writes one line break after every line, the last included (the sandbox's choice). */
const NEWLINE = '\n';
/** Lines rendered into one chunk of the download. */
const LINES_PER_CHUNK = 2_000;

/** What an export reads of a stored publication. */
export function exportRecordOf({ item, facts }: PublicationDoc): ExportRecord {
  const customer = item.customer as { source_id?: unknown } | undefined;
  return {
    createdAt: item.created_at,
    customerId: facts.customer_id,
    customerSourceId: typeof customer?.source_id === 'string' ? customer.source_id : null,
    channel: item.channel,
    campaign: facts.campaign_name,
    codes: facts.codes,
    metadata: (item.metadata as Record<string, unknown> | undefined) ?? {},
    field: (name) => facts[name],
  };
}

/**
 * An export's file, fixed when the export runs: the selected publications in order (references,
 * not text, so a million-row file costs megabytes until it is downloaded) and its exact size,
 * counted in portions so the sandbox keeps answering while a large export runs.
 */
export class ExportFile {
  private readonly rows: PublicationDoc[];
  private readonly metadataKeys: string[];
  private readonly header: string;
  private counted = 0;
  private bytes: number;

  constructor(
    snapshot: PublicationSnapshot,
    private readonly selection: ExportSelection,
  ) {
    this.rows = snapshot.inOrder(selection.order ?? DEFAULT_PUBLICATION_ORDER).filter((d) => exportAdmits(selection, exportRecordOf(d)));
    this.metadataKeys = selection.fields.includes('metadata') ? metadataKeysOf(records(this.rows)) : [];
    this.header = exportHeader(selection.fields, this.metadataKeys).join(',') + NEWLINE;
    this.bytes = Buffer.byteLength(this.header);
  }

  get rowCount(): number {
    return this.rows.length;
  }

  /** Counts the size of up to `n` more lines; true once every line is counted. */
  count(n: number): boolean {
    const end = Math.min(this.rows.length, this.counted + n);
    for (; this.counted < end; this.counted += 1) this.bytes += Buffer.byteLength(this.line(this.rows[this.counted] as PublicationDoc));
    return this.counted >= this.rows.length;
  }

  /** The file's size in bytes, once counted. */
  get byteLength(): number {
    return this.bytes;
  }

  /** The file's text in chunks, rendered as it is sent. */
  *chunks(): Generator<string> {
    yield this.header;
    for (let i = 0; i < this.rows.length; i += LINES_PER_CHUNK) {
      let chunk = '';
      for (const r of this.rows.slice(i, i + LINES_PER_CHUNK)) chunk += this.line(r);
      yield chunk;
    }
  }

  private line(d: PublicationDoc): string {
    return exportLine(this.selection.fields, this.metadataKeys, exportRecordOf(d)) + NEWLINE;
  }
}

function* records(docs: readonly PublicationDoc[]): Generator<ExportRecord> {
  for (const d of docs) yield exportRecordOf(d);
}
