/**
 * The MCP tools' answers for a site of several APIs (portal.json's `apis`): each API's `Docs` (`docs.ts`), the API
 * a call means (its `api` argument, else the one API that has the name asked for), a search over all of them that
 * says which API each page is from, and the list of APIs. An unknown API id is a `BadToolInput` listing the ids,
 * near matches first; a name several APIs have, one asking for `api`.
 */
import { descriptionOpening } from '../home/description-opening.ts';
import { type ApiModel, type ApiOperation, nearMatches } from '../openapi/index.ts';
import { referenceUrls, twinOf } from '../reference/routes.ts';
import { inline } from '../reference/twins/markdown-text.ts';
import type { TwinInputs } from '../reference/twins/page-markdown.ts';
import { markdownToText } from '../render/markdown.ts';
import {
  BadToolInput,
  createDocs,
  type Docs,
  type IndexedPage,
  indexedPage,
  listedUpTo,
  type SearchedPage,
  searchLine,
  searchPages,
} from './docs.ts';

/** One API the MCP server documents. */
export interface McpApi {
  /** Its id in portal.json's `apis`; undefined for a one-API site's API. */
  id: string | undefined;
  /** Its model, published at its base (`reference/api-of-site.ts`), so that its links lead under `/reference/<id>/`. */
  model: ApiModel;
  /** What its introduction's twin names: its downloads and sandbox. */
  inputs: TwinInputs;
}

/** A listed API with its docs. */
export interface DocumentedApi {
  id: string;
  model: ApiModel;
  docs: Docs;
}

export interface SiteDocs {
  readonly apis: readonly DocumentedApi[];
  /** `list_apis`'s answer. */
  listApis(): string;
  /** The API `id` names; without one, the API that has the operation (`operationId`) or the model (`name`). */
  apiOf(id: string | undefined, name?: { operationId: string } | { schema: string }): DocumentedApi;
  listOperations(tag: string | undefined, api: string | undefined): string;
  search(query: string, api: string | undefined): string;
  operation(operationId: string, api: string | undefined): { api: DocumentedApi; operation: ApiOperation };
}

