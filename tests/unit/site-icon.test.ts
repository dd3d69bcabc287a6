/**
 * The site's icon (src/publishing/site-icon.ts): a small one is written into each page, so a phone's browser makes no
 * request for it beside the stylesheet before the page's largest paint; a large one stays a file.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { iconDataUrl, inlineIconLimit } from '../../src/publishing/site-icon.ts';
import { root } from './support/programs.ts';

const portalIcon = readFileSync(path.join(root, 'public', 'favicon.svg'), 'utf8');

describe('the icon a page links', () => {
  it("is the portal's icon itself, the SVG intact once the URL is decoded", () => {
    const url = iconDataUrl(portalIcon);
    expect(url).toMatch(/^data:image\/svg\+xml,%3Csvg /);
    expect(decodeURIComponent(url?.slice('data:image/svg+xml,'.length) ?? '')).toBe(
      portalIcon.trim().replace(/\s+/g, ' '),
    );
  });

  it('keeps quotes, ampersands and hashes out of the URL as written', () => {
    const url = iconDataUrl(
      `<svg xmlns="http://www.w3.org/2000/svg"><title>Bob's "API" &amp; more</title><path fill="#fff" d="M0 0h1"/></svg>`,
    );
    expect(url).not.toMatch(/["#&<>]/);
    expect(decodeURIComponent(url ?? '')).toContain(`Bob's "API" &amp; more`);
  });

  it('is a file past the limit: a detailed logo would be repeated on every page', () => {
    const large = `<svg xmlns="http://www.w3.org/2000/svg">${'<path d="M0 0h1v1H0z"/>'.repeat(100)}</svg>`;
    expect(Buffer.byteLength(large)).toBeGreaterThan(inlineIconLimit);
    expect(iconDataUrl(large)).toBeUndefined();
  });
});
