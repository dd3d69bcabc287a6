/** A rendered page's HTML as its Markdown twin (src/render/html-markdown.ts). */
import { describe, expect, it } from 'vitest';
import { htmlToMarkdown } from '../../src/render/html-markdown.ts';

describe('htmlToMarkdown', () => {
  it('keeps headings and words, and leaves out anchors, buttons, scripts and hidden text', () => {
    const markdown = htmlToMarkdown(
      `<div class="sl-heading-wrapper level-h2"><h2 id="plans">Plans</h2><a class="sl-anchor-link" href="#plans"><span class="sr-only">Section titled “Plans”</span></a></div>
       <p>Every key has a <strong>plan</strong>.</p><button type="button">Copy</button><script>alert(1)</script>
       <p hidden>secret</p><span aria-hidden="true">icon</span>`,
      '/guides/authentication/',
    );
    expect(markdown).toBe('## Plans\n\nEvery key has a **plan**.');
  });

  it('makes relative links site paths and keeps absolute ones', () => {
    const markdown = htmlToMarkdown(
      '<p><a href="../rate-limits/">limits</a>, <a href="#plans">plans</a>, <a href="https://example.org/x">out</a></p>',
      '/guides/authentication/',
    );
    expect(markdown).toBe(
      '[limits](/guides/rate-limits/), [plans](/guides/authentication/#plans), [out](https://example.org/x)',
    );
  });

  it('writes a table whose cells hold lists and paragraphs as one GFM row each', () => {
    const markdown = htmlToMarkdown(
      '<table><thead><tr><th>Code</th><th>Returned by</th></tr></thead><tbody><tr><td><p>Bad.</p><p><strong>What to do:</strong> fix it.</p></td><td><ul><li><a href="/a/">A</a></li><li>B</li></ul></td></tr></tbody></table>',
      '/guides/errors/',
    );
    expect(markdown.split('\n')).toEqual([
      '| Code | Returned by |',
      '| - | - |',
      '| Bad. **What to do:** fix it. | [A](/a/); B |',
    ]);
  });

  it('keeps code blocks with the language Expressive Code names, without their frame caption', () => {
    const markdown = htmlToMarkdown(
      '<figure class="frame"><figcaption class="header"><span class="sr-only">Terminal window</span></figcaption><pre data-language="sh"><code><div class="ec-line">export A=1</div><div class="ec-line">echo $A</div></code></pre></figure>',
      '/guides/x/',
    );
    expect(markdown).toBe('```sh\nexport A=1\necho $A\n```');
  });

  it('escapes text that would be Markdown or HTML', () => {
    expect(htmlToMarkdown('<p>&lt;img src=x onerror=alert(1)&gt; *not emphasis*</p>', '/')).toBe(
      '\\<img src=x onerror=alert(1)> \\*not emphasis\\*',
    );
  });
});
