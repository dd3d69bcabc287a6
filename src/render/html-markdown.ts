/**
 * A rendered page's content as Markdown, for the Markdown twins of pages written as components or MDX (the guides,
 * the changelog): the twin is made from the very HTML the page shows, so it has the same headings and words and
 * cannot drift from it. rehype-remark does the conversion; this module only takes out what is page furniture
 * (anchor links, copy buttons, scripts, icons) and makes links site paths.
 */
import type { Element, ElementContent, Root, RootContent } from 'hast';
import rehypeParse from 'rehype-parse';
import rehypeRemark from 'rehype-remark';
import remarkGfm from 'remark-gfm';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';

/** Elements that are furniture, not content. */
const dropped = new Set(['button', 'script', 'style', 'link', 'svg', 'template', 'noscript', 'meta']);

const classes = (node: Element) => {
  const value = node.properties.className;
  return Array.isArray(value) ? value.map(String) : [];
};

function isFurniture(node: Element): boolean {
  if (dropped.has(node.tagName)) return true;
  if (node.properties.hidden !== undefined && node.properties.hidden !== false) return true;
  if (node.properties.ariaHidden === 'true') return true;
  // Starlight's "Section titled …" anchor beside each heading.
  return classes(node).includes('sl-anchor-link');
}

/** A link's target as a site path (resolved against the page's own path) or left as an absolute URL. */
function siteHref(href: string, pagePath: string): string {
  const origin = 'http://page.invalid';
  const url = new URL(href, `${origin}${pagePath}`);
  return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : url.href;
}

/** Block elements a table cell may hold on the page but a GFM cell cannot: their content is run together. */
const blocksInCell = new Set(['p', 'div', 'ul', 'ol', 'li', 'section']);

/** A cell's blocks as one line, `;` between list items and a space between paragraphs. */
function inlineBlocks(children: ElementContent[]): ElementContent[] {
  return children.flatMap((child, index): ElementContent[] => {
    if (child.type !== 'element' || !blocksInCell.has(child.tagName)) return [child];
    const separator = child.tagName === 'li' && index > 0 ? '; ' : ' ';
    return [{ type: 'text', value: separator }, ...inlineBlocks(child.children)];
  });
}

function tidy(node: Element, pagePath: string): void {
  node.children = node.children.flatMap((child): ElementContent[] => {
    if (child.type === 'comment') return [];
    if (child.type !== 'element') return [child];
    if (isFurniture(child)) return [];
    // Expressive Code's frame caption ("Terminal window") is read by screen readers beside the code, not content.
    if (child.tagName === 'figcaption' && classes(node).includes('frame')) return [];
    tidy(child, pagePath);
    return [child];
  });
  if (node.tagName === 'td' || node.tagName === 'th') node.children = inlineBlocks(node.children);
  // A component's indentation around its <code> is markup layout, not code.
  if (node.tagName === 'pre') node.children = node.children.filter((c) => c.type !== 'text' || c.value.trim() !== '');
  if (node.tagName === 'a' && typeof node.properties.href === 'string') {
    node.properties.href = siteHref(node.properties.href, pagePath);
  }
  // Expressive Code names a block's language on its <pre>; rehype-remark reads it from the <code>'s class.
  const language = node.properties.dataLanguage;
  if (node.tagName === 'pre' && typeof language === 'string') {
    for (const child of node.children) {
      if (child.type === 'element' && child.tagName === 'code') child.properties.className = [`language-${language}`];
    }
  }
}

/** A rehype plugin: the page's furniture out, its links as site paths. */
const tidyPage = (pagePath: string) => (tree: Root) => {
  const root: Element = { type: 'element', tagName: 'div', properties: {}, children: [] };
  root.children = tree.children.filter((child: RootContent): child is ElementContent => child.type !== 'doctype');
  tidy(root, pagePath);
  tree.children = root.children;
};

/** `html` (a page's content) as Markdown; relative links are resolved against `pagePath` (`/guides/x/`). */
export function htmlToMarkdown(html: string, pagePath: string): string {
  const processor = unified()
    .use(rehypeParse, { fragment: true })
    .use(() => tidyPage(pagePath))
    .use(rehypeRemark)
    .use(remarkGfm, { tablePipeAlign: false })
    .use(remarkStringify, { bullet: '-', fences: true, rule: '-' });
  return String(processor.processSync(html)).trim();
}
