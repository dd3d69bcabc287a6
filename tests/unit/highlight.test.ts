/**
 * Build-time highlighting: tokens coloured by class in both themes, plain text where colour adds nothing,
 * and very long blocks (real descriptions have examples of tens of kilobytes) as plain text, escaped either way.
 */
import path from 'node:path';
import { createHighlighter } from 'shiki';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import { describe, expect, it } from 'vitest';
import { loadApiModel, resolveSpecPath } from '../../src/openapi/index.ts';
import { codeSamples } from '../../src/openapi/samples.ts';
import { highlightHere, highlightStyles, languages, maxHighlightedLength } from '../../src/render/highlight-engine.ts';

/** Each character but whitespace, with the light and dark colour it is drawn in (`l-…`/`d-…` classes or Shiki's styles). */
function colouredCharacters(html: string, base: string): string[] {
  const code = html.replace(/^[\s\S]*?<code>/, '').replace(/<\/code>[\s\S]*$/, '');
  const drawn: string[] = [];
  const open: string[] = [];
  for (const [tag, attributes = '', text] of code.matchAll(/<span([^>]*)>|<\/span>|([^<]+)/g)) {
    if (text !== undefined) {
      const decoded = text
        .replaceAll('&#x3C;', '<')
        .replaceAll('&lt;', '<')
        .replaceAll('&gt;', '>')
        .replaceAll('&amp;', '&');
      for (const character of decoded) if (/\S/.test(character)) drawn.push(`${character} ${open.at(-1) ?? base}`);
    } else if (tag === '</span>') open.pop();
    else {
      const classes = /class="l-(\w{6}) d-(\w{6})"/.exec(attributes);
      const light = /color:#(\w{6})/i.exec(attributes)?.[1];
      const dark = /--shiki-dark:#(\w{6})/i.exec(attributes)?.[1];
      const style = /font-style:(\w+)/.exec(attributes)?.[1] ?? '';
      const colours = classes
        ? `${classes[1]}/${classes[2]}`
        : light && dark
          ? `${light}/${dark}`.toLowerCase()
          : undefined;
      open.push(`${colours ?? open.at(-1) ?? base}${style}`);
    }
  }
  return drawn;
}

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

  it('colours every character as Shiki does in each theme, in every language it highlights', async () => {
    const themes = { light: 'github-light-high-contrast', dark: 'github-dark-high-contrast' } as const;
    const reference = await createHighlighter({
      themes: Object.values(themes),
      langs: languages,
      engine: createJavaScriptRegexEngine(),
    });
    const model = await loadApiModel(resolveSpecPath(path.resolve(import.meta.dirname, '../..')));
    const blocks = model.operations.flatMap((operation) =>
      codeSamples(model, operation).map((sample) => ({ code: sample.code, language: sample.language })),
    );
    blocks.push(
      { code: '{"pets": [{"id": 1, "name": "Rex", "tags": null, "sold": false}]}', language: 'json' },
      { code: 'pets:\n  - id: 1 # first\n    name: "Rex"\n    tags: [a, b]', language: 'yaml' },
      { code: 'GET /pets?limit=2 HTTP/1.1\nHost: api.example.com\nAuthorization: Bearer t', language: 'http' },
      { code: '<?php\n$r = $client->get("/pets", ["limit" => 2]); // list\necho $r->getBody();', language: 'php' },
      { code: 'require "net/http"\nres = Net::HTTP.get(URI("https://x/pets")) # list\nputs res', language: 'ruby' },
      { code: 'var r = HttpRequest.newBuilder(URI.create("https://x/pets")).build(); // list', language: 'java' },
      { code: 'var r = await client.GetAsync("https://x/pets"); // list\nConsole.WriteLine(r);', language: 'csharp' },
      {
        code: 'const r: Response = await fetch(`/pets/` + id); // list\ntype Pet = { id: number };',
        language: 'typescript',
      },
    );
    // Every language the engine loads, so that one added later is checked too.
    expect(new Set(blocks.map((block) => block.language))).toEqual(new Set(languages));
    const base = (theme: string) => reference.getTheme(theme).fg.slice(1).toLowerCase();
    const fg = `${base(themes.light)}/${base(themes.dark)}`;
    for (const { code, language } of blocks) {
      const expected = reference.codeToHtml(code, { lang: language, themes, defaultColor: 'light' });
      const ours = await highlightHere(code, language);
      expect(colouredCharacters(ours, fg), `${language}: ${code.slice(0, 60)}`).toEqual(
        colouredCharacters(expected, fg),
      );
      // Coloured at all: more than one colour pair in the block.
      expect(new Set(colouredCharacters(ours, fg).map((drawn) => drawn.split(' ')[1])).size).toBeGreaterThan(1);
    }
  });

  it('shows a language it does not know (an x-codeSamples language) as escaped plain text', async () => {
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
