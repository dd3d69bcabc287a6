import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { loadApiModel, resolveSpecPath, sandboxServer } from '../src/openapi/index.ts';
import { chromiumLaunchOptions, noChromiumMessage } from './support/chromium.ts';

/**
 * Browser tests run against the built site served on 127.0.0.1 by a small
 * static server that applies the build's `_headers` (CSP included). Debian's Chromium is used where it exists (these machines cannot
 * download Playwright's own browsers); elsewhere Playwright's bundled one (support/chromium.ts).
 * The sandbox runs beside it for the live console's tests.
 */
if (!chromiumLaunchOptions.executablePath) {
  // Before the build and the servers start: one line on what to install, not a launch failure per test.
  console.error(noChromiumMessage());
  process.exit(1);
}

const port = Number(process.env.PREVIEW_PORT ?? 4322);
const root = fileURLToPath(new URL('..', import.meta.url));
const model = await loadApiModel(resolveSpecPath(root));
// The sandbox listens on the spec's sandbox server (the one with demo keys), which the console calls by default.
const sandboxUrl = sandboxServer(model)?.url ?? 'http://localhost:4010';

export default defineConfig({
  testDir: './e2e',
  outputDir: '../test-results',
  fullyParallel: true,
  workers: 2,
  reporter: [['list']],
  forbidOnly: true,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: [
    {
      // Served like a static host, with the build's _headers applied, so a CSP the site breaks fails a test.
      command: `npm run build && "${process.execPath}" src/publishing/static-server.ts dist --port ${port}`,
      cwd: root,
      url: `http://127.0.0.1:${port}/`,
      timeout: 300_000,
      reuseExistingServer: false,
      env: { ASTRO_TELEMETRY_DISABLED: '1' },
    },
    {
      command: `"${process.execPath}" src/sandbox/main.ts`,
      cwd: root,
      url: `${sandboxUrl}/pets`,
      timeout: 60_000,
      reuseExistingServer: false,
    },
  ],
});
