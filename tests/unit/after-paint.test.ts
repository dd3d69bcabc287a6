/**
 * The page's scripts written to load after its first paint, on the bytes of the page as Astro writes them.
 */
import { describe, expect, it } from 'vitest';
import { loadScriptsAfterPaint } from '../../src/publishing/after-paint.ts';

const bytes = (text: string) => new Uint8Array(Buffer.from(text));
const text = (page: Uint8Array) => Buffer.from(page).toString('utf8');

describe('loadScriptsAfterPaint', () => {
  it('turns every page script into an inert block naming its file, and leaves the rest of the page byte for byte', () => {
    const page =
      '<!doctype html><title>Café ✓ — 𝄞</title><script>inline()</script>' +
      '<script type="module" src="/_astro/a1.js"></script><p>Größe: 5 €</p>' +
      '<script type="module" src="/_astro/b2.js"></script><footer>✓</footer>';
    expect(text(loadScriptsAfterPaint(bytes(page)))).toBe(
      '<!doctype html><title>Café ✓ — 𝄞</title><script>inline()</script>' +
        '<script type="text/plain" data-after-paint="/_astro/a1.js"></script><p>Größe: 5 €</p>' +
        '<script type="text/plain" data-after-paint="/_astro/b2.js"></script><footer>✓</footer>',
    );
  });

  it('returns a page without page scripts as it is', () => {
    const page = bytes('<p>no scripts here, only <script>inline()</script></p>');
    expect(loadScriptsAfterPaint(page)).toBe(page);
  });

  it('leaves a tag alone whose source is not a plain address, or that is not closed', () => {
    const page =
      '<script type="module" src="/a.js" async></script>' +
      '<script type="module" src="/b.js"></script><script type="module" src="/c.js">';
    expect(text(loadScriptsAfterPaint(bytes(page)))).toBe(
      '<script type="module" src="/a.js" async></script>' +
        '<script type="text/plain" data-after-paint="/b.js"></script><script type="module" src="/c.js">',
    );
  });
});
