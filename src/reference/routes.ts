/**
 * Where the reference's pages are: their URLs, paths and titles, derived from the model. Each kind of page
 * (`page-kinds.ts`) lists its own routes with these. Pure data; no Astro imports.
 */

import {
  type ApiModel,
  type ApiOperation,
  type ApiSchema,
  type ApiTag,
  isolateBidi,
  oncePerModel,
  operationById,
  separateWords,
} from '../openapi/index.ts';
import { markdownToText } from '../render/markdown.ts';
import { sitePath } from './site-path.ts';

/** Where the reference lives in the site. */
export const referenceBase = 'reference';

/** Where each earlier version's model is published instead (`reference/1.x`); see versions.ts. */
const publishedBases = new WeakMap<ApiModel, string>();

/** The base of the API each model published elsewhere belongs to (`reference/payments` for its 1.x too). */
const apiBases = new WeakMap<ApiModel, string>();

/**
 * Publishes a model's reference below `base` (an earlier major's, `reference/1.x`; a listed API's,
 * `reference/payments`): every link to its pages goes there. `apiBase` is where the API it is a version of lives
 * (`reference` for a one-API site's 1.x, `reference/payments` for its `reference/payments/1.x`): its changelog's
 * place follows from it (`changelog-sections.ts`). Called when the model is loaded, before any link to it is made.
 */
export function publishReferenceAt(model: ApiModel, base: string, apiBase: string = base): void {
  publishedBases.set(model, base);
  apiBases.set(model, apiBase);
}

/** Where a model's reference lives: `reference`, or the path an earlier version was published at. */
export const referenceBaseOf = (model: ApiModel): string => publishedBases.get(model) ?? referenceBase;

/**
 * Where the API a model is a version of has its reference: `reference` for a one-API site's (every version of it),
 * `reference/<id>` for a listed API's, its earlier majors' included.
 */
export const apiBaseOf = (model: ApiModel): string => apiBases.get(model) ?? referenceBase;

/** Whether `model` is a version of an API published below `reference/<id>` (a site of several), not at `reference`. */
const belowReference = (model: ApiModel): boolean => apiBaseOf(model) !== referenceBase;

/**
 * Where a model's description downloads (`openapi.yaml`, …) are, under the site's base path: at the site's root for
 * the current version, beside an earlier major's reference for its release (`/reference/1.x/openapi.yaml`).
 */
export function descriptionDownloadPath(model: ApiModel, fileName: string): string {
  const base = publishedBases.get(model);
  return sitePath(`${base ? `/${base}` : ''}/${fileName}`);
}

/** Path segments the reference uses itself; a tag with one of these slugs gets a suffix. */
const reservedSlugs = new Set(['schemas', 'errors']);

/**
 * Path segments a listed API's reference shares with its own pages outside the route (`/reference/<id>/changelog/`):
 * reserved only below `reference/<id>`, so that a one-API site's tag `changelog` keeps `/reference/changelog/`.
 */
const reservedBelowReference = new Set(['changelog']);

/** Every reference page's route: the union of the kinds' own (each kind declares its route in `pages/`). */
export type { ReferenceRoute } from './page-kinds.ts';

/**
 * One page of the models index. Up to `modelsPerIndexPage` models, it is one page in the description's order;
 * past that, pages of that many in alphabetical order, each listed by its first and last model (a dictionary's
 * guide words), so that no page lists thousands (a generated description's thousands of models made one page
 * megabytes).
 */
export interface ModelsIndexPage {
  schemas: ApiSchema[];
  /** The first and last model of every page of the index, in order (one entry when the index is one page). */
  pages: { first: string; last: string }[];
  /** This page's place in `pages`, from 1 (see `ReferenceUrls.schemasPage`). */
  number: number;
}

/** Models listed on one page of the models index: GitHub's hundreds still fit on a page or two. */
export const modelsPerIndexPage = 400;

/**
 * One page of a tag's operations. Up to `operationsPerTagPage`, the tag's overview lists them all; past that, the
 * overview lists the first page and each further page (`/reference/<tag>/page/2/`) the next, in the description's
 * order, each page named by its first and last operation's path: the order descriptions keep, and what tells
 * operations apart where titles repeat (Graph has hundreds of "Get the number of the resource"). The untagged half
 * of a description of Microsoft Graph's size otherwise made one page far past the page-size goal.
 */
