/**
 * Markdown from the OpenAPI description (operation, tag, parameter, schema and info descriptions) → HTML or plain
 * text, at build time. The description is not ours, so everything it says goes through a sanitiser before it can
 * reach a page.
 */
import type { Element, Root, RootContent } from 'hast';
import rehypeExternalLinks from 'rehype-external-links';
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { type Transformer, unified } from 'unified';
import { isRelativeLink, savedLinkFragment, slugify, uniqueSlugs } from '../openapi/index.ts';
import { RecentCaches } from './recent-cache.ts';
import { type RenderMarkdownOptions, renderBackend } from './render-backend.ts';

export type { RenderMarkdownOptions } from './render-backend.ts';

/** Which way of rendering `options` asks for: the variant of the memos below. */
const variantOf = (options: RenderMarkdownOptions) =>
  `${options.inline ? 'inline' : 'block'}${options.searchOpeningOnly ? ' opening' : ''} h${options.highestHeading ?? HIGHEST_LEVEL} ${options.linkBase ?? ''} ${options.savedLinksAt ?? ''} ${options.headingIds ?? ''} ${options.idPrefix ?? ''}`;

/**
 * `options` as they matter for `markdown`: an `idPrefix` only changes a text with footnotes (the only ids a
 * description has of its own), so a text without one is rendered, and remembered, once whatever block it is.
 */
function optionsFor(markdown: string, options: RenderMarkdownOptions): RenderMarkdownOptions {
  if (options.idPrefix === undefined || markdown.includes('[^')) return options;
  const { idPrefix: _, ...rest } = options;
  return rest;
}

/**
 * The `idPrefix` of a block of Markdown on a page: made from `owner`, where the block is (`api`, `tag`, a group's
 * anchor, `response-200`), unique on the page; or, without one, from the text itself, so that two different
 * texts on one page still differ.
 */
export function idPrefixFor(owner: string | undefined, markdown: string): string {
  return `${owner === undefined ? `md${digest(markdown)}` : slugify(owner)}-`;
}

/** FNV-1a, in base 36. */
function digest(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(36);
}

// The same descriptions (shared headers, error responses, parameters) recur on page after page: rendering is
// pure, so a text is rendered once while it keeps coming. At 1,000 operations this saves most of the Markdown work.
// One memo per variant: each way of rendering HTML, and plain text.
const rendered = new RecentCaches<string>(4_000);
const asText = 'text';

/** Renders description Markdown (CommonMark + GFM) as sanitised HTML; raw HTML in the source is dropped. */
export function renderMarkdown(markdown: string, options: RenderMarkdownOptions = {}): string {
  const used = optionsFor(markdown, options);
  return rendered.get(variantOf(used), markdown, () => htmlOfTree(sanitisedTree(markdown), used));
}

/**
 * A description parsed to its sanitised HTML tree: what its HTML and its text are both made from, so one parse
 * can serve both (the render worker does that: a page asks for the text of its description, for its meta
 * description, and then for the same description as HTML).
 */
export function sanitisedTree(markdown: string): Root {
  return sanitising.runSync(sanitising.parse(markdown));
}

/** The HTML of a tree from `sanitisedTree`, rendered as `options` asks. Changes the tree: pass a copy to keep it. */
export function htmlOfTree(tree: Root, options: RenderMarkdownOptions = {}): string {
  const finishing = options.inline ? inlineFinishing : blockFinishing;
  const data = {
    highestHeading: options.highestHeading,
    headingIds: options.headingIds,
    linkBase: options.linkBase,
    savedLinksAt: options.savedLinksAt,
    searchOpeningOnly: options.searchOpeningOnly,
    idPrefix: options.idPrefix,
  };
  return finishing.stringify(finishing.runSync(tree, { data }));
}

/** The plain text of a tree from `sanitisedTree`, as `markdownToText` gives it. Leaves the tree as it is. */
export function textOfTree(tree: Root): string {
  return textOf(tree).replace(/\s+/g, ' ').trim();
}

const renderedElsewhere = new RecentCaches<Promise<string>>(4_000);

