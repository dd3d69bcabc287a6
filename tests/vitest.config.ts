/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { getViteConfig } from 'astro/config';

// Unit tests: the spec model, the sandbox, and everything that needs no browser. Wrapped in
// Astro's Vite config so component tests can render .astro files with the container API.
export default getViteConfig(
  {
    root: fileURLToPath(new URL('..', import.meta.url)),
    test: {
      include: ['tests/unit/**/*.test.ts'],
      // A few tests run real builds and the Redocly linter; give them room on a busy 2-core machine.
      testTimeout: 120_000,
      hookTimeout: 120_000,
    },
  },
  // No dev toolbar: its source annotations (data-astro-source-file, with this checkout's path) would fill rendered HTML.
  { logLevel: 'error', devToolbar: { enabled: false } },
);
