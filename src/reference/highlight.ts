/**
 * Syntax highlighting at build time with Shiki, in a light and a dark theme
 * at once (CSS variables), so code reads well in both and ships no JavaScript.
 */
import { createHighlighter, type Highlighter } from 'shiki';

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
/** The same example appears on many pages (every error body, say); highlight each once per build. */
const cache = new Map<string, Promise<string>>();

/** Highlighted HTML (a `<pre class="shiki">`); unknown languages fall back to plain text. */
export function highlight(code: string, language: string): Promise<string> {
  const key = `${language}\u0000${code}`;
  let html = cache.get(key);
  if (!html) {
    html = render(code, language);
    cache.set(key, html);
  }
  return html;
}

async function render(code: string, language: string): Promise<string> {
  highlighter ??= createHighlighter({ themes: Object.values(themes), langs: languages });
  const shiki = await highlighter;
  const lang = shiki.getLoadedLanguages().includes(language) ? language : 'text';
  return shiki.codeToHtml(code, { lang, themes, defaultColor: 'light' });
}