/** `renderMarkdown` for pages: in the render worker during builds (see `reference/render-backend.ts`), once per text. */
export function renderMarkdownForPage(markdown: string, options: RenderMarkdownOptions = {}): Promise<string> {
  const backend = renderBackend();
  if (!backend) return Promise.resolve(renderMarkdown(markdown, options));
  const used = optionsFor(markdown, options);
  return renderedElsewhere.get(variantOf(used), markdown, () => backend.markdown(markdown, used));
}

/** Description Markdown as plain text for meta descriptions, search and llms.txt (callers escape it as any string). */
export function markdownToText(markdown: string): string {
  return rendered.get(asText, markdown, () => textOfTree(sanitisedTree(markdown)));
}

/**
 * `markdownToText` for pages: in the render worker during builds, once per text. (Parsing every page's
 * description for its meta description was a noticeable share of the main thread's time.)
 */
export function markdownToTextForPage(markdown: string): Promise<string> {
  const backend = renderBackend();
  if (!backend) return Promise.resolve(markdownToText(markdown));
  return renderedElsewhere.get(asText, markdown, () => backend.text(markdown));
}

// GitHub's rules, minus every `class` (the portal styles descriptions itself, so a description must not borrow the
// site's classes), and no irc/xmpp links. `id`/`name` a description writes keep the default `user-content-` prefix so
// they cannot clash with the page's own anchors (the heading ids the portal adds, `headingIds`, carry a prefix of
// their own). Protocols are matched exactly, so `JavaScript:` or `java%09script:` fail (and so,
// harmlessly, does `HTTPS:`); URLs without a scheme (relative, `#fragment`) pass.
const schema: SanitizeSchema = {
  ...defaultSchema,
  attributes: Object.fromEntries(
    Object.entries(defaultSchema.attributes ?? {}).map(([tag, definitions]) => [
      tag,
      definitions.filter((definition) => (typeof definition === 'string' ? definition : definition[0]) !== 'className'),
    ]),
  ),
  protocols: { ...defaultSchema.protocols, href: ['http', 'https', 'mailto'], src: ['http', 'https'] },
};

/** What the sanitiser (and remark-rehype) put before the ids a description writes. */
const CLOBBER_PREFIX = defaultSchema.clobberPrefix ?? 'user-content-';

const HIGHEST_LEVEL = 4;
const HEADING_LEVELS: ReadonlyMap<string, number> = new Map([1, 2, 3, 4, 5, 6].map((level) => [`h${level}`, level]));

/**
 * A description's headings as its page shows them: moved so the highest is at `top`, in order (descriptions sit
 * under the page's sections), and, with `prefix`, each with its text and an id: the prefix and the text's slug, unique.
 */
function placedHeadings(tree: Root, top: number, prefix: string | undefined) {
  const headings = elementsOf(tree).flatMap((element) => {
    const level = HEADING_LEVELS.get(element.tagName);
    return level === undefined ? [] : [{ element, level }];
  });
  const highest = Math.min(...headings.map(({ level }) => level));
  const slug = uniqueSlugs();
  return headings.map(({ element, level }) => {
    const depth = Math.min(level + top - highest, 6);
    // A heading that has an id (GFM's footnotes label, which footnote references point at) keeps it and is no
    // section; nor is one with no text.
    if (prefix === undefined || element.properties.id !== undefined) return { element, depth, text: '', id: undefined };
    const text = textOf(element).replace(/\s+/g, ' ').trim();
    return { element, depth, text, id: text ? `${prefix}${slug(text)}` : undefined };
  });
}

function rehypeShiftHeadings(): Transformer<Root, Root> {
  return (tree, file) => {
    const data = file.data as { highestHeading?: unknown; headingIds?: unknown };
    const top = typeof data.highestHeading === 'number' ? data.highestHeading : HIGHEST_LEVEL;
    const prefix = typeof data.headingIds === 'string' ? data.headingIds : undefined;
    for (const { element, depth, id } of placedHeadings(tree, top, prefix)) {
      element.tagName = `h${depth}`;
      if (id !== undefined) element.properties.id = id;
    }
  };
}

