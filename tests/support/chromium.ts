/**
 * How the tests and benchmarks launch Chromium: Debian's build where it
 * exists (these machines cannot download Playwright's own), else the one
 * Playwright installed, with the flags that keep it from reaching the network.
 * CHROMIUM_PATH names another. Without any, the browser tests stop at once
 * with one line saying how to get one, not with Playwright's stack trace.
 */
import { existsSync, statSync } from 'node:fs';
import { chromium } from '@playwright/test';

const systemChromiums = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** The Chromium to launch: CHROMIUM_PATH, the system's, or Playwright's own; undefined when none is installed. */
export function findChromium(): string | undefined {
  const asked = process.env.CHROMIUM_PATH;
  if (asked) return isFile(asked) ? asked : undefined;
  const system = systemChromiums.find((candidate) => existsSync(candidate));
  if (system) return system;
  const bundled = chromium.executablePath();
  return bundled && existsSync(bundled) ? bundled : undefined;
}

const isFile = (file: string) => existsSync(file) && statSync(file).isFile();

/**
 * Why no Chromium was found, in one line: a CHROMIUM_PATH that points at no file is named (it is asked for, so the
 * system's is not tried), else how to get one.
 */
export function noChromiumMessage(asked = process.env.CHROMIUM_PATH): string {
  if (asked) {
    return `CHROMIUM_PATH is ${asked}, which is not a file: set it to a Chromium or Chrome binary, or unset it to use the system's Chromium.`;
  }
  return 'No Chromium for the browser tests. On Debian or Ubuntu: apt-get install -y chromium; where downloads work: npx playwright install chromium; or set CHROMIUM_PATH to a Chromium or Chrome binary.';
}

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
