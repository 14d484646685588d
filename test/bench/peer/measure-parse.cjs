// Time and peak memory of a parse, measured the same way in both processes of the domain benchmark.
exports.startMeasure = function startMeasure() {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  const peak = { rss: 0, heapUsed: 0 };
  // On demand only the RSS, which is cheap to read; the heap too on the timer.
  const sample = () => {
    peak.rss = Math.max(peak.rss, process.memoryUsage.rss());
  };
  const sampleAll = () => {
    const m = process.memoryUsage();
    peak.rss = Math.max(peak.rss, m.rss);
    peak.heapUsed = Math.max(peak.heapUsed, m.heapUsed);
  };
  const timer = setInterval(sampleAll, 50);
  return {
    sample,
    stop() {
      sampleAll();
      clearInterval(timer);
      const used = process.cpuUsage(cpu);
      return { wallMs: performance.now() - wall, cpuMs: (used.user + used.system) / 1000, peakRss: peak.rss, peakHeap: peak.heapUsed };
    },
  };
};
