import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions, noChromiumMessage } from './support/chromium.ts';
import { freePort } from './support/local-net.ts';

/**
 * Browser tests run against the built site served on 127.0.0.1 by a small
 * static server that applies the build's `_headers` (CSP included). Debian's Chromium is used where it exists (these machines cannot
 * download Playwright's own browsers); elsewhere Playwright's bundled one (support/chromium.ts).
 * The sandbox runs beside it for the live console's tests. Both on ports free when the run starts (PREVIEW_PORT and
 * SANDBOX_PORT choose them instead), so a run does not need 4322 and 4010: a developer's own sandbox or preview may
 * hold them. The site is built with the same SANDBOX_PORT, so its console calls this sandbox.
 */
if (!chromiumLaunchOptions.executablePath) {
  // Before the build and the servers start: one line on what to install, not a launch failure per test.
  console.error(noChromiumMessage());
  process.exit(1);
}

// Chosen once, in the runner: the workers read this config again and inherit the runner's environment, so they see
// the same ports (tests/e2e/support.ts reads SANDBOX_PORT for where the console calls).
process.env.PREVIEW_PORT ||= String(await freePort());
process.env.SANDBOX_PORT ||= String(await freePort());
const port = Number(process.env.PREVIEW_PORT);
const sandboxPort = Number(process.env.SANDBOX_PORT);
const root = fileURLToPath(new URL('..', import.meta.url));

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
      env: { ASTRO_TELEMETRY_DISABLED: '1', SANDBOX_PORT: String(sandboxPort) },
    },
    {
      command: `"${process.execPath}" src/sandbox/main.ts`,
      cwd: root,
      url: `http://localhost:${sandboxPort}/pets`,
      env: { SANDBOX_PORT: String(sandboxPort) },
      timeout: 60_000,
      reuseExistingServer: false,
    },
  ],
});
