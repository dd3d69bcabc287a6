/**
 * Descriptions written to attack the portal are built, and every page opened
 * in Chromium, with the site's _headers (CSP) applied and without them (as a
 * host that ignores `_headers` serves it); the live console is opened on one
 * operation. Nothing from a description may run,
 * style the page, load from elsewhere or open a dialog.
 * - tests/fixtures/hostile/openapi.yaml (3.0): every string field the portal renders;
 * - tests/fixtures/hostile/3.2/ (3.2, with a release): titles that break out of
 *   `<title>` and CDATA, webhooks, callbacks, links, OAuth/OIDC URLs, GFM alerts,
 *   footnotes, a `javascript:` server listed first, demo keys, the changelog feed.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { servedFixtureSite } from '../support/fixture-site.ts';
import { watchCspViolations } from './support.ts';

const root = path.resolve(import.meta.dirname, '../..');
/** Hosts the payloads try to reach (exfiltration, imports, frames, tracking pixels). */
const evilHost = 'evil.example';

interface Findings {
  ran: string[];
  dialogs: string[];
  evilRequests: string[];
  csp: () => Promise<string[]>;
}

async function watch(page: Page): Promise<Findings> {
  const findings: Findings = { ran: [], dialogs: [], evilRequests: [], csp: await watchCspViolations(page) };
  await page.exposeFunction('__pwned', (id: string) => findings.ran.push(id));
  page.on('dialog', async (dialog) => {
    findings.dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  page.on('request', (request) => {
    if (new URL(request.url()).hostname.endsWith(evilHost)) findings.evilRequests.push(request.url());
  });
  return findings;
}

/** What must never be in the DOM, whatever the description says. */
function domProblems(page: Page): Promise<string[]> {
  return page.evaluate((evil) => {
    const problems: string[] = [];
    const show = (el: Element) => `<${el.tagName.toLowerCase()}> ${el.outerHTML.slice(0, 120)}`;
    const dangerousUrl = (value: string) => {
      // Browsers ignore whitespace and control characters inside a scheme: strip them as they do.
      const squashed = [...value]
        .filter((ch) => ch.charCodeAt(0) > 0x20)
        .join('')
        .toLowerCase();
      return (
        /^(javascript|vbscript|data):/.test(squashed) && !/^data:image\/(png|gif|jpeg|webp|svg\+xml)[;,]/.test(squashed)
      );
    };
    // Pagefind's search form is the site's own (its action is a deliberate `javascript:void(0)`).
    const own = (el: Element) => el.closest('.pagefind-ui') !== null;
    for (const el of document.querySelectorAll('*')) {
      if (own(el)) continue;
      for (const attr of el.attributes) {
        if (attr.name.toLowerCase().startsWith('on')) problems.push(`event handler ${attr.name} on ${show(el)}`);
        if (
          ['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'poster', 'srcdoc'].includes(
            attr.name.toLowerCase(),
          )
        ) {
          if (dangerousUrl(attr.value)) problems.push(`${attr.name}="${attr.value}" on ${show(el)}`);
          if (attr.value.includes(evil)) {
            const external = el.tagName === 'A' && attr.name === 'href';
            if (!external) problems.push(`${attr.name} to ${evil} on ${show(el)}`);
          }
        }
      }
    }
    for (const el of document.querySelectorAll('script, style')) {
      if (/__pwned|evil\.example|display:\s*none/.test(el.textContent ?? '') && !el.closest('.pst-console')) {
        problems.push(`${el.tagName.toLowerCase()} from the description: ${(el.textContent ?? '').slice(0, 80)}`);
      }
    }
    for (const el of document.querySelectorAll('iframe, object, embed, base, meta[http-equiv], form[action]')) {
      if (!own(el)) problems.push(`element from the description: ${show(el)}`);
    }
    for (const link of document.querySelectorAll<HTMLAnchorElement>('a[href]')) {
      let url: URL;
      try {
        url = new URL(link.href);
      } catch {
        continue;
      }
      if (url.origin === location.origin || !/^https?:$/.test(url.protocol)) continue;
      const rel = (link.rel ?? '').split(/\s+/);
      if (!rel.includes('noopener') || !rel.includes('noreferrer')) {
        problems.push(`external link without rel="noopener noreferrer": ${show(link)}`);
      }
    }
    return problems;
  }, evilHost);
}

/** Opens every page at `base`, expanding what can be expanded, and fails on anything from the description that ran. */
async function expectInert(page: Page, base: string, urls: readonly string[]): Promise<void> {
  const findings = await watch(page);
  expect(urls.length).toBeGreaterThan(10);
  const problems: string[] = [];
  for (const url of urls) {
    await page.goto(`${base}${url}`);
    await page.waitForLoadState('networkidle');
    // Open every expander, so lazy payloads get their chance.
    await page.evaluate(() => {
      for (const details of document.querySelectorAll('details')) details.open = true;
    });
    for (const problem of await domProblems(page)) problems.push(`${url}: ${problem}`);
    for (const violation of await findings.csp()) problems.push(`${url}: CSP ${violation}`);
  }
  expect(problems).toEqual([]);
  expect(findings.ran).toEqual([]);
  expect(findings.dialogs).toEqual([]);
  expect(findings.evilRequests).toEqual([]);
}

/** The CSP's script hashes in a build's `_headers`. */
function scriptHashes(outDir: string): string[] {
  return (readFileSync(path.join(outDir, '_headers'), 'utf8').match(/'sha256-[^']+'/g) ?? []).sort();
}

test.describe('a hostile OpenAPI 3.0 description', () => {
  const site = servedFixtureSite(path.join(root, 'tests/fixtures/hostile/openapi.yaml'), 'hostile', {
    alsoWithoutHeaders: true,
  });
  const baseUrl = () => site().baseUrl;
  const pages = () => site().pages;

  test('every page is inert with the CSP', async ({ page }) => {
    test.setTimeout(180_000);
    await expectInert(page, baseUrl(), pages());
  });

  test('every page is inert without the CSP, as a host that ignores _headers serves it', async ({ page }) => {
    test.setTimeout(180_000);
    await expectInert(page, site().withoutHeadersUrl ?? '', pages());
  });

  test('the hostile text is shown as text, and the console opens on it inertly', async ({ page }) => {
    const findings = await watch(page);
    const operationPage = pages().find((url) => url.includes('/list-things'));
    expect(operationPage).toBeDefined();
    await page.goto(`${baseUrl()}${operationPage}`);
    // The payloads are visible as the text they are, not swallowed.
    await expect(page.getByRole('heading', { level: 1 })).toContainText("<img src=x onerror=__pwned('summary')>");
    await page.getByRole('button', { name: /^Try it/ }).click();
    const dialog = page.getByRole('dialog', { name: 'API Client' });
    // Its load time is the console bench's to measure; on a busy two-core machine it can pass 5 s.
    await expect(dialog).toBeVisible({ timeout: 30_000 });
    // Scalar renders the description's texts too (authentication, parameters); give it a moment.
    await expect(dialog.getByRole('region', { name: /^Authentication/ })).toBeVisible();
    expect(await domProblems(page)).toEqual([]);
    expect(await findings.csp()).toEqual([]);
    expect(findings.ran).toEqual([]);
    expect(findings.dialogs).toEqual([]);
    expect(findings.evilRequests).toEqual([]);
  });
});

test.describe('a hostile OpenAPI 3.2 description with a release', () => {
  const site = servedFixtureSite(path.join(root, 'tests/fixtures/hostile/3.2/openapi.yaml'), 'hostile-3.2', {
    alsoWithoutHeaders: true,
  });
  const title = "Pets </title><script>__pwned('title-breakout')</script>";

  test('every page is inert with the CSP', async ({ page }) => {
    test.setTimeout(180_000);
    await expectInert(page, site().baseUrl, site().pages);
  });

  test('every page is inert without the CSP, as a host that ignores _headers serves it', async ({ page }) => {
    test.setTimeout(180_000);
    await expectInert(page, site().withoutHeadersUrl ?? '', site().pages);
  });

  test('the CSP allows the portal’s own scripts only: the same hashes as the Pet Store’s build', () => {
    expect(scriptHashes(site().outDir)).toEqual(scriptHashes(path.join(root, 'dist')));
  });

  test('titles that close <title> are shown as the text they are, on the page and in the tab', async ({ page }) => {
    await page.goto(`${site().withoutHeadersUrl}/reference/things/`);
    expect(await page.title()).toContain(title);
    expect(await page.title()).toContain("Things </title><script>__pwned('tag-summary')</script>");
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Things </title><script>');
  });

  test('the console never offers the javascript: server the description lists first, and Send stays off it', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const findings = await watch(page);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto(`${site().baseUrl}/reference/things/list-things/`);
    await page.getByRole('button', { name: /^Try it/ }).click();
    const dialog = page.getByRole('dialog', { name: 'API Client' });
    await expect(dialog).toBeVisible({ timeout: 30_000 });
    await expect(dialog.getByRole('button', { name: 'Server: https://api.evil.example/v1' })).toBeVisible();
    await dialog.getByRole('button', { name: /^Server: / }).click();
    await expect(page.getByRole('button', { name: /javascript:/ })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: /^Send .* request/ }).click();
    await expect.poll(() => requested.some((url) => url.startsWith('https://api.evil.example/v1/things'))).toBe(true);
    expect(requested.filter((url) => /javascript/i.test(decodeURIComponent(url)))).toEqual([]);
    expect(await domProblems(page)).toEqual([]);
    expect(findings.ran).toEqual([]);
    expect(findings.dialogs).toEqual([]);
  });

  test('the changelog feed parses as XML, its titles are text, and opening it runs nothing', async ({ page }) => {
    const findings = await watch(page);
    const response = await page.goto(`${site().withoutHeadersUrl}/changelog/feed.xml`);
    expect(response?.headers()['content-type']).toMatch(/xml/);
    const feed = await page.evaluate(async () => {
      const text = await (await fetch('/changelog/feed.xml')).text();
      const doc = new DOMParser().parseFromString(text, 'application/xml');
      const titles = [...doc.getElementsByTagNameNS('http://www.w3.org/2005/Atom', 'title')];
      return {
        error: doc.getElementsByTagName('parsererror')[0]?.textContent ?? null,
        titles: titles.map((element) => element.textContent ?? ''),
        elementsInTitles: titles.reduce((count, element) => count + element.children.length, 0),
        scripts: doc.getElementsByTagNameNS('http://www.w3.org/1999/xhtml', 'script').length,
      };
    });
    expect(feed.error).toBeNull();
    expect(feed.elementsInTitles).toBe(0);
    expect(feed.scripts).toBe(0);
    expect(feed.titles.length).toBeGreaterThan(1);
    for (const text of feed.titles) expect(text).toContain(title);
    expect(findings.ran).toEqual([]);
    expect(findings.dialogs).toEqual([]);
  });
});
