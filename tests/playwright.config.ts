import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './support/chromium.ts';

/**
 * Browser tests run against the built site served by `astro preview` on
 * 127.0.0.1. Debian's Chromium is used where it exists (these machines cannot
 * download Playwright's own browsers); elsewhere Playwright's bundled one.
 */
const port = Number(process.env.PREVIEW_PORT ?? 4322);
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
  webServer: {
    // --ignore-lock: a developer's own preview server must not stop the tests.
    command: `npm run build && npm run preview -- --port ${port} --ignore-lock`,
    cwd: root,
    url: `http://127.0.0.1:${port}/`,
    timeout: 300_000,
    reuseExistingServer: false,
    env: { ASTRO_TELEMETRY_DISABLED: '1' },
  },
});