/** The headings `renderMarkdown(markdown, options)` writes with `headingIds`: their depth, id and text. */
export function markdownHeadings(
  markdown: string,
  options: { highestHeading?: number; headingIds: string },
): { depth: number; slug: string; text: string }[] {
  const placed = placedHeadings(sanitisedTree(markdown), options.highestHeading ?? HIGHEST_LEVEL, options.headingIds);
  return placed.flatMap(({ depth, id, text }) => (id === undefined ? [] : [{ depth, slug: id, text }]));
}

/**
 * Images in descriptions become links to them: a remote image would be a tracking pixel (and the CSP refuses it
 * anyway), and a relative one would resolve against the portal, not the API's site.
 */
function rehypeImagesAsLinks() {
  return (tree: Root) => {
    for (const element of elementsOf(tree)) {
      if (element.tagName !== 'img') continue;
      const src = typeof element.properties.src === 'string' ? element.properties.src : '';
      const alt = String(element.properties.alt ?? '').trim();
      const label = `Image${alt ? `: ${alt}` : ''}`;
      element.children = [{ type: 'text', value: label }];
      if (/^https?:\/\//i.test(src)) {
        element.tagName = 'a';
        element.properties = { href: src };
      } else {
        element.tagName = 'span';
        element.properties = {};
      }
    }
  };
}

/** GitHub's alert kinds, and the Starlight aside each becomes (Starlight has four variants; GitHub five). */
const alertKinds: ReadonlyMap<string, { variant: 'note' | 'tip' | 'caution' | 'danger'; title: string }> = new Map([
  ['NOTE', { variant: 'note', title: 'Note' }],
  ['TIP', { variant: 'tip', title: 'Tip' }],
  ['IMPORTANT', { variant: 'note', title: 'Important' }],
  ['WARNING', { variant: 'caution', title: 'Warning' }],
  ['CAUTION', { variant: 'danger', title: 'Caution' }],
]);

/**
 * remark-rehype already prefixes footnote ids and their links with `user-content-`; the sanitiser prefixes every
 * id again, which left ids (`user-content-user-content-fn-1`) that the links (`#user-content-fn-1`) did not
 * reach. Raw HTML is dropped, so every id here comes from Markdown, and one prefix is enough.
 */
function rehypeSinglePrefix() {
  const doubled = `${CLOBBER_PREFIX}${CLOBBER_PREFIX}`;
  return (tree: Root) => {
    for (const element of elementsOf(tree)) {
      const { id } = element.properties;
      if (typeof id === 'string' && id.startsWith(doubled)) element.properties.id = id.slice(CLOBBER_PREFIX.length);
    }
  };
}

/**
 * With an `idPrefix`, the description's own ids (its footnotes' and their heading's, each `user-content-…`), the
 * ARIA references to them and its links to them (`#user-content-…`) become `user-content-<prefix>…`: two
 * descriptions with footnotes on one page (the API's and a group's) would otherwise both have `user-content-fn-1`,
 * and the second's links would lead to the first's notes. Done here rather than by remark-rehype's or the
 * sanitiser's `clobberPrefix`, so the sanitised tree stays one per text (its text and its HTML share one parse).
 */
function rehypeOwnIds(): Transformer<Root, Root> {
  return (tree, file) => {
    const prefix = (file.data as { idPrefix?: unknown }).idPrefix;
    if (typeof prefix !== 'string' || prefix === '') return;
    const own = (value: unknown) =>
      typeof value === 'string' && value.startsWith(CLOBBER_PREFIX)
        ? `${CLOBBER_PREFIX}${prefix}${value.slice(CLOBBER_PREFIX.length)}`
        : value;
    for (const element of elementsOf(tree)) {
      const { properties } = element;
      for (const name of schema.clobber ?? []) {
        const value = properties[name];
        if (typeof value === 'string') properties[name] = own(value) as string;
        else if (Array.isArray(value)) properties[name] = value.map((item) => own(item) as string | number);
      }
      const { href } = properties;
      if (element.tagName === 'a' && typeof href === 'string' && href.startsWith('#')) {
        properties.href = `#${own(href.slice(1))}`;
      }
    }
  };
}

