/**
 * Build-time highlighting: tokens coloured by class in both themes, plain text where colour adds nothing,
 * and very long blocks (real descriptions have examples of tens of kilobytes) as plain text, escaped either way.
 */
import { describe, expect, it } from 'vitest';
import { highlightHere, highlightStyles, maxHighlightedLength } from '../../src/render/highlight-engine.ts';

describe('highlighting', () => {
  it('colours JSON tokens with classes the stylesheet defines, and keeps the text exact', async () => {
    const code = JSON.stringify({ code: 'rate_limited', status: 429 }, null, 2);
    const html = await highlightHere(code, 'json');
    const classes = [...html.matchAll(/class="(l-[0-9a-f]{6}) (d-[0-9a-f]{6})"/g)];
    expect(classes.length).toBeGreaterThanOrEqual(4); // two keys, a string, a number
    const styles = await highlightStyles();
    for (const [, light, dark] of classes) {
      expect(styles).toContain(`.${light}{`);
      expect(styles).toContain(`.${dark}{`);
    }
    expect(html).not.toContain('style=');
    expect(html.replace(/<[^>]+>/g, '')).toBe(code);
  });

  it('shows a language it does not know (an x-codeSamples lang) as escaped plain text', async () => {
    const code = 'print "<hello>"';
    const html = await highlightHere(code, 'madeuplang');
    expect(html).toContain('&#x3C;hello>');
    expect(html).not.toMatch(/class="l-[0-9a-f]{6}/);
    expect(html.replace(/<[^>]+>/g, '').replaceAll('&#x3C;', '<')).toBe(code);
  });

  it('shows a very long block as escaped plain text, with no element per token', async () => {
    const code = JSON.stringify(
      { note: '</code><script>alert(1)</script>', items: Array.from({ length: 800 }, (_, i) => ({ i })) },
      null,
      2,
    );
    expect(code.length).toBeGreaterThan(maxHighlightedLength);
    const html = await highlightHere(code, 'json');
    expect(html).not.toContain('<span');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&#x3C;script>');
  });
});
