/**
 * Try it on a site as it is published: its hosted sandbox started, the site built with `SANDBOX_URL` naming it and
 * served, as a visitor meets it. For the console's browser tests (the Pet Store, a description with no hand-written
 * rules, a site of several APIs).
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { buildAndServe, type FixtureSite } from './fixture-site.ts';
import { type SandboxProcess, startSandboxProcess } from './sandbox-process.ts';

/** How long the console may take to open: it loads its bundle and the description. */
export const consoleLoadTimeout = 30_000;

/**
 * For the tests of a spec file about one site's console: before the first, starts the sandbox service for `spec`
 * (a description, or a portal.json listing several) and builds and serves the site with `SANDBOX_URL` naming it;
 * stops both after the last, and runs the tests in order. Returns the site and the sandbox (and its address), once
 * built.
 */
export function servedWithHostedSandbox(
  spec: string,
  name: string,
  buildTimeout = 300_000,
): () => { site: FixtureSite; sandboxUrl: string; sandbox: SandboxProcess } {
  let site: FixtureSite | undefined;
  let sandbox: SandboxProcess | undefined;
  test.describe.configure({ mode: 'serial', timeout: 3 * consoleLoadTimeout });
  test.beforeAll(async () => {
    test.setTimeout(buildTimeout);
    sandbox = await startSandboxProcess({ PETSTORE_SPEC: spec });
    site = await buildAndServe(spec, name, { env: { SANDBOX_URL: sandbox.baseUrl } });
  });
  test.afterAll(() => {
    sandbox?.child.kill('SIGTERM');
    site?.close();
  });
  return () => {
    if (!site || !sandbox) throw new Error(`The ${name} site was not built.`);
    return { site, sandboxUrl: sandbox.baseUrl, sandbox };
  };
}

/** Clicks Try it and waits for the console's dialog. */
export async function openConsole(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: /^Try it/ }).click();
  const dialog = page.getByRole('dialog', { name: 'API Client' });
  await expect(dialog).toBeVisible({ timeout: consoleLoadTimeout });
  return dialog;
}
