import { thousands } from '../../../shared/domain/thousands';
import { closeSync, openSync, writeSync } from 'node:fs';
import type { ImportReport, RejectedRow } from '../../batches/csv-import';
import { IMPORT_MODES, type ImportMode } from '../../batches/types';
import type { Charset, CodeSpec } from '../../../shared/domain/code-generator';
import { type Command, UsageError, integerOption, positional, stringOption } from '../command';
import { problemWords } from '../../../shared/domain/problem-words';
import { count, progressBar, table } from '../format';
import { batchArgument } from './batch-manage';

const MODE_ALIASES: Record<string, ImportMode> = { stop: 'stop-at-first-error', skip: 'skip-invalid', keep: 'keep-all' };
const SHOWN_REJECTIONS = 20;

function importMode(text: string | undefined): ImportMode {
  if (text === undefined) return 'stop-at-first-error';
  const mode = MODE_ALIASES[text] ?? IMPORT_MODES.find((m) => m === text);
  if (!mode) throw new UsageError(`--mode must be stop, skip or keep (got "${text}")`);
  return mode;
}

function describeImport(report: ImportReport, reportFile: string | undefined): string {
  const lines: string[] = [];
  const keeps = report.mode === 'keep-all';
  if (report.stoppedAtRow !== null) {
    lines.push(
      report.stoppedAtRow === 0
        ? 'Import stopped at the header line; nothing was stored.'
        : `Import stopped at data row ${report.stoppedAtRow}; nothing was stored. Use --mode skip to keep the valid rows.`,
    );
  } else {
    const where = report.firstRow === null ? '' : ` as rows ${report.firstRow}-${report.lastRow}`;
    lines.push(`Read ${count(report.rowsRead, 'row')}; stored ${thousands(report.stored)}${where}.`);
    if (report.storedInvalid > 0) lines.push(`Kept ${count(report.storedInvalid, 'row')} with errors, marked invalid (see \`batch show --invalid\`).`);
    if (report.storedWithWarnings > 0) lines.push(`${count(report.storedWithWarnings, 'stored row')} with warnings.`);
    if (report.rejectedCount > 0 && !keeps) lines.push(`Rejected ${count(report.rejectedCount, 'row')}.`);
    if (report.stored === 0)
      lines.push(report.rowsRead === 0 ? 'Nothing was stored: the file has a header but no rows.' : 'Nothing was stored: every row was rejected.');
  }
  for (const problem of report.headerProblems) lines.push(`Header: ${problem.severity}: ${problem.message}`);
  let text = `${lines.join('\n')}\n`;
  const shown = report.rejected.slice(0, SHOWN_REJECTIONS).flatMap((r) => r.problems.filter((p) => p.severity === 'error').map((p) => ({ r, p })));
  if (shown.length > 0) {
    text += table(shown, [
      { header: 'ROW', value: ({ r }) => r.row },
      { header: 'CODE', value: ({ r }) => r.code },
      { header: 'FIELD', value: ({ p }) => p.field },
      { header: 'PROBLEM', value: ({ p }) => problemWords(p).text },
    ]);
    if (report.rejectedCount > SHOWN_REJECTIONS) {
      const more = count(
        report.rejectedCount - SHOWN_REJECTIONS,
        keeps ? 'more row with errors' : 'more rejected row',
        keeps ? 'more rows with errors' : undefined,
      );
      text += `... and ${more}${reportFile ? ` (all in ${reportFile})` : '; use --report <file> or --json for all'}.\n`;
    }
  }
  return text;
}

/** One JSON object per rejected row, written as found so a million rejections never sit in memory. */
function reportWriter(file: string | undefined): { add(row: RejectedRow): void; close(): void } {
  if (file === undefined) return { add() {}, close() {} };
  const fd = openSync(file, 'w');
  return {
    add: (row) => void writeSync(fd, `${JSON.stringify(row)}\n`),
    close: () => closeSync(fd),
  };
}

