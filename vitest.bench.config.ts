import { defineConfig } from 'vitest/config';
import { appVersionDefine } from './vite.main.config';

// Benchmarks are plain test files that print their figures; they stay out of `npm test`.
export default defineConfig({
  define: appVersionDefine,
  test: {
    include: ['test/bench/**/*.bench.ts'],
    pool: 'forks',
    // One bench at a time: two side by side would each measure the other's load.
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
