import { defineConfig } from 'vitest/config';

// One file: pack, `npm install` from the registry into a scratch project, then real builds.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 240_000,
  },
});
