import { defineConfig } from 'vitest/config';
import { appVersionDefine } from './vite.main.config';

export default defineConfig({
  define: appVersionDefine,
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/bench/**', 'node_modules/**'],
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
