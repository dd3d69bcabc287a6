/**
 * How the tests and benchmarks launch Chromium: Debian's build where it
 * exists (these machines cannot download Playwright's own), with the flags
 * that keep it from reaching the network.
 */
import { existsSync } from 'node:fs';

const systemChromium = '/usr/bin/chromium';

export const chromiumLaunchOptions = {
  ...(existsSync(systemChromium) ? { executablePath: systemChromium } : {}),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