export const importCsv: Command = {
  name: 'import-csv',
  usage: '<batch> <file.csv>',
  summary: 'import a CSV file in the service import format into a batch (one durable save at the end)',
  options: {
    mode: { type: 'string', description: 'stop (default: first error stores nothing), skip (keep valid rows), keep (store all, mark invalid)' },
    report: { type: 'string', description: 'write every row with errors (rejected, or kept with --mode keep) and its problems to this file (JSON lines)' },
  },
  async run(ctx, args) {
    const file = positional(args, 1, 'file.csv');
    const mode = importMode(stringOption(args, 'mode'));
    const { library, batch } = await batchArgument(ctx, args);
    const reportFile = stringOption(args, 'report');
    const rejected = reportWriter(reportFile);
    const bar = progressBar('Importing', ctx.io.err, ctx.io.stderrIsTty);
    let report: ImportReport;
    try {
      report = await library.importCsv(batch.id, file, {
        mode,
        reportLimit: ctx.json ? Number.MAX_SAFE_INTEGER : SHOWN_REJECTIONS,
        onRejected: (row) => rejected.add(row),
        onProgress: (p) => bar.update(p.bytesRead, p.totalBytes, p.phase === 'saving' ? 'saving...' : `${thousands(p.rowsRead)} rows`),
      });
    } finally {
      bar.finish();
      rejected.close();
    }
    // An import that stored nothing did not do what was asked; its report still goes to stdout.
    return { data: report, text: describeImport(report, reportFile), ...(report.stored === 0 && { exitCode: 1 as const }) };
  },
};

export const generate: Command = {
  name: 'generate',
  usage: '<batch>',
  summary: 'add rows with new random codes that no batch of the library holds yet',
  options: {
    count: { type: 'string', description: 'how many codes (required)' },
    length: { type: 'string', description: 'random characters per code (default 8; ignored with --pattern)' },
    charset: { type: 'string', description: 'alphanumeric (default), letters, numbers, or the characters to use' },
    pattern: { type: 'string', description: 'e.g. SUMMER-####-##: each # becomes a random character' },
    prefix: { type: 'string', description: 'text before each code' },
    postfix: { type: 'string', description: 'text after each code' },
  },
  async run(ctx, args) {
    // Loaded here, not with the group: `batch list` shares this file's group and needs none of the generator.
    const { MAX_CODE_LENGTH, MAX_GENERATED_CODES } = await import('../../../shared/domain/code-generator');
    const codes = integerOption(args, 'count', 1, MAX_GENERATED_CODES);
    if (codes === undefined) throw new UsageError('--count is required');
    const charsetText = stringOption(args, 'charset');
    const charset: Charset | undefined =
      charsetText === undefined
        ? undefined
        : charsetText === 'alphanumeric' || charsetText === 'letters' || charsetText === 'numbers'
          ? charsetText
          : { custom: charsetText };
    const spec: CodeSpec = {
      count: codes,
      length: integerOption(args, 'length', 1, MAX_CODE_LENGTH) ?? (stringOption(args, 'pattern') ? undefined : 8),
      charset,
      pattern: stringOption(args, 'pattern'),
      prefix: stringOption(args, 'prefix'),
      postfix: stringOption(args, 'postfix'),
    };
    const { library, batch } = await batchArgument(ctx, args);
    const report = await library.generate(batch.id, { spec });
    const invalid =
      report.invalidRows > 0 ? `\n${count(report.invalidRows, 'new row')} with errors: check the batch defaults (\`batch show ${batch.id} --invalid\`).` : '';
    const warnings = report.warnings.map((w) => `\nWarning: ${w}`).join('');
    return {
      data: report,
      text: `Generated ${count(report.generated, 'code')} into batch ${batch.id} "${batch.name}" as rows ${report.firstRow}-${report.lastRow}.${invalid}${warnings}\n`,
    };
  },
};

export const exportCsv: Command = {
  name: 'export',
  usage: '<batch>',
  summary: 'write the valid rows of a batch as a CSV file in the service import format',
  options: { out: { type: 'string', short: 'o', description: 'file to write (default: stdout)' } },
  async run(ctx, args) {
    const file = stringOption(args, 'out');
    if (file === undefined && ctx.json) throw new UsageError('--json needs --out: the CSV itself goes to stdout otherwise');
    const { library, batch } = await batchArgument(ctx, args);
    const bar = progressBar('Exporting', ctx.io.err, ctx.io.stderrIsTty && file !== undefined);
    const onProgress = (done: number, total: number) => bar.update(done, total, `${thousands(done)} rows`);
    const report = await (file === undefined
      ? library.exportCsv(batch.id, (piece) => ctx.io.outPiece(piece))
      : library.exportCsvToFile(batch.id, file, { onProgress }));
    bar.finish();
    const notes = [
      `Exported ${count(report.rows, 'row')} of batch ${batch.id} "${batch.name}"${file ? ` to ${file}` : ''}.`,
      report.skippedInvalid > 0 ? `Left out ${count(report.skippedInvalid, 'row')} with errors.` : '',
      report.lossyRows > 0 ? `${count(report.lossyRows, 'row')} have fields CSV cannot carry: ${report.lostFields.join(', ')}.` : '',
    ].filter(Boolean);
    if (file === undefined) {
      ctx.io.err(`${notes.join('\n')}\n`);
      return { data: report, text: '' };
    }
    return { data: report, text: `${notes.join('\n')}\n` };
  },
};
