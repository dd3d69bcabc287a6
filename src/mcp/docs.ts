/**
 * What the MCP tools answer about the docs, from the model alone: an operation's or a model's Markdown (the very
 * twins the site publishes, `reference/twins/operation-markdown.ts` and `page-markdown.ts`), the operations by tag, and a
 * search over every reference page and the guides (`guides.ts`). Names that match nothing are a `BadToolInput` listing the near matches.
 */
import { type ApiModel, type ApiOperation, nearMatches, operationById } from '../openapi/index.ts';
import { pageMarkdown, referenceRoutes } from '../reference/page-kinds.ts';
import { operationTitle, type ReferenceRoute, referenceUrls, tagLabel, twinOf } from '../reference/routes.ts';
import { inline, link } from '../reference/twins/markdown-text.ts';
import { operationMarkdown } from '../reference/twins/operation-markdown.ts';
import { schemaMarkdown, type TwinInputs } from '../reference/twins/page-markdown.ts';
import { RecentCache } from '../render/recent-cache.ts';

/** A call the tools cannot answer as asked: the message says why (for an unknown name, its near matches). */
export class BadToolInput extends Error {}

function notFound(kind: string, name: string, names: Iterable<string>): BadToolInput {
  const near = nearMatches(name, names, 5);
  return new BadToolInput(
    `No ${kind} is named "${name}".${near.length > 0 ? ` Did you mean: ${near.join(', ')}?` : ''} list_operations lists every operation.`,
  );
}

/** A list answer is at most this many lines, so that a description with thousands of operations stays readable. */
export const listedUpTo = 300;
/** Search answers this many pages at most. */
export const searchResultsUpTo = 10;
/** Twins kept for a call asking again: an agent works on a few operations at a time. */
const twinsKept = 200;

/** A page `search` looks through besides the reference's: a guide. */
export interface SearchedPage {
  title: string;
  /** Its Markdown twin's site path. */
  path: string;
  /** What it is searched by, as text. */
  text: string;
}

/** A page as search looks through it: `lower` is its text in lower case. */
export interface IndexedPage {
  title: string;
  url: string;
  text: string;
  lower: string;
}

/** The operations listed by tag, up to a number of lines (`listed`: how many operations were shown). */
export interface OperationListing {
  lines: string[];
  /** Operations shown; `cut`: some were left out for the limit. */
  listed: number;
  cut: boolean;
}

export interface Docs {
  operation(operationId: string): ApiOperation;
  /** Whether it has an operation or a model of that name (a site of several looks for a name's API). */
  hasOperation(operationId: string): boolean;
  hasSchema(name: string): boolean;
  getOperation(operationId: string): string;
  getSchema(name: string): string;
  listOperations(tag?: string): string;
  /** `listOperations`'s lines, at most `upTo` operations; undefined when no tag is named `tag`. */
  listing(tag: string | undefined, upTo: number): OperationListing | undefined;
  /** Its tags' names, for near matches. */
  tagNames(): string[];
  /** The reference's pages as search looks through them (its guides are not among them). */
  pages(): readonly IndexedPage[];
  search(query: string): string;
}

/** `absolute`: a site path as the published site's URL; `guides`: the site's guides, searched with the reference. */
export function createDocs(
  model: ApiModel,
  inputs: TwinInputs,
  absolute: (path: string) => string,
  guides: readonly SearchedPage[] = [],
): Docs {
  const urls = referenceUrls(model);
  const operationIds = model.operations.map((operation) => operation.operationId);

  const operation = (operationId: string) => {
    const found = operationById(model, operationId);
    if (!found) throw notFound('operation', operationId, operationIds);
    return found;
  };

  // What the description names is escaped as in the twins: a summary's `<img …>` or `[x](javascript:…)` is text.
  const line = (op: ApiOperation) =>
    `- ${inline(op.operationId)}: ${inline(`${op.method.toUpperCase()} ${op.path}`)} — ${inline(operationTitle(op))}${op.badge ? ` (${op.badge.kind})` : ''}`;

  // Built on the first search, from each page's own words (its title, what it is, its description and names),
  // not its whole twin: a large description's thousands of twins would take far longer than a search should.
  let pages: IndexedPage[] | undefined;
  const referencePages = () => {
    // A tag's further pages of operations are not searched: its overview and each operation are.
    pages ??= referenceRoutes(model)
      .filter((route) => route.type !== 'tag' || route.listing.number === 1)
      .map((route) => indexedPage(route.title, absolute(twinOf(`/${route.path}/`)), searchText(model, route, inputs)));
    return pages;
  };
  let guidePages: IndexedPage[] | undefined;
  const searchable = () => {
    guidePages ??= guides.map((guide) => indexedPage(guide.title, absolute(guide.path), guide.text));
    return [...guidePages, ...referencePages()];
  };
  const listing = (tag: string | undefined, upTo: number): OperationListing | undefined => {
    const tags = tag === undefined ? model.tags : model.tags.filter((t) => t.name === tag || tagLabel(t) === tag);
    if (tags.length === 0) return undefined;
    const lines: string[] = [];
    let left = upTo;
    let listed = 0;
    let cut = false;
    for (const t of tags) {
      if (t.operations.length === 0) continue;
      const shown = t.operations.slice(0, Math.max(0, left));
      left -= t.operations.length;
      listed += shown.length;
      lines.push(`## ${inline(tagLabel(t))} (${absolute(urls.tag(t))})`);
      for (const id of shown) {
        const op = operationById(model, id);
        if (op) lines.push(line(op));
      }
      if (shown.length < t.operations.length) {
        cut = true;
        lines.push(`- … ${t.operations.length - shown.length} more in this tag`);
      }
    }
    return { lines, listed, cut };
  };
  // Twins asked for again (an agent rereads the page it works on) are not made again.
  const twins = new RecentCache<string>(twinsKept);

  return {
    operation,
    getOperation(operationId) {
      const found = operation(operationId);
      return twins.get(`operation ${operationId}`, () => operationMarkdown(model, found));
    },
    getSchema(name) {
      const schema = model.schemas.find((s) => s.name === name);
      if (!schema)
        throw notFound(
          'model',
          name,
          model.schemas.map((s) => s.name),
        );
      return twins.get(`schema ${name}`, () => schemaMarkdown(model, schema));
    },
    hasOperation: (operationId) => operationById(model, operationId) !== undefined,
    hasSchema: (name) => model.schemas.some((s) => s.name === name),
    tagNames: () => model.tags.map((t) => t.name),
    pages: referencePages,
    listing,
    listOperations(tag) {
      const listed = listing(tag, listedUpTo);
      if (!listed)
        throw notFound(
          'tag',
          tag ?? '',
          model.tags.map((t) => t.name),
        );
      // Every tag's list, cut at listedUpTo: say how to see the rest (a tag's own list says "… more in this tag").
      const { lines, cut } = listed;
      if (lines.length === 0)
        return tag === undefined ? 'This API has no operations.' : `The tag ${inline(tag)} has no operations.`;
      if (tag === undefined && cut) lines.push('', 'Pass a tag to list only its operations.');
      return lines.join('\n');
    },
    search(query) {
      const found = searchPages(query, searchable());
      if (found.length === 0) return `Nothing in the docs matches "${query}".`;
      return found.map((hit) => searchLine(hit)).join('\n');
    },
  };
}

