/**
 * Text from the description lands in contexts that need their own escaping: the `<title>` (Starlight writes head
 * entries as HTML), and the Content-Security-Policy, which must allow the portal's own inline scripts and never a
 * script the description's text brings.
 */
import path from 'node:path';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import Head from '../../src/components/starlight/Head.astro';
import { checkSpecText } from '../../src/openapi/load-spec.ts';
import { headScripts, inlineScriptsOfComponent, ownInlineScripts } from '../../src/publishing/own-inline-scripts.ts';
import { operationTitle, tagLabel } from '../../src/reference/routes.ts';
import { minimalSpec, modelOf } from './support/check.ts';

const root = path.resolve(import.meta.dirname, '../..');
const hostileTitle = 'Pets </title><img src=x onerror=alert(1)><script>alert(2)</script>';

describe('the page head', () => {
  it('writes the title as text, and the portal’s own head script as a script', async () => {
    const container = await AstroContainer.create();
    // Only the route's `head` is read by the component.
    const starlightRoute = {
      head: [
        { tag: 'title', attrs: {}, content: `Get a pet | ${hostileTitle}` },
        { tag: 'meta', attrs: { property: 'og:title', content: hostileTitle }, content: '' },
        { tag: 'script', attrs: {}, content: headScripts[0] },
      ],
    };
    const html = await container.renderToString(Head, { locals: { starlightRoute } as unknown as App.Locals });
    expect(html).toContain(
      '<title>Get a pet | Pets &lt;/title&gt;&lt;img src=x onerror=alert(1)&gt;&lt;script&gt;alert(2)&lt;/script&gt;</title>',
    );
    // Outside attribute values (where `<` is only text), the one element that runs is the portal's own head script
    // (the page's behaviour module is linked by the page, not the head: src/integration/page-script.ts).
    const markup = html.replace(/"[^"]*"/g, '""');
    expect(markup).not.toContain('<img');
    expect(markup.match(/<script\b/g)).toHaveLength(1);
    expect(html).toContain(`<script>${headScripts[0]}</script>`);
  });
});

describe('the inline scripts the CSP allows', () => {
  it('are read from the components’ sources: `is:inline` bodies, not bundled scripts', () => {
    const source = `---\n---\n<script is:inline>\n  a();\n</script>\n<script>import x from './x';</script>\n<script is:inline aria-hidden="true">b()</script>`;
    expect(inlineScriptsOfComponent(source)).toEqual(['\n  a();\n', 'b()']);
  });

  it('are the head scripts and the inline scripts of our and Starlight’s components, and nothing a description wrote', () => {
    const own = ownInlineScripts(root);
    for (const script of headScripts) expect(own).toContain(script);
    // Ours (the theme provider) and Starlight's (the sidebar's scroll restore) are both there.
    expect([...own].some((script) => script.includes('window.StarlightThemeProvider'))).toBe(true);
    expect([...own].some((script) => script.includes('_starlightScrollRestore'))).toBe(true);
    expect([...own].some((script) => script.includes('alert'))).toBe(false);
  });
});

describe('control characters in the API’s title', () => {
  it('are left out of the model, with a warning at info.title', async () => {
    const model = await modelOf(minimalSpec.replace('title: Tiny', 'title: "Ti\\x01ny\\x7F"'));
    expect(model.info.title).toBe('Tiny');
    const result = await checkSpecText(minimalSpec.replace('title: Tiny', 'title: "Ti\\x01ny"'));
    expect(result.ok).toBe(true);
    const warnings = result.ok ? result.model.warnings : [];
    expect(warnings).toContainEqual(
      expect.objectContaining({
        severity: 'warning',
        pointer: '/info/title',
        message: '`info.title` holds the control character U+0001, which no page can show; it is left out.',
        position: { line: 3, column: 3 },
      }),
    );
  });
});

describe('right-to-left overrides in names', () => {
  const rlo = '\u202E';
  it('are isolated, so an override left open cannot reverse what follows the name', async () => {
    const text = minimalSpec
      .replace('title: Tiny', `title: "Pets ${rlo}gnp.exe"`)
      .replace('      tags: [Things]', `      summary: "Get a thing ${rlo}gnp.exe"\n      tags: [Things]`);
    const model = await modelOf(text);
    expect(model.info.title).toBe(`\u2068Pets ${rlo}gnp.exe\u2069`);
    const operation = model.operations[0];
    expect(operation && operationTitle(operation)).toBe(`\u2068Get a thing ${rlo}gnp.exe\u2069`);
    expect(tagLabel({ name: `Things ${rlo}` })).toBe(`\u2068Things ${rlo}\u2069`);
    // Names without such controls are left as they are.
    expect(tagLabel({ name: 'Things' })).toBe('Things');
  });
});
