/**
 * Description Markdown → HTML and text. Ordinary Markdown must come out as a reader expects; anything a hostile
 * description can write (raw HTML, script URLs in all their disguises, SVG/MathML, styles) must come out inert.
 */
import { describe, expect, it } from 'vitest';
import { idPrefixFor, markdownHeadings, markdownToText, renderMarkdown } from '../../src/render/markdown.ts';

// Decodes character references the way a browser does before it reads an attribute value (once).
const NAMED: Record<string, string> = {
  amp: '&',
  apos: "'",
  colon: ':',
  gt: '>',
  lt: '<',
  newline: '\n',
  quot: '"',
  tab: '\t',
};
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);?/gi, (reference, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return NAMED[name.toLowerCase()] ?? reference;
  });
}

interface Tag {
  name: string;
  attributes: Array<[name: string, value: string]>;
}

// Reads start tags as an HTML tokenizer does (quoted values may hold `>`); `<` in text is always escaped by the
// renderer, so this finds every tag there is.
function tagsIn(html: string): Tag[] {
  const tags: Tag[] = [];
  for (const [, name = '', rest = ''] of html.matchAll(/<([a-z][^\s/>]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/gi)) {
    const attributes = [...rest.matchAll(/([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)].map(
      ([, key = '', double, single, bare]): [string, string] => [
        key.toLowerCase(),
        decodeEntities(double ?? single ?? bare ?? ''),
      ],
    );
    tags.push({ name: name.toLowerCase(), attributes });
  }
  return tags;
}

// Browsers drop tabs and newlines anywhere in a URL and leading spaces/controls, and schemes are case-insensitive.
function urlScheme(value: string): string {
  const withoutBreaks = value.replace(/[\t\n\r]/g, '');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what a browser strips.
  return withoutBreaks.replace(/^[\u0000-\u0020]+/, '').toLowerCase();
}

// Active content, plus the elements whose contents the browser tokenises differently (the usual mXSS vehicles).
const DANGEROUS_TAGS = [
  ...['script', 'style', 'iframe', 'svg', 'math', 'form', 'object', 'embed', 'base', 'meta', 'link'],
  ...['noscript', 'noembed', 'noframes', 'template', 'textarea', 'title', 'xmp', 'plaintext'],
];

function expectInert(html: string): void {
  expect(html).not.toMatch(/<\s*\/?\s*(script|style|iframe|svg|math|form|object|embed)\b/i);
  for (const tag of tagsIn(html)) {
    expect(DANGEROUS_TAGS).not.toContain(tag.name);
    for (const [name, value] of tag.attributes) {
      expect(name).not.toMatch(/^on/);
      expect(['style', 'class', 'srcdoc', 'formaction', 'xlink:href']).not.toContain(name);
      expect(urlScheme(value)).not.toMatch(/^(javascript|vbscript|data):/);
    }
  }
}

describe('renderMarkdown: ordinary Markdown', () => {
  it('renders emphasis, strong, code and strikethrough', () => {
    expect(renderMarkdown('*a* **b** `c` ~~d~~')).toBe(
      '<p><em>a</em> <strong>b</strong> <code>c</code> <del>d</del></p>',
    );
  });

  it('renders bullet and numbered lists', () => {
    expect(renderMarkdown('- one\n- two')).toBe('<ul>\n<li>one</li>\n<li>two</li>\n</ul>');
    expect(renderMarkdown('3. three\n4. four')).toBe('<ol start="3">\n<li>three</li>\n<li>four</li>\n</ol>');
  });

  it('renders a GFM table', () => {
    const html = renderMarkdown('| Field | Type |\n| --- | --- |\n| `id` | integer |');
    expect(html).toMatch(/^<table>\n<thead>\n<tr>\n<th>Field<\/th>\n<th>Type<\/th>/);
    expect(html).toContain('<td><code>id</code></td>\n<td>integer</td>');
  });

  it('turns bare URLs, www. and email addresses into links', () => {
    expect(renderMarkdown('See https://example.com/docs, www.example.org or help@example.com.')).toBe(
      '<p>See <a href="https://example.com/docs" rel="noopener noreferrer">https://example.com/docs</a>, ' +
        '<a href="http://www.example.org" rel="noopener noreferrer">www.example.org</a> or ' +
        '<a href="mailto:help@example.com">help@example.com</a>.</p>',
    );
  });

  it('renders fenced code escaped and without classes', () => {
    expect(renderMarkdown('```json\n{"a": "<b>"}\n```')).toBe('<pre><code>{"a": "&#x3C;b>"}\n</code></pre>');
  });

  it('keeps mailto links without rel, and gives other origins rel but no target', () => {
    const html = renderMarkdown('[c](mailto:x@example.com) [d](https://other.example)');
    expect(html).toBe(
      '<p><a href="mailto:x@example.com">c</a> ' +
        '<a href="https://other.example" rel="noopener noreferrer">d</a></p>',
    );
  });

  it('treats protocol-relative links as other origins', () => {
    expect(renderMarkdown('[x](//other.example/a)')).toBe(
      '<p><a href="//other.example/a" rel="noopener noreferrer">x</a></p>',
    );
  });

  it('turns images into links to them (no tracking pixels), and drops any other source', () => {
    expect(renderMarkdown('![Dog](https://img.example/dog.png "A dog")')).toBe(
      '<p><a href="https://img.example/dog.png" rel="noopener noreferrer">Image: Dog</a></p>',
    );
    expect(renderMarkdown('![Dog](data:image/png;base64,iVBORw0KGgo=)')).toBe('<p><span>Image: Dog</span></p>');
    expect(renderMarkdown('![Dog](ftp://img.example/dog.png)')).toBe('<p><span>Image: Dog</span></p>');
    expect(renderMarkdown('![Dog](./dog.png)')).toBe('<p><span>Image: Dog</span></p>');
    expect(renderMarkdown('![](https://img.example/pixel.png)')).toContain('>Image</a>');
  });

  it('prefixes footnote ids so they cannot clash with the page’s own', () => {
    const ids = tagsIn(renderMarkdown('Text[^1]\n\n[^1]: Note')).flatMap((tag) =>
      tag.attributes.filter(([name]) => name === 'id').map(([, value]) => value),
    );
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) expect(id).toMatch(/^user-content-/);
  });
});

describe("renderMarkdown: GitHub's alerts", () => {
  it('turns each of the five kinds into a Starlight aside with its title', () => {
    const kinds = [
      ['NOTE', 'note', 'Note'],
      ['TIP', 'tip', 'Tip'],
      ['IMPORTANT', 'note', 'Important'],
      ['WARNING', 'caution', 'Warning'],
      ['CAUTION', 'danger', 'Caution'],
    ];
    for (const [marker, variant, title] of kinds) {
      expect(renderMarkdown(`> [!${marker}]\n> Mind the **gap**.`)).toBe(
        `<aside aria-label="${title}" class="starlight-aside starlight-aside--${variant}">` +
          `<p class="starlight-aside__title" aria-hidden="true">${title}</p>` +
          '<div class="starlight-aside__content">\n<p>Mind the <strong>gap</strong>.</p>\n</div></aside>',
      );
    }
  });

  it('reads the marker in any case, with the text in paragraphs of its own', () => {
    const html = renderMarkdown('> [!tip]\n>\n> First.\n>\n> Second.');
    expect(html).toContain('class="starlight-aside starlight-aside--tip"');
    expect(html).toContain('<div class="starlight-aside__content">\n<p>First.</p>\n<p>Second.</p>\n</div>');
  });

  it('leaves quotes that are not alerts as quotes', () => {
    for (const quote of ['> [!BOGUS]\n> Text.', '> Text with [!NOTE] inside.', '> [!NOTE] on the same line as text']) {
      expect(renderMarkdown(quote)).toMatch(/^<blockquote>/);
    }
  });

  it('still sanitises what an alert holds', () => {
    const html = renderMarkdown('> [!WARNING]\n> <script>alert(1)</script> [x](javascript:alert(1))');
    expect(html).not.toMatch(/<script|javascript:/i);
  });
});

describe('renderMarkdown: relative links', () => {
  const text = 'See [the guide](/docs/guide), [up](../up), [here](#here) and [there](https://example.com/x).';

  it('shows links into nowhere as text when the description names no site', () => {
    expect(renderMarkdown(text)).toBe(
      '<p>See <span>the guide</span>, <span>up</span>, <span>here</span> and <a href="https://example.com/x" rel="noopener noreferrer">there</a>.</p>',
    );
  });

  it("resolves them against the description's site", () => {
    const html = renderMarkdown(text, { linkBase: 'https://docs.example.com/api/v1/' });
    expect(html).toContain('<a href="https://docs.example.com/docs/guide" rel="noopener noreferrer">the guide</a>');
    expect(html).toContain('<a href="https://docs.example.com/api/up" rel="noopener noreferrer">up</a>');
    expect(html).toContain('<a href="https://docs.example.com/api/v1/#here" rel="noopener noreferrer">here</a>');
  });

  it('keeps links to its own footnotes', () => {
    expect(renderMarkdown('A note[^1].\n\n[^1]: The note.')).toContain('<a href="#user-content-fn-1"');
  });
});

describe('renderMarkdown: headings', () => {
  it.each([
    ['# A\n\n## B\n\n### C', '<h4>A</h4>\n<h5>B</h5>\n<h6>C</h6>'],
    ['## A\n\n### B', '<h4>A</h4>\n<h5>B</h5>'],
    ['### A\n\n#### B', '<h4>A</h4>\n<h5>B</h5>'],
    ['###### A', '<h4>A</h4>'],
    ['# A\n\n#### B\n\n###### C', '<h4>A</h4>\n<h6>B</h6>\n<h6>C</h6>'],
  ])('%j: the highest heading becomes h4', (markdown, html) => {
    expect(renderMarkdown(markdown)).toBe(html);
  });

  it('leaves text without headings alone', () => {
    expect(renderMarkdown('Plain')).toBe('<p>Plain</p>');
  });

  it("gives headings ids when asked, unique, and says which for the page's table of contents", () => {
    const markdown = '# Requests\n\nText.\n\n## Rate *limits*\n\n# Requests';
    const options = { highestHeading: 2, headingIds: 'about-' };
    expect(renderMarkdown(markdown, options)).toBe(
      '<h2 id="about-requests">Requests</h2>\n<p>Text.</p>\n<h3 id="about-rate-limits">Rate <em>limits</em></h3>\n<h2 id="about-requests-2">Requests</h2>',
    );
    expect(markdownHeadings(markdown, options)).toEqual([
      { depth: 2, slug: 'about-requests', text: 'Requests' },
      { depth: 3, slug: 'about-rate-limits', text: 'Rate limits' },
      { depth: 2, slug: 'about-requests-2', text: 'Requests' },
    ]);
    expect(renderMarkdown(markdown, { highestHeading: 2 })).not.toContain('id=');
  });

  it('leaves the footnotes heading its own id, and lists no heading without text', () => {
    const markdown = '## Limits\n\nSee this.[^1]\n\n[^1]: A note.\n\n##';
    const options = { highestHeading: 2, headingIds: 'about-' };
    expect(renderMarkdown(markdown, options)).toContain('id="user-content-footnote-label"');
    expect(markdownHeadings(markdown, options)).toEqual([{ depth: 2, slug: 'about-limits', text: 'Limits' }]);
  });
});

describe('renderMarkdown: inline', () => {
  it('unwraps a single paragraph', () => {
    expect(renderMarkdown('The pet’s **name**.', { inline: true })).toBe('The pet’s <strong>name</strong>.');
  });

  it('keeps block HTML when there is more than one paragraph', () => {
    expect(renderMarkdown('One.\n\nTwo.', { inline: true })).toBe('<p>One.</p>\n<p>Two.</p>');
  });

  it('keeps block HTML for a lone block that is not a paragraph', () => {
    expect(renderMarkdown('- one', { inline: true })).toBe('<ul>\n<li>one</li>\n</ul>');
  });

  it('is sanitised as well', () => {
    const html = renderMarkdown('[x](javascript:alert(1)) <img src=x onerror=alert(1)>', { inline: true });
    expect(html).toBe('<a>x</a> ');
  });
});

// Each entry is something a hostile description might hold; all must render inert.
const hostile: Array<[label: string, markdown: string]> = [
  ['script block', '<script>alert(1)</script>'],
  ['script inline', 'Hello <script>alert(1)</script> there'],
  ['script, upper case, remote', '<SCRIPT SRC=//evil.example/x.js></SCRIPT>'],
  ['closing script in text', 'a </script><script>alert(1)</script> b'],
  ['img onerror', '<img src=x onerror=alert(1)>'],
  ['handler on block', '<div onclick="alert(1)">x</div>'],
  ['handler inline', 'Hover <b onmouseover=alert(1)>me</b>'],
  ['details ontoggle', '<details open ontoggle=alert(1)><summary>x</summary></details>'],
  ['autofocus input', '<input onfocus=alert(1) autofocus>'],
  ['raw javascript link', '<a href="javascript:alert(1)">x</a>'],
  ['raw link, entity-encoded scheme', '<a href="&#x6A;avascript&colon;alert(1)">x</a>'],
  ['style block', '<style>body{display:none}</style>'],
  ['style @import', '<style>@import url(//evil.example/x.css);</style>'],
  ['style attribute', '<p style="background:url(javascript:alert(1))">x</p>'],
  ['iframe', '<iframe src="javascript:alert(1)"></iframe>'],
  ['iframe srcdoc', '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
  ['svg onload', '<svg onload=alert(1)><circle r="1"/></svg>'],
  ['svg link', '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>'],
  ['svg script', 'x <svg><script>alert(1)</script></svg>'],
  ['math link', '<math><mi xlink:href="javascript:alert(1)">x</mi></math>'],
  ['math mXSS', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>'],
  ['noscript mXSS', '<noscript><p title="</noscript><img src=x onerror=alert(1)>">'],
  ['form action', '<form action="javascript:alert(1)"><button>x</button></form>'],
  ['button formaction', '<button formaction="javascript:alert(1)">x</button>'],
  ['object', '<object data="javascript:alert(1)"></object>'],
  ['embed', '<embed src="javascript:alert(1)">'],
  ['base', '<base href="javascript:alert(1)//">'],
  ['meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">'],
  ['link stylesheet', '<link rel="stylesheet" href="//evil.example/x.css">'],
  ['comment', '<!-- --><script>alert(1)</script> -->'],
  ['markdown javascript link', '[x](javascript:alert(1))'],
  ['markdown mixed case', '[x](JaVaScRiPt:alert(1))'],
  ['markdown leading spaces', '[x](   javascript:alert(1))'],
  ['markdown tab in scheme', '[x](<java\tscript:alert(1)>)'],
  ['markdown tab entity', '[x](java&#x09;script:alert(1))'],
  ['markdown newline entity', '[x](java&#10;script:alert(1))'],
  ['markdown named entities', '[x](javascript&colon;alert(1)) [y](java&Tab;script:alert(1))'],
  ['markdown numeric entities', '[x](&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1))'],
  ['markdown leading control character', '[x](&#1;javascript:alert(1))'],
  ['markdown reference link', '[x][evil]\n\n[evil]: javascript:alert(1)'],
  ['markdown vbscript', '[x](vbscript:msgbox(1)) [y](VBScript:msgbox(1))'],
  ['markdown data link', '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
  ['autolink javascript', '<javascript:alert(1)> <JAVASCRIPT:alert(1)>'],
  ['autolink vbscript and data', '<vbscript:msgbox(1)> <data:text/html,x>'],
  ['image javascript', '![x](javascript:alert(1))'],
  ['image data svg', '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)'],
  ['image data, upper case', '![x](DATA:image/png;base64,AAAA)'],
  ['title breaking out', '[x](https://ok.example "a\\" onmouseover=\\"alert(1)")'],
  ['alt breaking out', '![x" onerror="alert(1)](https://ok.example/a.png)'],
  ['link text with a tag', '[<img src=x onerror=alert(1)>](https://ok.example)'],
  ['table cell with HTML', '| a |\n| - |\n| <script>alert(1)</script><img src=x onerror=alert(1)> |'],
];

describe('renderMarkdown: hostile descriptions render inert', () => {
  it.each(hostile)('%s', (_label, markdown) => {
    expectInert(renderMarkdown(markdown));
    expectInert(renderMarkdown(markdown, { inline: true }));
  });

  it('shows `</script>` in code as text only', () => {
    const markdown = '`</script><script>alert(1)</script>`\n\n```\n</script>\n```';
    expectInert(renderMarkdown(markdown));
    expect(renderMarkdown(markdown)).toContain('<code>&#x3C;/script>&#x3C;script>alert(1)&#x3C;/script></code>');
    // As plain text it is what the author wrote; whoever embeds the text escapes it for its context.
    expect(markdownToText(markdown)).toBe('</script><script>alert(1)</script> </script>');
  });

  it('the inertness check catches what it should', () => {
    // Guards the guard: if these stopped failing, every hostile case above would pass vacuously.
    expect(() => expectInert('<p><a href="java&#x09;script&colon;x">x</a></p>')).toThrow();
    expect(() => expectInert('<img alt=">" OnError="x">')).toThrow();
    expect(() => expectInert('<SVG>')).toThrow();
    expect(() => expectInert('<a href=" DATA:text/html,x">')).toThrow();
  });

  it('keeps the harmless parts of a hostile description', () => {
    expect(renderMarkdown('Hover <b onmouseover=alert(1)>me</b>')).toBe('<p>Hover me</p>');
    expect(renderMarkdown('[x](javascript:alert(1))')).toBe('<p><a>x</a></p>');
  });
});

describe('markdownToText', () => {
  it('drops all formatting and keeps the words', () => {
    expect(markdownToText('# Pets\n\nA *very* **good** `Pet`, see [docs](https://example.com).\n\n- one\n- two')).toBe(
      'Pets A very good Pet, see docs. one two',
    );
  });

  it('keeps words that formatting splits, and separates cells and paragraphs', () => {
    expect(markdownToText('**bold**ness\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\nEnd')).toBe('boldness a b 1 2 End');
  });

  it('reads images as their alt text, as the page shows them', () => {
    expect(markdownToText('![A dog](https://img.example/dog.png) sits')).toBe('Image: A dog sits');
  });

  it.each(hostile)('has no HTML left from: %s', (_label, markdown) => {
    expect(markdownToText(markdown)).not.toMatch(/[<>]/);
  });

  it('decodes entities to the characters they stand for (callers escape for their context)', () => {
    expect(markdownToText('Returns a list of &lt;Pet&gt; &amp; more')).toBe('Returns a list of <Pet> & more');
  });
});

describe('renderMarkdown: footnotes', () => {
  it('link to their notes and back: every #fragment is the id of an element', () => {
    const html = renderMarkdown('Text with a note[^1].\n\n[^1]: The note.');
    const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
    const targets = [...html.matchAll(/ href="#([^"]+)"/g)].map((m) => m[1]);
    expect(targets).toEqual(['user-content-fn-1', 'user-content-fnref-1']);
    for (const target of targets) expect(ids).toContain(target);
  });

  // The introduction shows the API's description and each group's; a page may hold several descriptions.
  it('are each block’s own: two blocks on one page share no id, and each links only within itself', () => {
    const api = 'The API.[^1] See [the note](#user-content-fn-1).\n\n[^1]: The API’s note.';
    const group = 'A group.[^1]\n\n[^1]: The group’s note.';
    const blocks = [
      renderMarkdown(api, { highestHeading: 3, headingIds: 'about-api-', idPrefix: idPrefixFor('api', api) }),
      renderMarkdown(group, { idPrefix: idPrefixFor('group-pets', group) }),
      // The same text again under another owner (cached by text and options): ids of its own.
      renderMarkdown(group, { idPrefix: idPrefixFor('group-store', group) }),
      // A block with no owner: ids made from its text.
      renderMarkdown(api, { idPrefix: idPrefixFor(undefined, api) }),
    ];
    const idsOf = (html: string) => [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1] ?? '');
    const seen = new Set<string>();
    for (const html of blocks) {
      const ids = idsOf(html);
      expect(ids.length).toBeGreaterThan(2);
      for (const id of ids) {
        expect(id).toMatch(/^user-content-[a-z0-9-]+$/);
        expect(seen.has(id)).toBe(false);
        seen.add(id);
      }
      const references = [...html.matchAll(/ (?:href="#|aria-describedby=")([^"]+)"/g)].map((m) => m[1]);
      expect(references.length).toBeGreaterThan(2);
      for (const reference of references) expect(ids).toContain(reference);
    }
    expect(blocks[0]).toContain('<li id="user-content-api-fn-1">');
  });

  it('keep one rendering of a text without footnotes, whatever its owner', () => {
    expect(renderMarkdown('Plain.', { idPrefix: 'a-' })).toBe(renderMarkdown('Plain.'));
  });
});
