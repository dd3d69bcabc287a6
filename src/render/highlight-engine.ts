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
import { createHighlighter, type Highlighter, type ShikiTransformer, type ThemeRegistration } from 'shiki';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';

// The high-contrast variants keep every token above WCAG AA contrast on their backgrounds.
const themes = { light: 'github-light-high-contrast', dark: 'github-dark-high-contrast' } as const;
export const languages = [
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

/** The highlighter, the theme it tokenizes with, and the transformers that depend on its themes (made once with it). */
interface Loaded {
  shiki: Highlighter;
  /** Shiki's option for the theme(s): one tokenization with the two themes' rules side by side, or both themes. */
  theme: { theme: string } | { themes: typeof themes; defaultColor: 'light' };
  transformers: ShikiTransformer[];
}
let highlighter: Promise<Loaded> | undefined;

/** Characters of code highlighted token by token; longer code is plain text. */
export const maxHighlightedLength = 10_000;

function load(): Promise<Loaded> {
  highlighter ??= (async () => {
    // Shiki's JavaScript regex engine: the same output as Oniguruma for these grammars (compared when switching),
    // about a quarter faster, and no WebAssembly to load.
    const shiki = await createHighlighter({
      themes: Object.values(themes),
      langs: languages,
      engine: createJavaScriptRegexEngine(),
    });
    const plain = plainTokens(shiki.getTheme(themes.light).fg, shiki.getTheme(themes.dark).fg);
    const dual = sideBySide(shiki.getTheme(themes.light), shiki.getTheme(themes.dark));
    if (!dual) return { shiki, theme: { themes, defaultColor: 'light' }, transformers: [colourClasses, plain] };
    await shiki.loadTheme(dual.theme);
    return { shiki, theme: { theme: dual.theme.name ?? '' }, transformers: [pairedColourClasses(dual.classes), plain] };
  })();
  return highlighter;
}

/**
 * The two themes as one, tokenized once. Shiki colours code in two themes by tokenizing it twice, once per theme,
 * and tokenizing is nearly all of highlighting's cost (two thirds of a render worker's time on Microsoft Graph's
 * description). GitHub's light and dark themes share their rules (the same scopes in the same order, differing only
 * in colour), so whichever rule colours a token in one colours it in the other. This theme gives each rule a colour
 * of its own, standing for the pair (`classes`: that colour's two classes, `l-…` and `d-…`): one tokenization
 * then yields both themes' colours (Shiki draws no background for a grammar's tokens, so only foregrounds are
 * paired). Undefined where the themes' rules differ (a future release of them), and then both are tokenized as
 * before.
 */
function sideBySide(
  light: ThemeRegistration,
  dark: ThemeRegistration,
): { theme: ThemeRegistration; classes: Map<string, string[]> } | undefined {
  const lightRules = light.settings ?? [];
  const darkRules = dark.settings ?? [];
  const shape = (rule: (typeof lightRules)[number]) =>
    JSON.stringify([rule.scope, rule.settings.fontStyle, Object.keys(rule.settings).sort()]);
  if (
    lightRules.length !== darkRules.length ||
    lightRules.some((rule, i) => shape(rule) !== shape(darkRules[i] ?? rule))
  )
    return undefined;
  const code = (n: number) => `#${n.toString(16).padStart(6, '0')}`;
  const classes = new Map<string, string[]>();
  const paired = (n: number, lightColour: string | undefined, darkColour: string | undefined) => {
    if (!lightColour || !darkColour) return undefined;
    classes.set(code(n), [colourClass('l', lightColour), colourClass('d', darkColour)]);
    return code(n);
  };
  const settings = lightRules.map((rule, i) => {
    const foreground = paired(i + 1, rule.settings.foreground, darkRules[i]?.settings.foreground);
    return {
      ...rule,
      settings: { ...rule.settings, ...(foreground ? { foreground } : {}) },
    };
  });
  const fg = paired(0, light.fg, dark.fg);
  return {
    theme: { ...light, name: 'petstore-light-and-dark', settings, tokenColors: settings, ...(fg ? { fg } : {}) },
    classes,
  };
}

/** Highlighted HTML (a `<pre class="shiki">`); unknown languages fall back to plain text. */
export async function highlightHere(code: string, language: string): Promise<string> {
  const { shiki, theme, transformers } = await load();
  // Beyond this size (GitHub's descriptions have examples of tens of kilobytes) a block is shown as plain text:
  // colouring every token of it made one page thousands of elements, and a reader skims such a block rather than
  // reads it.
  const long = code.length > maxHighlightedLength;
  const lang = !long && shiki.getLoadedLanguages().includes(language) ? language : 'text';
  // No time limit per line (Shiki stops tokenizing a line after 500 ms by default): on a busy machine the first
  // line a fresh engine meets could pass it while the grammar's regexes compile, and that line came out in one
  // colour, the next lines in shifted ones, in one theme only, on some builds and not others. The code is
  // bounded by maxHighlightedLength, so there is no runaway to guard against.
  return shiki.codeToHtml(code, { lang, ...theme, transformers, tokenizeTimeLimit: 0 });
}

type CodeElement = Parameters<NonNullable<ShikiTransformer['code']>>[0];

/**
 * Fewer elements and bytes for the same look: the block's colours move to the stylesheet, tokens in the
 * block's own colours (both themes) become plain text, the per-line wrappers go (nothing here styles lines),
 * and neighbours of one colour merge. A JSON line was five elements, now two.
 */
function plainTokens(lightFg: string, darkFg: string): ShikiTransformer {
  const inherited = new Set([colourClass('l', lightFg), colourClass('d', darkFg)]);
  const classesOf = (element: CodeElement): string[] => {
    const value = element.properties.class;
    if (Array.isArray(value)) return value.map(String);
    return typeof value === 'string' ? value.split(/\s+/) : [];
  };
  return {
    name: 'petstore:plain-tokens',
    // The block's colours come from the stylesheet (`highlightStyles`), not an inline style on every block.
    pre(node) {
      node.properties.class = 'shiki';
      delete node.properties.style;
    },
    code(node) {
      const children: CodeElement['children'] = [];
      for (const child of node.children) {
        if (child.type !== 'element' || !classesOf(child).includes('line')) {
          children.push(child);
          continue;
        }
        for (const token of child.children) {
          const plain =
            token.type === 'element' &&
            token.properties.style === undefined &&
            classesOf(token).every((name) => inherited.has(name));
          const previous = children.at(-1);
          if (plain) children.push(...token.children);
          else if (
            // Neighbours of one colour become one element.
            token.type === 'element' &&
            previous?.type === 'element' &&
            token.properties.style === undefined &&
            previous.properties.style === undefined &&
            classesOf(previous).join(' ') === classesOf(token).join(' ')
          )
            previous.children.push(...token.children);
          else children.push(token);
        }
      }
      node.children = children;
    },
  };
}

/**
 * A transformer that moves a token's colours from its inline style to classes (`classesOf` names them for one
 * declaration, or none to keep it inline), as `class="l-0e1116 d-f0f3f6"`: the stylesheet colours them.
 */
function colourClassesBy(
  name: string,
  classesOf: (property: string, value: string) => string[] | undefined,
): ShikiTransformer {
  return {
    name,
    span(node) {
      const style = node.properties.style;
      if (typeof style !== 'string') return;
      const rest: string[] = [];
      const classes: string[] = [];
      for (const declaration of style.split(';')) {
        const [property = '', value = ''] = declaration.split(':').map((part) => part.trim());
        const named = classesOf(property, value);
        if (named) classes.push(...named);
        else if (property) rest.push(`${property}:${value}`);
      }
      if (classes.length === 0) return;
      this.addClassToHast(node, classes);
      if (rest.length > 0) node.properties.style = rest.join(';');
      else delete node.properties.style;
    },
  };
}

/** A token's colour in the side-by-side theme (`sideBySide`) stands for a light and a dark one: both classes. */
function pairedColourClasses(classes: ReadonlyMap<string, string[]>): ShikiTransformer {
  return colourClassesBy('petstore:paired-colour-classes', (property, value) =>
    property === 'color' ? classes.get(value.toLowerCase()) : undefined,
  );
}

/** `color:#0E1116;--shiki-dark:#F0F3F6` on a token becomes `class="l-0e1116 d-f0f3f6"`; other styles stay inline. */
const colourClasses = colourClassesBy('petstore:colour-classes', (property, value) => {
  if (!/^#[0-9a-f]{6}$/i.test(value)) return undefined;
  if (property === 'color') return [colourClass('l', value)];
  if (property === '--shiki-dark') return [colourClass('d', value)];
  return undefined;
});

/** The class that colours a token `colour` (`#0E1116`) in the light (`l`) or dark (`d`) theme: `l-0e1116`. */
function colourClass(theme: 'l' | 'd', colour: string): string {
  return `${theme}-${colour.slice(1).toLowerCase()}`;
}

/** The stylesheet for highlighted code: each theme's block colours and every foreground colour. */
export function highlightStyles(): Promise<string> {
  styles ??= buildHighlightStyles();
  return styles;
}
let styles: Promise<string> | undefined;

async function buildHighlightStyles(): Promise<string> {
  const { shiki } = await load();
  const palette = (name: string) => {
    const theme = shiki.getTheme(name);
    const colours = [theme.fg, ...theme.settings.map((s) => s.settings?.foreground)];
    return [
      ...new Set(
        colours
          .filter((c): c is string => typeof c === 'string' && /^#[0-9a-f]{6}$/i.test(c))
          .map((c) => c.toLowerCase()),
      ),
    ];
  };
  const block = (name: string) => {
    const theme = shiki.getTheme(name);
    return `color:${theme.fg};background-color:${theme.bg}`;
  };
  const light = [
    `.pst-code pre.shiki{${block(themes.light)}}`,
    ...palette(themes.light).map((colour) => `.pst-code .${colourClass('l', colour)}{color:${colour}}`),
  ];
  const dark = [
    `:root[data-theme='dark'] .pst-code pre.shiki{${block(themes.dark)}}`,
    ...palette(themes.dark).map(
      (colour) => `:root[data-theme='dark'] .pst-code .${colourClass('d', colour)}{color:${colour}}`,
    ),
  ];
  return [...light, ...dark].join('\n');
}
