/**
 * The Shiki side of `highlight.ts` (which decides where it runs: here, or in
 * a worker thread during a build).
 *
 * Syntax highlighting at build time with Shiki, in a light and a dark theme
 * at once, with no JavaScript. Tokens get short colour classes instead of
 * Shiki's inline styles (`class="l-0e1116 d-f0f3f6"`), and one small
 * stylesheet, derived from the two themes' palettes, colours them: code is
 * the largest part of an operation page, and the styles repeated per token
 * were a third of it.
 */
import { createHighlighter, type Highlighter, type ShikiTransformer } from 'shiki';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';

// The high-contrast variants keep every token above WCAG AA contrast on their backgrounds.
const themes = { light: 'github-light-high-contrast', dark: 'github-dark-high-contrast' } as const;
const languages = [
  'bash',
  'javascript',
  'typescript',
  'python',
  'go',
  'json',
  'yaml',
  'http',
  'php',
  'ruby',
  'java',
  'csharp',
];

let highlighter: Promise<Highlighter> | undefined;

function load(): Promise<Highlighter> {
  // Shiki's JavaScript regex engine: the same output as Oniguruma for these grammars (compared when switching),
  // about a quarter faster, and no WebAssembly to load.
  highlighter ??= createHighlighter({
    themes: Object.values(themes),
    langs: languages,
    engine: createJavaScriptRegexEngine(),
  });
  return highlighter;
}

/** Highlighted HTML (a `<pre class="shiki">`); unknown languages fall back to plain text. */
export async function highlightHere(code: string, language: string): Promise<string> {
  const shiki = await load();
  const lang = shiki.getLoadedLanguages().includes(language) ? language : 'text';
  return shiki.codeToHtml(code, { lang, themes, defaultColor: 'light', transformers: [colourClasses] });
}

/** `color:#0E1116;--shiki-dark:#F0F3F6` on a token becomes `class="l-0e1116 d-f0f3f6"`; other styles stay inline. */
const colourClasses: ShikiTransformer = {
  name: 'petstore:colour-classes',
  span(node) {
    const style = node.properties.style;
    if (typeof style !== 'string') return;
    const rest: string[] = [];
    const classes: string[] = [];
    for (const declaration of style.split(';')) {
      const [property = '', value = ''] = declaration.split(':').map((part) => part.trim());
      const hex = /^#([0-9a-f]{6})$/i.exec(value)?.[1]?.toLowerCase();
      if (hex && property === 'color') classes.push(`l-${hex}`);
      else if (hex && property === '--shiki-dark') classes.push(`d-${hex}`);
      else if (property) rest.push(`${property}:${value}`);
    }
    if (classes.length === 0) return;
    this.addClassToHast(node, classes);
    if (rest.length > 0) node.properties.style = rest.join(';');
    else delete node.properties.style;
  },
};

/** The stylesheet for the colour classes: every foreground colour of each theme. */
export async function highlightStyles(): Promise<string> {
  const shiki = await load();
  const palette = (name: string) => {
    const theme = shiki.getTheme(name);
    const colours = [theme.fg, ...theme.settings.map((s) => s.settings?.foreground)];
    return [
      ...new Set(
        colours
          .filter((c): c is string => typeof c === 'string' && /^#[0-9a-f]{6}$/i.test(c))
          .map((c) => c.slice(1).toLowerCase()),
      ),
    ];
  };
  const light = palette(themes.light).map((hex) => `.pst-code .l-${hex}{color:#${hex}}`);
  const dark = palette(themes.dark).map((hex) => `:root[data-theme='dark'] .pst-code .d-${hex}{color:#${hex}}`);
  return [...light, ...dark].join('\n');
}
