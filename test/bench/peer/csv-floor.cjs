// The floor for a CSV import: what a competent developer would write to get a CSV into a durable
// sql.js file, and nothing more. papaparse streams the file, rows go in 500 per INSERT inside one
// transaction, then the database is exported, written to a temp file, fsynced and renamed over
// the target (and the folder fsynced). It keeps every column and refuses a repeated code (the
// primary key), but checks nothing else. Run as `node csv-floor.cjs <file.csv> <out.sqlite>`.
const { closeSync, createReadStream, fsyncSync, openSync, renameSync, writeSync } = require('node:fs');
const { dirname } = require('node:path');
const Papa = require('papaparse');
const initSqlJs = require('sql.js');

const ROWS_PER_INSERT = 500;
const [file, out] = process.argv.slice(2);

async function main() {
  const SQL = await initSqlJs();
  const db = new SQL.Database();
  db.run('BEGIN');
  let columns = 0;
  let insertMany;
  let pending = [];
  const insert = (values, rows) =>
    db.run(
      `INSERT INTO vouchers VALUES ${Array(rows)
        .fill(`(${Array(columns).fill('?').join(', ')})`)
        .join(', ')}`,
      values,
    );
  await new Promise((resolve, reject) => {
    Papa.parse(createReadStream(file, { encoding: 'utf8' }), {
      skipEmptyLines: true,
      step({ data }) {
        if (columns === 0) {
          columns = data.length;
          const names = data.map((name) => `"${name.replaceAll('"', '""')}" TEXT`);
          names[0] += ' PRIMARY KEY';
          db.run(`CREATE TABLE vouchers (${names.join(', ')})`);
          insertMany = db.prepare(
            `INSERT INTO vouchers VALUES ${Array(ROWS_PER_INSERT)
              .fill(`(${Array(columns).fill('?').join(', ')})`)
              .join(', ')}`,
          );
          return;
        }
        for (let i = 0; i < columns; i++) pending.push(data[i] ?? null);
        if (pending.length === ROWS_PER_INSERT * columns) {
          insertMany.run(pending);
          pending = [];
        }
      },
      complete: resolve,
      error: reject,
    });
  });
  if (pending.length > 0) insert(pending, pending.length / columns);
  insertMany.free();
  db.run('COMMIT');
  const bytes = db.export();
  db.close();
  const temp = `${out}.tmp`;
  const fd = openSync(temp, 'w', 0o600);
  for (let offset = 0; offset < bytes.length;) offset += writeSync(fd, bytes, offset, bytes.length - offset);
  fsyncSync(fd);
  closeSync(fd);
  renameSync(temp, out);
  const dir = openSync(dirname(out), 'r');
  fsyncSync(dir);
  closeSync(dir);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
