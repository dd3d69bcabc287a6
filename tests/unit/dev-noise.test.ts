/**
 * `npm run dev` is quiet when nothing is wrong: pages, and every script and stylesheet they link, answer without a
 * 404, and the terminal shows no warning, on start or on a page view. A warning that is always there teaches
 * developers to skip the ones that matter (a broken description, a missing page).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { type DevServer, startDevServer } from './support/dev-server.ts';

let server: DevServer | undefined;
afterAll(() => server?.stop());

const pages = ['/', '/reference/', '/reference/animals/create-pet/', '/guides/getting-started/'];

/** The same-origin scripts and stylesheets a page links, as the browser will request them. */
function linkedAssets(html: string): string[] {
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  const urls = tags.flatMap((tag) => {
    if (tag.startsWith('<link') && !/\brel="(stylesheet|modulepreload)"/.test(tag)) return [];
    const url = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    return url?.startsWith('/') && !url.startsWith('//') ? [url.replaceAll('&amp;', '&')] : [];
  });
  return [...new Set(urls)];
}

describe('astro dev on a good description', () => {
  it('serves pages and what they link without a 404, and prints no warning', async () => {
    server = await startDevServer();
    const missing: string[] = [];
    for (const page of pages) {
      const response = await fetch(`${server.address}${page}`);
      expect(response.status, page).toBe(200);
      for (const asset of linkedAssets(await response.text())) {
        const { status } = await fetch(`${server.address}${asset}`);
        if (status !== 200) missing.push(`${page} → ${asset}: ${status}`);
      }
    }
    expect.soft(missing).toEqual([]);
    // Astro logs late lines (the content sync) a moment after the request that caused them.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const noise = server
      .output()
      .split('\n')
      .filter((line) => /\[WARN\]|\[ERROR\]|\[404\]/.test(line));
    expect(noise, server.output()).toEqual([]);
  }, 300_000);
});
