// The script a developer would write on the service's official SDK, as its README shows: read the
// CSV, split it into import bodies under the limits, import each, poll each job until it is DONE.
// Run as `node sdk-script.cjs <file.csv> <apiUrl> <applicationId> <secretKey>`.
const { readFileSync } = require('node:fs');
const Papa = require('papaparse');
const { VoucherifyServerSide } = require('@voucherify/sdk');

const [file, apiUrl, applicationId, secretKey] = process.argv.slice(2);
const client = VoucherifyServerSide({ applicationId, secretKey, apiUrl });

const MAX_BYTES = 10_000_000 - 1000; // the service counts 10 MB as 10,000,000 bytes
const MAX_CODES = 100_000;
const POLL_MS = 1000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const { data } = Papa.parse(readFileSync(file, 'utf8'), { header: true, skipEmptyLines: true });
const bodies = [];
let body = [];
let bytes = 2;
for (const row of data) {
  const voucher = {
    code: row.Code,
    type: row['Voucher Type'],
    discount: { type: row['Discount Type'], percent_off: Number(row.Value), effect: 'APPLY_TO_ORDER' },
    category: row.Category,
    expiration_date: row['Expiration Date'],
    redemption: { quantity: Number(row['Redemption Limit']) },
    active: row.Active === 'true',
    metadata: { region: row.region },
  };
  const size = Buffer.byteLength(JSON.stringify(voucher)) + 1;
  if (body.length === MAX_CODES || bytes + size > MAX_BYTES) {
    bodies.push(body);
    body = [];
    bytes = 2;
  }
  body.push(voucher);
  bytes += size;
}
if (body.length > 0) bodies.push(body);

async function main() {
  const jobs = [];
  for (const vouchers of bodies) {
    const { async_action_id } = await client.vouchers.import(vouchers);
    jobs.push(async_action_id);
  }
  let created = 0;
  for (const id of jobs) {
    let action;
    do {
      await sleep(POLL_MS);
      action = await client.asyncActions.get(id);
    } while (action.status !== 'DONE' && action.status !== 'FAILED');
    if (action.status === 'FAILED') throw new Error(`Job ${id} failed: ${JSON.stringify(action.result)}`);
    created += action.result.done_count;
  }
  console.log(`${created} codes imported in ${jobs.length} jobs`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