export interface TagListingPage {
  operations: ApiOperation[];
  /** How many operations the tag has, on all its pages. */
  total: number;
  /** The first and last operation's path of every page, in order (one entry when the list is one page). */
  pages: { first: string; last: string }[];
  /** This page's place in `pages`, from 1 (1 is the tag's overview; see `ReferenceUrls.tagPage`). */
  number: number;
}

/** Operations listed on one page of a tag: a page of them stays well under the page-size goal. */
export const operationsPerTagPage = 400;

/** URL paths (no leading slash, trailing slash) for everything the reference links to. */
export interface ReferenceUrls {
  introduction: string;
  tag(tag: ApiTag): string;
  /** The tag's operation list's page `number` (1 is the tag's overview, `tag`). */
  tagPage(tag: ApiTag, number: number): string;
  operation(operation: ApiOperation): string;
  /** The operation page's Markdown twin (its URL with `.md`): what agents read. */
  operationMarkdown(operation: ApiOperation): string;
  operationById(operationId: string): string | undefined;
  schemas: string;
  /** The models index's page `number` (1 is `schemas`). */
  schemasPage(number: number): string;
  schema(name: string): string | undefined;
  errors: string;
}

/** Links to reference pages, under the site's base path. */
export const referenceUrls: (model: ApiModel) => ReferenceUrls = oncePerModel((model) => buildUrls(model, sitePath));

/** The same links from the site's root, without its base path: for Starlight's sidebar, which adds the base itself. */
export const referencePaths: (model: ApiModel) => ReferenceUrls = oncePerModel((model) => buildUrls(model));

function buildUrls(model: ApiModel, under: (path: string) => string = (path) => path): ReferenceUrls {
  const reserved = belowReference(model)
    ? (slug: string) => reservedSlugs.has(slug) || reservedBelowReference.has(slug)
    : (slug: string) => reservedSlugs.has(slug);
  const tagSegment = (slug: string) => (reserved(slug) ? `${slug}-tag` : slug);
  const base = referenceBaseOf(model);
  const operationPath = (operation: ApiOperation) => {
    const [tagSlug = '', ...rest] = operation.slug.split('/');
    return under(`/${base}/${tagSegment(tagSlug)}/${rest.join('/')}/`);
  };
  const schemaSlugs = new Map(model.schemas.map((s) => [s.name, s.slug]));
  return {
    introduction: under(`/${base}/`),
    tag: (tag) => under(`/${base}/${tagSegment(tag.slug)}/`),
    // Under `page/`, as the models index: an operation's slug may be `page`, but none holds a slash.
    tagPage: (tag, number) => under(`/${base}/${tagSegment(tag.slug)}/${number === 1 ? '' : `page/${number}/`}`),
    operation: operationPath,
    operationMarkdown: (operation) => twinOf(operationPath(operation)),
    operationById: (id) => {
      const operation = operationById(model, id);
      return operation ? operationPath(operation) : undefined;
    },
    schemas: under(`/${base}/schemas/`),
    // Under `page/`: a model's slug may be a number, but none holds a slash.
    schemasPage: (number) => under(`/${base}/schemas/${number === 1 ? '' : `page/${number}/`}`),
    schema: (name) => {
      const slug = schemaSlugs.get(name);
      return slug ? under(`/${base}/schemas/${slug}/`) : undefined;
    },
    errors: under(`/${base}/errors/`),
  };
}

/** A page's Markdown twin: its URL with `.md` for the trailing slash (`/reference/` → `/reference.md`). */
export const twinOf = (pagePath: string) => `${pagePath.replace(/\/$/, '')}.md`;

/** A page's route path from its URL from the site's root (`referencePaths`): Astro takes it without slashes. */
export const routePath = (url: string) => url.replace(/^\/|\/$/g, '');

/** The models index, in pages of at most `perPage` models. */
export function modelsIndexPages(model: ApiModel, perPage = modelsPerIndexPage): ModelsIndexPage[] {
  const { schemas } = model;
  const sorted = schemas.length <= perPage ? schemas : [...schemas].sort((a, b) => collator.compare(a.name, b.name));
  const chunks = Array.from({ length: Math.ceil(sorted.length / perPage) || 1 }, (_, i) =>
    sorted.slice(i * perPage, (i + 1) * perPage),
  );
  const pages = chunks.map((chunk) => ({ first: chunk[0]?.name ?? '', last: chunk.at(-1)?.name ?? '' }));
  return chunks.map((chunk, i) => ({ schemas: chunk, pages, number: i + 1 }));
}

