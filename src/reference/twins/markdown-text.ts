/**
 * Writing Markdown twins safely. A description is untrusted (src/README.md, Security): its words go into a twin
 * either as plain text, escaped so that no character of it starts Markdown or HTML, or, for description Markdown,
 * parsed and written back so that its raw HTML becomes visible text, its headings sit under the page's own (as on
 * the HTML page), and no block of it (an unclosed code fence) can stay open over the rest of the twin.
 */
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import { RecentCaches } from '../../render/recent-cache.ts';

/** Plain text on one line, every character that could start Markdown or HTML escaped. */
export function inline(text: string): string {
  const escaped = text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\\`*[\]<>|&~!#]/g, (c) => `\\${c}`);
  // An underscore inside a word (`api_key_banned`) starts no emphasis in CommonMark: only others are escaped. (The
  // Unicode-aware pattern is the costly one, and most texts have no underscore.)
  return escaped.includes('_') ? escaped.replace(/(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])/gu, '\\_') : escaped;
}

/**
 * A run of text between others (inline code, links), escaped as `inline` is, but keeping a space at an edge where
 * it had any: "Removed field " and " from" around `x` stay words apart.
 */
export function inlineRun(text: string): string {
  const escaped = inline(text);
  if (escaped === '') return /\s/.test(text) ? ' ' : '';
  return `${/^\s/.test(text) ? ' ' : ''}${escaped}${/\s$/.test(text) ? ' ' : ''}`;
}

/**
 * A link whose text is untrusted: a `]` in a name (`Pet[]`, `Map[string]`) cannot close it early, nor any other
 * character start Markdown or HTML. A destination with spaces, parentheses or angle brackets is written in `<…>`.
 */
export function link(text: string, url: string): string {
  const destination = /[\s()<>]/.test(url) ? `<${url.replace(/[<>\s]/g, encodeURIComponent)}>` : url;
  return `[${inline(text)}](${destination})`;
}

/** Inline code that holds any text: a backtick run longer than any inside it (CommonMark's rule). */
export function code(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  const longest = flat.includes('`') ? Math.max(...[...flat.matchAll(/`+/g)].map((m) => m[0].length)) : 0;
  const ticks = '`'.repeat(longest + 1);
  const pad = flat.startsWith('`') || flat.endsWith('`') ? ' ' : '';
  return `${ticks}${pad}${flat}${pad}${ticks}`;
}

