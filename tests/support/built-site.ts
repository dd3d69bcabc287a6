/** Reading a built site from disk: its files, and every internal link and anchor (of pages and twins) that does not resolve. */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Every file below a folder. */
export function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

/**
 * Internal links (href and src) of every HTML page that leave the base path,
 * lead to no file, or name an anchor the target page lacks. `base` is the
 * path the site is served under ("" at the root, "/docs" below it).
 */
export function brokenLinks(dist: string, base = ''): string[] {
  const idsOf = new Map<string, Set<string>>();
  const ids = (file: string) => {
    let found = idsOf.get(file);
    if (!found) {
      found = new Set([...readFileSync(file, 'utf8').matchAll(/\sid="([^"]+)"/g)].map((m) => decode(m[1] ?? '')));
      idsOf.set(file, found);
    }
    return found;
  };
  const broken = new Set<string>();
  for (const file of walk(dist).filter((f) => f.endsWith('.html'))) {
    const pageUrl = `${base}/${path.relative(dist, file).replace(/index\.html$/, '')}`;
    for (const match of readFileSync(file, 'utf8').matchAll(/\s(?:href|src)="([^"]+)"/g)) {
      const raw = decode(match[1] ?? '');
      if (/^(https?:|mailto:|data:|\/\/)/.test(raw)) continue;
      const target = new URL(raw, `http://site${pageUrl}`);
      if (!target.pathname.startsWith(`${base}/`)) {
        broken.add(`${pageUrl} → ${raw} (leaves the base path)`);
        continue;
      }
      const targetFile = fileFor(dist, decodeURIComponent(target.pathname.slice(base.length)));
      if (!targetFile) {
        broken.add(`${pageUrl} → ${raw} (no such page)`);
        continue;
      }
      const anchor = decodeURIComponent(target.hash.slice(1));
      if (anchor && targetFile.endsWith('.html') && !ids(targetFile).has(anchor)) {
        broken.add(`${pageUrl} → ${raw} (no #${anchor} there)`);
      }
    }
  }
  return [...broken];
}

/**
 * Links of every Markdown twin (`.md`) and of `llms.txt` that lead into the site and to no file there, or name an
 * anchor its HTML page lacks. Agents follow them as readers follow a page's: `[text](/reference/…/)`,
 * `[text](https://portal.invalid/…)` (`origin`: the site's address the build wrote, without SITE_URL that
 * placeholder), relative ones from the twin's own address. Other sites' links are not followed.
 */
export function brokenTwinLinks(dist: string, origin = 'https://portal.invalid', base = ''): string[] {
  const broken = new Set<string>();
  const files = walk(dist).filter((f) => f.endsWith('.md') || path.relative(dist, f) === 'llms.txt');
  for (const file of files) {
    const url = `${base}/${path.relative(dist, file)}`;
    const text = readFileSync(file, 'utf8').replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
    for (const match of text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      const raw = match[1] ?? '';
      const target = new URL(raw, `${origin}${url}`);
      if (target.origin !== new URL(origin).origin) continue;
      if (!target.pathname.startsWith(`${base}/`)) {
        broken.add(`${url} → ${raw} (leaves the base path)`);
        continue;
      }
      const targetFile = fileFor(dist, decodeURIComponent(target.pathname.slice(base.length)));
      if (!targetFile) {
        broken.add(`${url} → ${raw} (no such file)`);
        continue;
      }
      const anchor = decodeURIComponent(target.hash.slice(1));
      if (anchor && targetFile.endsWith('.html')) {
        const ids = new Set(
          [...readFileSync(targetFile, 'utf8').matchAll(/\sid="([^"]+)"/g)].map((m) => decode(m[1] ?? '')),
        );
        if (!ids.has(anchor)) broken.add(`${url} → ${raw} (no #${anchor} there)`);
      }
    }
  }
  return [...broken];
}

function fileFor(dist: string, pathname: string): string | undefined {
  const candidates = [
    path.join(dist, pathname),
    path.join(dist, pathname, 'index.html'),
    path.join(dist, `${pathname}.html`),
  ];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile());
}

function decode(text: string): string {
  return text
    .replaceAll('&amp;', '&')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>');
}

/** The folders whose every page has a Markdown twin: the reference, the guides and the changelog. */
const twinnedFolders = ['reference', 'guides', 'changelog'];

/**
 * Pages without a Markdown twin: each HTML page under `twinnedFolders` must announce one with
 * `<link rel="alternate" type="text/markdown">`, the file must exist, and every `h2`/`h3` the page's content shows
 * must be a heading of the twin.
 */
export function twinProblems(dist: string, base = ''): string[] {
  const problems: string[] = [];
  const pages = twinnedFolders
    .filter((folder) => existsSync(path.join(dist, folder)))
    .flatMap((folder) => walk(path.join(dist, folder)))
    .filter((f) => f.endsWith('index.html'));
  for (const file of pages) {
    const html = readFileSync(file, 'utf8');
    const page = `/${path.relative(dist, file).replace(/index\.html$/, '')}`;
    const href = /<link rel="alternate" type="text\/markdown" href="([^"]+)"/.exec(html)?.[1];
    if (!href) {
      problems.push(`${page}: announces no twin`);
      continue;
    }
    const twinFile = fileFor(dist, decode(href).slice(base.length));
    if (!twinFile) {
      problems.push(`${page}: its twin ${href} is not in the build`);
      continue;
    }
    const twin = new Set([...readFileSync(twinFile, 'utf8').matchAll(/^#{2,3} (.+)$/gm)].map((m) => plain(m[1] ?? '')));
    const content = html.slice(html.indexOf('<main'));
    for (const m of content.matchAll(/<h([23])\b([^>]*)>([\s\S]*?)<\/h\1>/g)) {
      // GFM's footnotes heading: in the twin the footnotes are Markdown's own (`[^1]: …`).
      if (/id="[^"]*footnote-label"/.test(m[2] ?? '')) continue;
      const text = plain(decode((m[3] ?? '').replace(/<[^>]+>/g, '')));
      // Starlight's own "On this page" heading is no part of the page's content.
      if (text && text !== 'On this page' && !twin.has(text))
        problems.push(`${page}: heading "${text}" not in ${href}`);
    }
  }
  return problems;
}

/** A heading's words, without Markdown escapes, links or code marks, whitespace collapsed. */
const plain = (text: string) =>
  text
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\\(.)/g, '$1')
    .replaceAll('&lt;', '<')
    .replace(/`/g, '')
    .replace(/\s+/g, ' ')
    .trim();
