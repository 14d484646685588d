// Preloaded with `node -r` into a benchmarked process: at exit it writes the process's own CPU time
// and peak memory (all its threads) to stderr as one tagged JSON line, so a peer and Voucher Desk
// are measured the same way, by the kernel, with nothing of the benchmark's own process counted.
const { writeSync } = require('node:fs');

process.on('exit', () => {
  const usage = process.resourceUsage();
  const line = { cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000, maxRssBytes: usage.maxRSS * 1024 };
  writeSync(2, `\nbench-usage ${JSON.stringify(line)}\n`);
});
