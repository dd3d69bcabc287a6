/**
 * Writing Markdown twins safely. A description is untrusted (src/README.md, Security): its words go into a twin
 * either as plain text, escaped so that no character of it starts Markdown or HTML, or, for description Markdown,
 * re-placed so that its raw HTML becomes visible text, its headings sit under the page's own (as on the HTML page),
 * and an unclosed code fence cannot swallow the rest of the twin.
 */
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { RecentCaches } from '../render/recent-cache.ts';

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

const parser = unified().use(remarkParse).use(remarkGfm);

// mdast's node types, as remark-parse gives them (no direct dependency on @types/mdast).
type Root = ReturnType<typeof parser.parse>;
type Nodes = Root | Root['children'][number];
type Heading = Extract<Nodes, { type: 'heading' }>;
type Html = Extract<Nodes, { type: 'html' }>;
type Code = Extract<Nodes, { type: 'code' }>;

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

/** The text a node shows. */
function textOf(node: Nodes): string {
  if ('value' in node && typeof node.value === 'string') return node.value;
  if ('alt' in node && typeof node.alt === 'string') return node.alt;
  return 'children' in node ? node.children.map((child) => textOf(child as Nodes)).join('') : '';
}

/** A span of the source replaced. */
function replaced(node: Nodes, text: string) {
  const start = node.position?.start.offset ?? 0;
  return { start, end: node.position?.end.offset ?? start, text };
}

/**
 * Description Markdown made safe to place in a twin: raw HTML (blocks and inline) has its `<` escaped, so it reads
 * as the text it is and the HTML page's sanitiser has nothing it would drop unseen; headings move so the highest
 * is at `highestHeading` (as `renderMarkdown` places them); an unclosed fence is closed. Everything else is the
 * author's Markdown as written.
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
  // Escaping an HTML block makes its text Markdown again (`<script>…</script>[x](javascript:…)` is one HTML
  // block), so what it held is checked in turn, until nothing changes.
  let text = normalized(markdown);
  if (!mayNeedEdits(text)) return text;
  for (let pass = 0; pass < 10; pass++) {
    const next = onePass(text, highestHeading);
    if (next === text) break;
    text = next;
  }
  return text;
}

/**
 * Whether `onePass` could change the text: each thing it edits needs one of these characters (raw HTML and
 * autolinks `<`; links, images and definitions `[`; ATX headings `#`; fences three backticks or tildes; GFM's
 * literal `xmpp:` links), or a setext heading's underline, a line of `=` or `-` (inside quotes and list items too).
 * Plain text, the commonest description, then needs no parse.
 */
function mayNeedEdits(text: string): boolean {
  return /[<[#]|```|~~~|xmpp:/i.test(text) || /^[ \t>]*(?:=+|-+)[ \t]*$/m.test(text);
}

function onePass(text: string, highestHeading: number): string {
  if (!text) return '';
  const tree = parser.parse(text);
  const edits: { start: number; end: number; text: string }[] = [];
  const headings: Heading[] = [];
  const visit = (node: Nodes) => {
    if (node.type === 'html') edits.push(escapedHtml(text, node));
    // A link to a script (or any scheme but http(s) and mailto) becomes its text, as on the HTML page; images
    // become links to them (a remote image would be a tracking pixel), and definitions to a script are dropped.
    else if (node.type === 'link' && !safeUrl(node.url)) {
      edits.push(replaced(node, inline(textOf(node))));
      return;
    } else if (node.type === 'image') {
      const label = `Image${node.alt ? `: ${node.alt}` : ''}`;
      edits.push(
        replaced(
          node,
          /^https?:/i.test(node.url)
            ? `[${inline(label)}](<${node.url.replace(/[<>\s]/g, encodeURIComponent)}>)`
            : inline(label),
        ),
      );
    } else if (node.type === 'definition' && !safeUrl(node.url)) edits.push(replaced(node, ''));
    else if (node.type === 'imageReference') edits.push(replaced(node, inline(`Image: ${node.alt ?? ''}`)));
    else if (node.type === 'heading') headings.push(node);
    else if (node.type === 'code') {
      const closing = closingFence(text, node);
      if (closing) edits.push(closing);
    }
    if ('children' in node) for (const child of node.children) visit(child);
  };
  visit(tree);
  const highest = Math.min(...headings.map((h) => h.depth));
  for (const heading of headings) {
    const depth = Math.min(heading.depth + highestHeading - highest, 6);
    const start = heading.position?.start.offset;
    const end = heading.position?.end.offset;
    if (start === undefined || end === undefined) continue;
    const first = heading.children[0]?.position?.start.offset ?? end;
    const last = heading.children.at(-1)?.position?.end.offset ?? end;
    // ATX or setext alike, the heading becomes one ATX line; its content keeps its own edits (raw HTML in it).
    const inner = applyEdits(text.slice(first, last), edits, first).replace(/\s*\n\s*/g, ' ');
    removeEditsWithin(edits, start, end);
    edits.push({ start, end, text: `${'#'.repeat(depth)} ${inner}` });
  }
  return applyEdits(text, edits, 0);
}

function escapedHtml(source: string, node: Html) {
  const start = node.position?.start.offset ?? 0;
  const end = node.position?.end.offset ?? start;
  return { start, end, text: source.slice(start, end).replaceAll('<', '&lt;') };
}

/** A fenced block that runs to the end of the text unclosed gets its closing fence. */
function closingFence(source: string, node: Code) {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start === undefined || end === undefined) return undefined;
  const written = source.slice(start, end);
  const opening = /^ {0,3}(`{3,}|~{3,})/.exec(written)?.[1];
  if (!opening) return undefined;
  const lines = written.split('\n');
  const last = lines.at(-1)?.trim() ?? '';
  const closed = lines.length > 1 && last[0] === opening[0] && /^(`+|~+)$/.test(last) && last.length >= opening.length;
  return closed ? undefined : { start: end, end, text: `\n${opening}` };
}

function removeEditsWithin(edits: { start: number; end: number }[], start: number, end: number) {
  for (let i = edits.length - 1; i >= 0; i--) {
    const edit = edits[i];
    if (edit && edit.start >= start && edit.end <= end) edits.splice(i, 1);
  }
}

function applyEdits(text: string, edits: readonly { start: number; end: number; text: string }[], offset: number) {
  const inside = edits
    .filter((e) => e.start >= offset && e.end <= offset + text.length)
    .sort((a, b) => b.start - a.start || b.end - a.end);
  let out = text;
  for (const edit of inside) out = out.slice(0, edit.start - offset) + edit.text + out.slice(edit.end - offset);
  return out;
}
