import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Unit tests: the spec model and everything that needs no browser.
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['tests/unit/**/*.test.ts'],
    // A few tests run real builds and the Redocly linter; give them room on a busy 2-core machine.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