/** A fenced code block that no line of `body` can close early. */
export function fence(body: string, language = ''): string {
  const longest = Math.max(2, ...[...body.matchAll(/`{3,}/g)].map((m) => m[0].length));
  const ticks = '`'.repeat(longest + 1);
  return `${ticks}${language.replace(/[^\w+-]/g, '')}\n${body}\n${ticks}`;
}

/**
 * Description Markdown is parsed (mdast-util-from-markdown, with GFM) and written back (mdast-util-to-markdown), not
 * edited in place: the serialiser closes every block it opens and picks each fence longer than any backtick run in
 * its code, so no text, however written (a closing fence indented four spaces or by a tab, a fence left open in a
 * quote or a list item, tildes against backticks), can leave a block open over what follows it in a twin. Its
 * options are the commonest way of writing each construct, so that well-written text mostly comes back as written.
 */
const processor = unified()
  .use(remarkParse)
  .use(remarkGfm, { tablePipeAlign: false })
  .use(remarkStringify, {
    bullet: '-',
    emphasis: '*',
    strong: '*',
    fence: '`',
    fences: true,
    listItemIndent: 'one',
    rule: '-',
    handlers: {
      // As the serialiser writes text, but a `<` it must escape becomes `&lt;` rather than `\<` (a backslash not
      // itself escaped): the same to a Markdown reader, and raw HTML shown as text leaves no `<script` in the twin
      // for a tool that reads it as HTML or as plain text.
      text: (node, parent, state, info) => {
        // What the library's own text handler gives its `safe`: the neighbours, which decide some escapes.
        const siblings = parent?.children ?? [];
        const index = state.indexStack.at(-1) ?? -1;
        const safe = state.safe(node.value, {
          ...info,
          afterNode: siblings[index + 1],
          beforeNode: siblings[index - 1],
        });
        return safe.replace(/(^|[^\\])((?:\\\\)*)\\</g, '$1$2&lt;');
      },
    },
  });

// mdast's node types, as remark-parse gives them (no direct dependency on @types/mdast).
type Root = ReturnType<typeof processor.parse>;
type Nodes = Root | Root['children'][number];
type Parent = Extract<Nodes, { children: unknown }>;
type Heading = Extract<Nodes, { type: 'heading' }>;
type Definition = Extract<Nodes, { type: 'definition' }>;

/**
 * Whether a link may stay a link: http(s) and mailto, or no scheme at all (as the HTML pages' sanitiser allows).
 * Browsers drop tabs, newlines and controls from URLs (`java\tscript:`), so the scheme is read without them.
 */
function safeUrl(url: string): boolean {
  const cleaned = url.replace(/[\p{Cc}\s]/gu, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(cleaned)?.[1];
  if (scheme) return /^(https?|mailto)$/i.test(scheme);
  return !/^[^/?#]*:/.test(cleaned);
}

/** The text a node shows. (Without recursion: it is what nesting too deep to write is reduced to.) */
function textOf(node: Nodes): string {
  let text = '';
  const stack: Nodes[] = [node];
  for (let next = stack.pop(); next; next = stack.pop()) {
    if ('value' in next && typeof next.value === 'string') text += next.value;
    else if ('alt' in next && typeof next.alt === 'string') text += next.alt;
    else if ('children' in next)
      for (let i = next.children.length - 1; i >= 0; i--) stack.push(next.children[i] as Nodes);
  }
  return text;
}

/**
 * Description Markdown made safe to place in a twin, the one way description text enters one: raw HTML (blocks and
 * inline) reads as the text it is, so the HTML page's sanitiser has nothing it would drop unseen; script links
 * become their text and images links; references become inline links; headings move so the highest is at
 * `highestHeading` (as `renderMarkdown` places them); and the text is written back by the Markdown library, so it
 * ends with every block closed (see `processor`). Text with nothing to rewrite is kept as written.
 */
export function descriptionMarkdown(markdown: string | undefined, highestHeading = 4): string {
  if (!markdown) return '';
  // Parsing is most of a twin's cost; a text shared by many pages (a parameter's, an error's) is parsed once.
  return recentlyPlaced.get(
    String(highestHeading),
    markdown,
    () => placedElsewhere?.take(markdown, highestHeading) ?? placeDescription(markdown, highestHeading),
  );
}

const recentlyPlaced = new RecentCaches<string>(256);

/** A description to place, and the level its highest heading becomes: `descriptionMarkdown`'s two arguments. */
export interface DescriptionToPlace {
  markdown: string;
  highestHeading: number;
}

/** Descriptions placed ahead of time elsewhere (a build places the twins' in a worker thread, on the second core). */
export interface PlacedDescriptions {
  /** What `descriptionMarkdown(markdown, highestHeading)` gives, when it is ready; undefined to place it here. */
  take(markdown: string, highestHeading: number): string | undefined;
}

let placedElsewhere: PlacedDescriptions | undefined;

/** `descriptionMarkdown` takes what `source` has placed from now on (undefined: places every text here). */
export function usePlacedDescriptions(source: PlacedDescriptions | undefined): void {
  placedElsewhere = source;
}

/** Whether placing `markdown` takes a parse: worth doing ahead of time, elsewhere. */
export function placingParses(markdown: string): boolean {
  return mayNeedEdits(normalized(markdown));
}

const normalized = (markdown: string) => markdown.replace(/\r\n?/g, '\n').trim();

function placeDescription(markdown: string, highestHeading: number): string {
  const text = normalized(markdown);
  if (!mayNeedEdits(text)) return text;
  try {
    return rewritten(text, highestHeading);
  } catch (error) {
    // Nesting thousands of levels deep (`> > > …`) is more than the parser's stack holds: such a text is shown as
    // it was written, in a fence that nothing in it can close.
    if (error instanceof RangeError) return fence(text);
    throw error;
  }
}

function rewritten(text: string, highestHeading: number): string {
  const tree = processor.parse(text);
  const headings: Heading[] = [];
  // References become inline links, so a text needs no definition of its own or another's (the full text joins
  // every page's descriptions into one document, where definitions would be shared).
  const definitions = new Map<string, Definition>();
  collectDefinitions(tree, definitions);
  placeChildren(tree, { definitions, headings, phrasingDepth: 0 });
  const highest = Math.min(...headings.map((h) => h.depth));
  for (const heading of headings) {
    heading.depth = Math.min(heading.depth + highestHeading - highest, 6) as Heading['depth'];
    // One ATX line: the serialiser would write a heading holding a line break as setext, which has only two levels.
    flattenLines(heading);
  }
  return processor.stringify(tree).trimEnd();
}

/**
 * Whether `placeDescription` could change the text: what it rewrites needs one of these characters (raw HTML and
 * autolinks `<`; links, images and definitions `[`; ATX headings `#`; fences, the only blocks that text can leave
 * open, three backticks or tildes; GFM's literal `xmpp:` links), or a setext heading's underline, a line of `=` or
 * `-` (inside quotes and list items too). Plain text, the commonest description, then needs no parse.
 */
function mayNeedEdits(text: string): boolean {
  return /[<[#]|```|~~~|xmpp:/i.test(text) || /^[ \t>]*(?:=+|-+)[ \t]*$/m.test(text);
}

function collectDefinitions(node: Nodes, into: Map<string, Definition>) {
  if (node.type === 'definition' && !into.has(node.identifier)) into.set(node.identifier, node);
  if ('children' in node) for (const child of node.children) collectDefinitions(child, into);
}

interface Placing {
  definitions: ReadonlyMap<string, Definition>;
  headings: Heading[];
  /** How many emphasis, strong, strikethrough and link nodes the children are inside. */
  phrasingDepth: number;
}

/**
 * Emphasis and links nested deeper than this are written as their text. The serialiser's time grows much faster
 * than the nesting (1,000 levels of `*a *a …` took it 11 s, against 0.9 s to parse); no reader needs more.
 */
const deepestPhrasing = 16;
const nestingPhrasing = new Set(['emphasis', 'strong', 'delete', 'link', 'linkReference']);

const flowParents = new Set(['root', 'blockquote', 'listItem', 'footnoteDefinition']);

/** A parent's children made safe: each replaced by what a twin may hold in its place. */
function placeChildren(parent: Parent, outer: Placing) {
  const flow = flowParents.has(parent.type);
  const placing = nestingPhrasing.has(parent.type) ? { ...outer, phrasingDepth: outer.phrasingDepth + 1 } : outer;
  (parent as { children: Nodes[] }).children = (parent.children as Nodes[]).flatMap((child) =>
    placedNodes(child, flow, placing),
  );
}

/** What a twin holds in a node's place (nothing: left out), its children placed in turn. */
function placedNodes(node: Nodes, flow: boolean, placing: Placing): Nodes[] {
  const text = (value: string): Nodes => (flow ? paragraph(value) : { type: 'text', value });
  if (nestingPhrasing.has(node.type) && placing.phrasingDepth >= deepestPhrasing) return [text(textOf(node))];
  switch (node.type) {
    // Raw HTML reads as the text it is: the HTML page's sanitiser would drop some of it unseen. A block of it
    // keeps its blank lines as paragraph breaks.
    case 'html':
      return flow ? node.value.split(/\n[ \t]*\n/).map(paragraph) : [text(node.value)];
    // Definitions are used where they are referred to, below.
    case 'definition':
      return [];
    // A link to a script (or any scheme but http(s) and mailto) becomes its text, as on the HTML page.
    case 'link':
      if (!safeUrl(node.url)) return [text(textOf(node))];
      break;
    case 'linkReference': {
      const target = placing.definitions.get(node.identifier);
      if (!target || !safeUrl(target.url)) return [text(textOf(node))];
      const link: Nodes = { type: 'link', url: target.url, title: target.title ?? null, children: node.children };
      placeChildren(link, placing);
      return [link];
    }
    // Images become links to them (a remote image would be a tracking pixel).
    case 'image':
    case 'imageReference': {
      const url = node.type === 'image' ? node.url : placing.definitions.get(node.identifier)?.url;
      const label = `Image${node.alt ? `: ${node.alt}` : ''}`;
      return url && /^https?:/i.test(url.trim())
        ? [{ type: 'link', url: url.trim(), title: null, children: [{ type: 'text', value: label }] }]
        : [text(label)];
    }
    case 'heading':
      placing.headings.push(node);
      break;
  }
  if ('children' in node) placeChildren(node, placing);
  return [node];
}

const paragraph = (value: string): Nodes => ({ type: 'paragraph', children: [{ type: 'text', value }] });

/** A heading's text on one line. */
function flattenLines(node: Nodes) {
  if (!('children' in node)) return;
  node.children = (node.children as Nodes[]).map((child) => {
    if (child.type === 'break') return { type: 'text', value: ' ' };
    if (child.type === 'text' || child.type === 'inlineCode')
      return { ...child, value: child.value.replace(/\s*\n\s*/g, ' ') };
    flattenLines(child);
    return child;
  }) as typeof node.children;
}