/** A page to search: its words as one line of text. */
export const indexedPage = (title: string, url: string, words: string): IndexedPage => {
  const text = words.replace(/\s+/g, ' ').trim();
  return { title, url, text, lower: text.toLowerCase() };
};

/** A page search found, with the terms it was found by. */
export interface SearchHit<Page extends IndexedPage = IndexedPage> {
  page: Page;
  terms: string[];
}

/**
 * The best of `pages` for `query`, at most `searchResultsUpTo`, best first (the first of equals first). An empty
 * query is a BadToolInput.
 */
export function searchPages<Page extends IndexedPage>(query: string, pages: readonly Page[]): SearchHit<Page>[] {
  const terms = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (terms.length === 0) throw new BadToolInput('The query is empty: give a few words to look for.');
  return pages
    .map((page) => {
      const title = page.title.toLowerCase();
      // A term in the title weighs most; in the text, a few mentions count, so a long page full of links
      // (the error catalog) does not outrank the page a query names.
      let score = terms.every((term) => title.includes(term)) ? 20 : 0;
      for (const term of terms) {
        if (title.includes(term)) score += 10;
        let at = page.lower.indexOf(term);
        for (let hits = 0; at >= 0 && hits < 3; hits++, at = page.lower.indexOf(term, at + term.length)) score += 1;
      }
      return { page, score };
    })
    .filter((match) => match.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, searchResultsUpTo)
    .map(({ page }) => ({ page, terms }));
}

/** A search result's line: its page's title linked, `from` (which API it is from) if given, a snippet. */
export function searchLine({ page, terms }: SearchHit, from?: string): string {
  return `- ${link(page.title, page.url)}${from ? ` ${from}` : ''}: ${inline(snippet(page.text, page.lower, terms))}`;
}

/** What a page is searched by: its title and kind, its description as text, the names it lists. */
function searchText(model: ApiModel, route: ReferenceRoute, inputs: TwinInputs): string {
  // Descriptions as written: rendering thousands of them to text only to search them costs seconds.
  const described = (text: string | undefined) => text ?? '';
  switch (route.type) {
    case 'operation': {
      const op = route.operation;
      return [
        `${route.title}: ${op.method.toUpperCase()} ${op.path} (${op.operationId}).`,
        described(op.summary),
        described(op.description),
        op.parameters.map((p) => p.name).join(' '),
      ].join(' ');
    }
    case 'schema': {
      const properties = route.schema.schema.properties ? Object.keys(route.schema.schema.properties) : [];
      return [`${route.title}: a model.`, described(route.schema.schema.description), properties.join(' ')].join(' ');
    }
    case 'tag':
      return [`${route.title}: a tag.`, described(route.tag.description)].join(' ');
    case 'schemas':
      return `${route.title}: ${route.index.schemas.map((schema) => schema.name).join(', ')}`;
    default:
      // The introduction and the error catalog: one page each, searched whole.
      return pageMarkdown(model, route, inputs);
  }
}

/** A line of text around the first term found, for a search result. */
function snippet(text: string, lower: string, terms: string[]): string {
  const at = Math.min(...terms.map((term) => lower.indexOf(term)).filter((i) => i >= 0));
  const start = Math.max(0, at - 80);
  return `${start > 0 ? '…' : ''}${text.slice(start, start + 200).trim()}${start + 200 < text.length ? '…' : ''}`;
}
