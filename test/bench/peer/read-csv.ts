// The measured side of the domain benchmark: parse, map and validate a CSV file with the app's
// reader, in its own process like the bare parse it is compared with. Run as
// `node --import tsx read-csv.ts <file.csv>`; prints one JSON line like papaparse-bare.cjs.
import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import { createCsvReader } from '../../../shared/domain/csv-reader';

const { startMeasure } = createRequire(import.meta.url)('./measure-parse.cjs') as {
  startMeasure(): { sample(): void; stop(): Record<string, number> };
};

const file = process.argv[2] ?? '';
const measure = startMeasure();
let rows = 0;
let withErrors = 0;
// As the import reads: rows with equal cells other than the code are mapped and checked once.
const reader = createCsvReader({
  reuseEqualRecords: true,
  onRow: (row) => {
    rows += 1;
    if (row.problems.some((p) => p.severity === 'error')) withErrors += 1;
  },
});
for await (const chunk of createReadStream(file, { encoding: 'utf8' })) {
  reader.write(chunk as string);
  measure.sample();
}
reader.end();
console.log(JSON.stringify({ rows, withErrors, ...measure.stop() }));