/** A tag's operations, in pages of at most `perPage`, in the description's order (one page, maybe empty, when few). */
export function tagListingPages(model: ApiModel, tag: ApiTag, perPage = operationsPerTagPage): TagListingPage[] {
  const operations = tag.operations.flatMap((id) => operationById(model, id) ?? []);
  const chunks = Array.from({ length: Math.ceil(operations.length / perPage) || 1 }, (_, i) =>
    operations.slice(i * perPage, (i + 1) * perPage),
  );
  const pages = chunks.map((chunk) => ({ first: chunk[0]?.path ?? '', last: chunk.at(-1)?.path ?? '' }));
  return chunks.map((chunk, i) => ({ operations: chunk, total: operations.length, pages, number: i + 1 }));
}

/** Alphabetical as a reader expects: case and accents aside, numbers by value. */
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** What a reader calls a tag or a tag group: its short `summary` (OpenAPI 3.2) when it has one, else its name. */
export function tagLabel(named: { name: string; summary?: string }): string {
  return isolateBidi(named.summary ?? named.name);
}

/**
 * What a reader calls an operation, in headings, the sidebar, `<title>` and search: its summary as plain text,
 * else the words of its given operationId (`add_guild_member` → "Add guild member", as Redoc does) or, for a
 * callback or webhook, of its name (`planetCreated` → "Planet created"), else METHOD path. A summary written as
 * Markdown loses its markup (real descriptions put links in them), and a long one is cut to its first sentence;
 * the page then shows the whole summary (`fullSummary`).
 */
export function operationTitle(operation: ApiOperation): string {
  return operationName(operation) ?? `${operation.method.toUpperCase()} ${operation.path}`;
}

/** The title beside a method badge (the sidebar): the same, but the path alone where the title would be METHOD path. */
export function operationLabel(operation: ApiOperation): string {
  return operationName(operation) ?? operation.path;
}

function operationName(operation: ApiOperation): string | undefined {
  const summary = operation.summary?.trim();
  // A summary with nothing to read once plain (`---`, an HTML comment) is no title.
  const title = summary ? plainTitle(summary) : '';
  if (title) return isolateBidi(title);
  const id = operation.givenOperationId ?? operation.callback?.name ?? (operation.webhook ? operation.path : undefined);
  return (id && identifierWords(id)) || undefined;
}

/**
 * An identifier as words: `getPetByID`, `get_pet_by_id` and `get-pet-by-id` → "Get pet by ID" (acronyms
 * kept, and their plurals: `listAPIs` → "List APIs"). Empty when it has no letters or digits.
 */
export function identifierWords(identifier: string): string {
  const text = separateWords(identifier, ' ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((word) => (/^(?=(?:[^A-Z]*[A-Z]){2})[A-Z0-9]+s?$/.test(word) ? word : word.toLowerCase()))
    .join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The summary, when the title does not say all of it (it had markup or was cut); else undefined. */
export function fullSummary(operation: ApiOperation): string | undefined {
  const summary = operation.summary?.trim();
  return summary && plainTitle(summary) !== summary ? summary : undefined;
}

/** A title's longest length before it is cut to its first sentence. */
export const titleLength = 100;

function plainTitle(summary: string): string {
  // Some descriptions write a whole description as the summary: the title comes from its first paragraph, past a
  // notice that opens with a bold label ("**NOTE:** This endpoint requires an admin key.", "**Starting a new
  // project?** …").
  const paragraphs = summary
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '' && !/^([-*_])(\s*\1){2,}$/.test(paragraph));
  const [first = '', second] = paragraphs;
  // A notice is a bold label ending in a colon, question or exclamation mark (`**Note:**`), not any bold start.
  const lead = second !== undefined && /^\*\*[^*]+[:?!]\*\*/.test(first) ? second : first;
  // Most summaries are plain words: only text that could hold Markdown is parsed.
  const text = /[[\]`*_<>&\\]/.test(lead) ? markdownToText(lead) : lead;
  const plain = text.replace(/\s+/g, ' ').trim();
  if (plain.length <= titleLength) return plain;
  const sentence = new RegExp(`^(.{10,${titleLength - 1}}?[.!?])\\s`).exec(plain)?.[1];
  return sentence ?? `${plain.slice(0, titleLength - 1).trimEnd()}…`;
}
