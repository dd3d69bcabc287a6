/** What browser tests share: the spec's model (so expectations come from the spec) and its reference URLs. */

import path from 'node:path';
import type { Page } from '@playwright/test';
import { loadApiModel, resolveSpecPath } from '../../src/openapi/index.ts';
import { referenceUrls } from '../../src/reference/routes.ts';
import { consoleSandbox } from '../../src/site/console-sandbox.ts';

export const model = await loadApiModel(resolveSpecPath(path.resolve(import.meta.dirname, '../..')));
export const urls = referenceUrls(model);
const testSandbox = consoleSandbox(model, { dev: false });
if (!testSandbox) throw new Error('the spec names no sandbox server');
/** Where the built site's console and guides call the sandbox: the test run's (SANDBOX_PORT, playwright.config.ts). */
export const sandboxUrl = testSandbox.url;

export { searchResultTimeout } from './timeouts.ts';

export function operation(id: string) {
  const found = model.operations.find((o) => o.operationId === id);
  if (!found) throw new Error(`no operation ${id}`);
  return found;
}

/** Records Content-Security-Policy violations from the page's next navigation on; read them with the returned function. */
export async function watchCspViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return () => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
}
