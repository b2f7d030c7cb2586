import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Each integration test runs the real `vite build`; a shared two-core machine can be slow.
    testTimeout: 30_000,
  },
});
