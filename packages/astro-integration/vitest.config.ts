import { defineConfig } from 'vitest/config';

// Each test file runs real `astro build`s: one file at a time on a 2-core machine.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    env: { ASTRO_TELEMETRY_DISABLED: '1' },
  },
});
