/**
 * How the tests and benchmarks launch Chromium: Debian's build where it
 * exists (these machines cannot download Playwright's own), else the one
 * Playwright installed, with the flags that keep it from reaching the network.
 * CHROMIUM_PATH names another. Without any, the browser tests stop at once
 * with one line saying how to get one, not with Playwright's stack trace.
 */
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

const systemChromiums = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** The Chromium to launch: CHROMIUM_PATH, the system's, or Playwright's own; undefined when none is installed. */
export function findChromium(): string | undefined {
  const asked = process.env.CHROMIUM_PATH;
  if (asked) return existsSync(asked) ? asked : undefined;
  const system = systemChromiums.find((candidate) => existsSync(candidate));
  if (system) return system;
  const bundled = chromium.executablePath();
  return bundled && existsSync(bundled) ? bundled : undefined;
}

/** What to do when no Chromium is found, in one line. */
export const noChromiumMessage =
  'No Chromium for the browser tests. On Debian or Ubuntu: apt-get install -y chromium; where downloads work: npx playwright install chromium; or set CHROMIUM_PATH to a Chromium or Chrome binary.';

const executablePath = findChromium();

export const chromiumLaunchOptions = {
  ...(executablePath ? { executablePath } : {}),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
