// The baseline of the domain benchmark: a bare papaparse parse of a CSV file, streamed, nothing
// done with the rows. Run in its own process as `node papaparse-bare.cjs <file.csv>`; prints one
// JSON line with its rows, time and peak memory, measured from the start of the parse.
const { createReadStream } = require('node:fs');
const Papa = require('papaparse');
const { startMeasure } = require('./measure-parse.cjs');

const measure = startMeasure();
let rows = 0;
Papa.parse(createReadStream(process.argv[2], { encoding: 'utf8' }), {
  chunk(results) {
    rows += results.data.length;
    measure.sample();
  },
  complete: () => console.log(JSON.stringify({ rows, withErrors: 0, ...measure.stop() })),
  error(error) {
    console.error(error);
    process.exitCode = 1;
  },
});