/** The docs of a site of several APIs, each API's `id` set; `guides` are searched with every API's reference. */
export function createSiteDocs(
  apis: readonly (McpApi & { id: string })[],
  absolute: (path: string) => string,
  guides: readonly SearchedPage[] = [],
): SiteDocs {
  const documented: DocumentedApi[] = apis.map((api) => ({
    id: api.id,
    model: api.model,
    docs: createDocs(api.model, api.inputs, absolute),
  }));
  const ids = documented.map((api) => api.id);

  function named(id: string): DocumentedApi {
    const found = documented.find((api) => api.id === id);
    if (found) return found;
    const near = nearMatches(id, ids, 5);
    const others = ids.filter((other) => !near.includes(other));
    throw new BadToolInput(
      `No API is named "${id}".${near.length > 0 ? ` Did you mean: ${near.join(', ')}?` : ''} The APIs are ${[...near, ...others].join(', ')} (list_apis describes them).`,
    );
  }

  const described = (api: DocumentedApi) => `${api.id} (${inline(api.model.info.title)})`;

  function apiOf(id: string | undefined, name?: { operationId: string } | { schema: string }): DocumentedApi {
    if (id !== undefined) return named(id);
    if (!name) throw new BadToolInput(`Name the API: api is one of ${ids.join(', ')}.`);
    const [kind, value, has] =
      'operationId' in name
        ? (['an operation', name.operationId, (api: DocumentedApi) => api.docs.hasOperation(name.operationId)] as const)
        : (['a model', name.schema, (api: DocumentedApi) => api.docs.hasSchema(name.schema)] as const);
    const having = documented.filter(has);
    const [only] = having;
    if (having.length === 1 && only) return only;
    if (having.length > 1) {
      throw new BadToolInput(
        `"${value}" is ${kind} of several APIs: ${having.map(described).join(', ')}. Pass api to say which.`,
      );
    }
    // In none: the near matches of every API's names, each with its API.
    const names = documented.flatMap((api) =>
      'operationId' in name ? api.model.operations.map((o) => o.operationId) : api.model.schemas.map((s) => s.name),
    );
    const near = nearMatches(value, new Set(names), 5);
    const where = near.map((match) => {
      const apisOf = documented.filter((api) =>
        'operationId' in name ? api.docs.hasOperation(match) : api.docs.hasSchema(match),
      );
      return `${match} (api ${apisOf.map((api) => api.id).join(', ')})`;
    });
    throw new BadToolInput(
      `No API has ${kind} named "${value}".${where.length > 0 ? ` Did you mean: ${where.join(', ')}?` : ''} list_operations lists every operation.`,
    );
  }

  let guidePages: (IndexedPage & { from: string })[] | undefined;

  return {
    apis: documented,
    apiOf,
    listApis() {
      return documented
        .map((api) => {
          const { title, version } = api.model.info;
          const summary = apiSummary(api.model);
          const reference = referenceUrls(api.model).introduction;
          const counts = `${count(api.model.operations.length, 'operation')}, ${count(api.model.schemas.length, 'model')}`;
          return [
            `- ${api.id}: ${inline(title)} ${inline(version)} — ${counts}. Reference: ${absolute(reference)} (Markdown: ${absolute(twinOf(reference))})`,
            ...(summary ? [`  ${inline(summary)}`] : []),
          ].join('\n');
        })
        .join('\n');
    },
    listOperations(tag, id) {
      if (id !== undefined) return named(id).docs.listOperations(tag);
      // Every API's, under its name, as many operations in all as one API's list shows.
      const lines: string[] = [];
      let left = listedUpTo;
      let cut = false;
      let tagFound = false;
      for (const api of documented) {
        const listing = api.docs.listing(tag, Math.max(0, left));
        tagFound ||= listing !== undefined;
        if (!listing || listing.lines.length === 0) continue;
        const heading = [...(lines.length > 0 ? [''] : []), `# ${described(api)}`];
        if (left <= 0) {
          cut = true;
          // Past the limit, an API's line only: its tags' headings would be as many lines again.
          lines.push(...heading, `- … more: pass api ${api.id}${tag === undefined ? ' and a tag' : ''} to list them`);
          continue;
        }
        left -= listing.listed;
        cut ||= listing.cut;
        lines.push(...heading, ...listing.lines);
      }
      if (!tagFound && tag !== undefined) {
        const near = nearMatches(tag, new Set(documented.flatMap((api) => api.docs.tagNames())), 5);
        throw new BadToolInput(
          `No API has a tag named "${tag}".${near.length > 0 ? ` Did you mean: ${near.join(', ')}?` : ''} list_operations lists every operation.`,
        );
      }
      if (cut || lines.length === 0) lines.push('', 'Pass api and a tag to list only its operations.');
      return lines.join('\n');
    },
    search(query, id) {
      const searched = id === undefined ? documented : [named(id)];
      guidePages ??= guides.map((guide) => ({
        ...indexedPage(guide.title, absolute(guide.path), guide.text),
        from: '(guide)',
      }));
      const pages = [
        ...guidePages,
        ...searched.flatMap((api) => api.docs.pages().map((page) => ({ ...page, from: `(api ${api.id})` }))),
      ];
      const found = searchPages(query, pages);
      if (found.length === 0) {
        return `Nothing in the docs${id === undefined ? '' : ` of ${id} or the guides`} matches "${query}".`;
      }
      return found.map((hit) => searchLine(hit, hit.page.from)).join('\n');
    },
    operation(operationId, id) {
      const api = apiOf(id, { operationId });
      return { api, operation: api.docs.operation(operationId) };
    },
  };
}

const count = (n: number, noun: string) => `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;

/** The longest summary `list_apis` gives an API, in characters. */
const summaryUpTo = 300;

/** What an API is, in a line: its description's summary, else the opening of its description as text. */
function apiSummary(model: ApiModel): string | undefined {
  const opening = descriptionOpening(model.info.description ?? '', summaryUpTo);
  const summary = model.info.summary ?? (opening?.markdown ? markdownToText(opening.markdown) : undefined);
  const line = summary?.replace(/\s+/g, ' ').trim();
  return line && line.length > summaryUpTo ? `${line.slice(0, summaryUpTo - 1)}…` : line || undefined;
}