/**
 * GitHub's alerts (`> [!NOTE]` on a blockquote's first line, and TIP, IMPORTANT, WARNING, CAUTION) become
 * Starlight asides, styled like the portal's own, instead of quotes that start with "[!NOTE]". Runs after the
 * sanitiser: the classes are ours, the content is the description's, already sanitised.
 */
function rehypeGithubAlerts() {
  return (tree: Root) => {
    for (const quote of elementsOf(tree)) {
      if (quote.tagName !== 'blockquote') continue;
      const first = quote.children.find((child): child is Element => child.type === 'element');
      const lead = first?.tagName === 'p' ? first.children[0] : undefined;
      const marker = lead?.type === 'text' ? /^\[!([a-z]+)\][ \t]*(?:\r?\n|$)/i.exec(lead.value) : null;
      const kind = marker?.[1] ? alertKinds.get(marker[1].toUpperCase()) : undefined;
      if (!first || lead?.type !== 'text' || !marker || !kind) continue;
      lead.value = lead.value.slice(marker[0].length);
      // The marker alone on its line leaves the paragraph empty (or starting with a line break): drop that.
      while (first.children[0]?.type === 'element' && first.children[0].tagName === 'br') first.children.shift();
      if (first.children.every((child) => child.type === 'text' && child.value.trim() === '')) {
        const rest = quote.children.slice(quote.children.indexOf(first) + 1);
        const start = rest.findIndex((child) => !(child.type === 'text' && child.value.trim() === ''));
        quote.children = [{ type: 'text', value: '\n' }, ...rest.slice(Math.max(start, 0))];
      }
      quote.tagName = 'aside';
      quote.properties = { ariaLabel: kind.title, className: ['starlight-aside', `starlight-aside--${kind.variant}`] };
      quote.children = [
        {
          type: 'element',
          tagName: 'p',
          properties: { className: ['starlight-aside__title'], ariaHidden: 'true' },
          children: [{ type: 'text', value: kind.title }],
        },
        {
          type: 'element',
          tagName: 'div',
          properties: { className: ['starlight-aside__content'] },
          children: quote.children,
        },
      ];
    }
  };
}

/**
 * Relative links resolved against the description's site, or made text when there is none (see the option) or it
 * is no URL (load-spec.ts gives none such, and warns).
 */
function rehypeRelativeLinks(): Transformer<Root, Root> {
  return (tree, file) => {
    const base = (file.data as { linkBase?: unknown }).linkBase;
    const savedLinksAt = (file.data as { savedLinksAt?: unknown }).savedLinksAt;
    for (const element of elementsOf(tree)) {
      const href = element.tagName === 'a' ? element.properties.href : undefined;
      if (typeof href !== 'string' || !isRelativeLink(href)) continue;
      if (typeof savedLinksAt === 'string' && savedLinkFragment.test(href)) {
        element.properties = { href: `${savedLinksAt}${href}` };
        continue;
      }
      const resolved = typeof base === 'string' ? URL.parse(href, base) : null;
      if (resolved) {
        element.properties = { href: resolved.href, rel: ['noopener', 'noreferrer'] };
      } else {
        element.tagName = 'span';
        element.properties = {};
      }
    }
  };
}

/**
 * When the rendering asks (`searchOpeningOnly`), the top-level blocks after the opening (everything up to and
 * including the first paragraph; the first block when there is no paragraph) are marked for Pagefind to skip.
 */
function rehypeSearchOpeningOnly(): Transformer<Root, Root> {
  return (tree, file) => {
    if ((file.data as { searchOpeningOnly?: unknown }).searchOpeningOnly !== true) return;
    const blocks = tree.children.filter((node): node is Element => node.type === 'element');
    const opening = Math.max(
      0,
      blocks.findIndex((block) => block.tagName === 'p'),
    );
    for (const block of blocks.slice(opening + 1)) block.properties.dataPagefindIgnore = '';
  };
}

/** A description that is one paragraph becomes its contents, so it can sit inside a table cell or a sentence. */
function rehypeUnwrapLoneParagraph() {
  return (tree: Root) => {
    const blocks = tree.children.filter((node) => !(node.type === 'text' && node.value.trim() === ''));
    const [only] = blocks;
    if (blocks.length === 1 && only?.type === 'element' && only.tagName === 'p') tree.children = only.children;
  };
}

// Built once per module. First the steps every rendering shares: parse → HTML tree (raw HTML dropped here) →
// sanitise → GitHub's alerts as asides, images as links and fixed `rel` values. Then each rendering's own: footnote
// ids made the block's own, headings moved (and, when asked, given ids of a fixed prefix and a slug), a lone
// paragraph unwrapped, blocks marked for search to skip → string. The steps after the sanitiser only rename ids,
// headings and elements, add those ids, unwrap a paragraph, add fixed `rel` values and a search mark, so the schema
// need not accept `rel` from descriptions. No
// `target`: links open where the reader expects.
const sanitising = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkRehype)
  .use(rehypeSanitize, schema)
  .use(rehypeSinglePrefix)
  .use(rehypeGithubAlerts)
  .use(rehypeImagesAsLinks)
  .use(rehypeExternalLinks, { rel: ['noopener', 'noreferrer'] })
  .freeze();

const blockFinishing = unified()
  .use(rehypeOwnIds)
  .use(rehypeShiftHeadings)
  .use(rehypeRelativeLinks)
  .use(rehypeSearchOpeningOnly)
  .use(rehypeStringify)
  .freeze();
const inlineFinishing = blockFinishing().use(rehypeUnwrapLoneParagraph).freeze();

function elementsOf(node: Root | RootContent): Element[] {
  if (!('children' in node)) return [];
  const inner = node.children.flatMap((child) => elementsOf(child));
  return node.type === 'element' ? [node, ...inner] : inner;
}

// Phrasing elements the schema allows; every other element is padded with spaces, so that table cells, list
// items and paragraphs don't run together while `**bold**ness` stays one word.
const INLINE = new Set('a b code del em i ins kbd q s samp span strike strong sub sup tt var'.split(' '));

// Text as a reader sees it: images count as their alt text.
function textOf(node: Root | RootContent): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'element' && node.tagName === 'img') {
    const { alt = '' } = node.properties;
    return ` ${String(alt)} `;
  }
  if (!('children' in node)) return '';
  const inner = node.children.map((child) => textOf(child)).join('');
  return node.type === 'element' && !INLINE.has(node.tagName) ? ` ${inner} ` : inner;
}

const sectionParser = unified().use(remarkParse).use(remarkGfm);

/**
 * A text cut at its top-level headings (the highest level it uses): what comes before the first, then each heading's
 * text, its section's source without the heading (`body`) and with it (`source`). Code, quotes and lists are never cut.
 */
export function topSections(markdown: string): {
  lead: string;
  sections: { heading: string; body: string; source: string }[];
} {
  const tree = sectionParser.parse(markdown);
  const headings = tree.children.flatMap((node) => (node.type === 'heading' ? [node] : []));
  const top = Math.min(...headings.map((heading) => heading.depth));
  const cuts = headings.filter((heading) => heading.depth === top);
  type Heading = (typeof cuts)[number];
  const start = (heading: Heading) => heading.position?.start.offset ?? markdown.length;
  const end = (heading: Heading) => heading.position?.end.offset ?? markdown.length;
  const text = (node: unknown): string => {
    if (typeof node !== 'object' || node === null) return '';
    if ('value' in node && typeof node.value === 'string') return node.value;
    return 'children' in node && Array.isArray(node.children) ? node.children.map(text).join('') : '';
  };
  return {
    lead: markdown.slice(0, cuts[0] ? start(cuts[0]) : markdown.length).trim(),
    sections: cuts.map((heading, i) => {
      const next = cuts[i + 1];
      return {
        heading: text(heading).trim(),
        body: markdown.slice(end(heading), next ? start(next) : markdown.length).trim(),
        source: markdown.slice(start(heading), next ? start(next) : markdown.length).trim(),
      };
    }),
  };
}
