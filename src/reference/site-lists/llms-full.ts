/**
 * `/llms-full.txt`: every page's Markdown twin in reading order — the guides, the reference's introduction, then
 * each tag group's tags with their operations, the models, the error catalog, the changelog — for agents that want
 * everything at once. It is written as it is made, a page at a time, so that nothing holds every page's Markdown.
 * Past `fullTextSplitAt` bytes `/llms-full.txt` is an index of parts instead (`/llms-full/<part>.txt`): the guides,
 * the introduction with the error catalog, each tag group, the models, the changelog. Tags outside any group are
 * packed, consecutive ones together up to the same size, rather than a part each: a description of thousands of
 * ungrouped tags would otherwise publish thousands of small files.
 *
 * A site of several APIs (`writeSiteFullText`) has the guides, then each API's pages in that order; its parts are
 * the guides and a part per API, an API over the size itself in the parts a one-API site's would have.
 */
import { type ApiModel, type ApiTagGroup, uniqueSlugs } from '../../openapi/index.ts';
import { referenceRoutes } from '../page-kinds.ts';
import { type ReferenceRoute, tagLabel } from '../routes.ts';
import { sitePath } from '../site-path.ts';
import { inline } from '../twins/markdown-text.ts';

/**
 * Past this many bytes the full text is split. ~4 bytes a token makes 1 MB ~250,000 tokens: more than the 200,000
 * tokens most coding agents' context holds, so a larger file cannot be read whole by them anyway, while a part
 * per tag group lets an agent fetch the part it needs. (The Pet Store's whole text is far below: one file.)
 */
export const fullTextSplitAt = 1_000_000;

/**
 * No part grows past this many bytes: past it, a part goes on in a next one (`models-2`, "Models (2)"). A
 * description's models or a large tag group otherwise made one file that grew with the API, towards the 25 MiB a
 * static host accepts.
 */
export const fullTextPartLimit = 10_000_000;

/** Twins of the pages the reference does not make: the guides and the changelog (`data/page-twins.ts`). */
export interface OtherTwins {
  guides: readonly { path: string; markdown: string }[];
  changelog?: { path: string; markdown: string } | undefined;
}

export interface FullTextPart {
  /** The part's file name without `.txt`. */
  slug: string;
  title: string;
  bytes: number;
  /** In a site of several APIs, the place in the site's list of the API the part is of (none for the guides). */
  api?: number;
}

/** What was written: the whole text's size when it is one file, else the parts it was split into. */
export interface FullText {
  /** Bytes of `/llms-full.txt` when it is the whole text; `undefined` when it is the index of `parts`. */
  wholeBytes: number | undefined;
  /** Reading-order parts when split (none when whole). */
  parts: FullTextPart[];
}

/** Where the full text is written (the build's output folder; memory in `astro dev` and tests), by file name. */
export interface TextFiles {
  open(name: string): TextFile;
  remove(name: string): Promise<void>;
}

export interface TextFile {
  write(text: string): Promise<void>;
  close(): Promise<void>;
}

/** Makes a reference page's Markdown: called once for each page the full text holds, in reading order. */
export type MarkdownOf = (route: ReferenceRoute) => string | Promise<string>;

/** File names below the site's root. */
export const fullTextFile = 'llms-full.txt';
export const fullTextPartFile = (slug: string) => `llms-full/${slug}.txt`;

/** Where a part is published. */
export const fullTextPartPath = (slug: string) => sitePath(`/${fullTextPartFile(slug)}`);

const byteLength = (text: string) => Buffer.byteLength(text);

/** Texts joined by a blank line, written as they come; the file is opened with the first. */
class JoinedText {
  bytes = 0;
  readonly #files: TextFiles;
  readonly #name: string;
  #file: TextFile | undefined;

  constructor(files: TextFiles, name: string) {
    this.#files = files;
    this.#name = name;
  }

  async add(text: string): Promise<void> {
    const joined = this.bytes === 0 ? text : `\n\n${text}`;
    this.#file ??= this.#files.open(this.#name);
    await this.#file.write(joined);
    this.bytes += byteLength(joined);
  }

  /** Ends the file with a newline; true when anything was written. */
  async close(): Promise<boolean> {
    if (!this.#file) return false;
    await this.#file.write('\n');
    this.bytes += 1;
    await this.#file.close();
    return true;
  }
}

/** A text written while it stays within `limit` bytes as published (with its closing newline); past it, no more. */
class BoundedText {
  fits = true;
  readonly text: JoinedText;
  readonly #limit: number;

  constructor(files: TextFiles, name: string, limit: number) {
    this.text = new JoinedText(files, name);
    this.#limit = limit;
  }

  async add(added: string): Promise<void> {
    const bytes = this.text.bytes;
    if (this.fits && bytes + (bytes === 0 ? 0 : 2) + byteLength(added) + 1 > this.#limit) this.fits = false;
    if (this.fits) await this.text.add(added);
  }
}

/** A part's texts, written as they come: past the part limit it goes on in a next part. */
interface PartText {
  /** Adds a text to the part and, unless `inWhole` is false, to the whole. */
  add(added: string, inWhole?: boolean): Promise<void>;
  close(): Promise<void>;
}

/** Where one API's text goes: its parts, named as the site's full text names them, and the whole. */
interface ApiTextSink {
  /** A part of the API's own (`introduction`, `models`, `changelog`): its slug was set aside before any other. */
  ownPart(name: 'introduction' | 'models' | 'changelog', title: string): PartText;
  /** A part named after a tag group or tags: its slug is made unique among the parts. */
  namedPart(name: string, title: string): PartText;
  toWhole(text: string): Promise<void>;
}

/** Parts written into `parts` as each closes, each continued past `partLimit` in a next one. */
function partMaker(
  files: TextFiles,
  parts: FullTextPart[],
  slug: (text: string) => string,
  toWhole: (text: string) => Promise<void>,
  partLimit: number,
  api?: number,
) {
  return (firstSlug: string, firstTitle: string): PartText => {
    let count = 1;
    let partSlug = firstSlug;
    let title = firstTitle;
    let text = new JoinedText(files, fullTextPartFile(partSlug));
    const close = async () => {
      if (await text.close())
        parts.push({ slug: partSlug, title, bytes: text.bytes, ...(api === undefined ? {} : { api }) });
    };
    return {
      add: async (added: string, inWhole = true) => {
        if (text.bytes > 0 && text.bytes + 2 + byteLength(added) + 1 > partLimit) {
          await close();
          count += 1;
          partSlug = slug(`${firstSlug} ${count}`);
          title = `${firstTitle} (${count})`;
          text = new JoinedText(files, fullTextPartFile(partSlug));
        }
        await text.add(added);
        if (inWhole) await toWhole(added);
      },
      close,
    };
  };
}

/**
 * Writes the full text: each reference page's Markdown is asked of `markdownOf` once, in reading order, and goes
 * to both the whole text (while it is within `splitAt`) and its part; past `splitAt`, the whole is replaced by the
 * index of the parts, and else the parts are removed. `absolute` makes the index's links.
 */
export async function writeFullText(
  model: ApiModel,
  markdownOf: MarkdownOf,
  others: OtherTwins,
  files: TextFiles,
  absolute: (path: string) => string,
  splitAt = fullTextSplitAt,
  partLimit = fullTextPartLimit,
): Promise<FullText> {
  const whole = new BoundedText(files, fullTextFile, splitAt);
  const toWhole = (text: string) => whole.add(text);
  const parts: FullTextPart[] = [];
  const slug = uniqueSlugs();
  for (const own of ['guides', 'introduction', 'models', 'changelog']) slug(own);
  const part = partMaker(files, parts, slug, toWhole, partLimit);

  await writeGuides(others.guides, part('guides', 'Guides'));
  await writeApiText(
    model,
    markdownOf,
    others.changelog,
    {
      ownPart: (name, title) => part(name, title),
      namedPart: (name, title) => part(slug(name), title),
      toWhole,
    },
    splitAt,
  );

  await whole.text.close();
  if (whole.fits) {
    for (const { slug: written } of parts) await files.remove(fullTextPartFile(written));
    return { wholeBytes: whole.text.bytes, parts: [] };
  }
  const index = files.open(fullTextFile);
  await index.write(fullTextIndex(model, parts, absolute));
  await index.close();
  return { wholeBytes: undefined, parts };
}

/** One API of a site of several, as its full text holds it. */
export interface FullTextApi {
  /** Its id in portal.json: its part's slug, and the start of its parts' slugs. */
  id: string;
  model: ApiModel;
  markdownOf: MarkdownOf;
  /** Its changelog's twin, when it has releases. */
  changelog?: { path: string; markdown: string } | undefined;
}

/**
 * The full text of a site of several APIs: the guides, then each API's pages in the order a one-API site's has
 * them. Past `splitAt`, the parts are the guides and one per API (`/llms-full/<id>.txt`); an API itself past
 * `splitAt` is split as a one-API site's text is (`<id>-introduction`, a part per tag group, `<id>-models`, …).
 * Each API's pages are written to its own part and to its split parts at once, and whichever is not kept is removed.
 */
export async function writeSiteFullText(
  title: string,
  apis: readonly FullTextApi[],
  guides: OtherTwins['guides'],
  files: TextFiles,
  absolute: (path: string) => string,
  splitAt = fullTextSplitAt,
  partLimit = fullTextPartLimit,
): Promise<FullText> {
  const whole = new BoundedText(files, fullTextFile, splitAt);
  const parts: FullTextPart[] = [];
  const slug = uniqueSlugs();
  slug('guides');
  // Every API's own part is named by its id: set aside first, so that no other part takes it.
  for (const { id } of apis) slug(id);

  await writeGuides(guides, partMaker(files, parts, slug, (text) => whole.add(text), partLimit)('guides', 'Guides'));
  for (const [api, { id, model, markdownOf, changelog }] of apis.entries()) {
    const own = new BoundedText(files, fullTextPartFile(id), splitAt);
    const toWhole = async (text: string) => {
      await whole.add(text);
      await own.add(text);
    };
    const split: FullTextPart[] = [];
    const part = partMaker(files, split, slug, toWhole, partLimit, api);
    const ownSlugs = {
      introduction: slug(`${id} introduction`),
      models: slug(`${id} models`),
      changelog: slug(`${id} changelog`),
    };
    await writeApiText(
      model,
      markdownOf,
      changelog,
      {
        ownPart: (name, partTitle) => part(ownSlugs[name], partTitle),
        namedPart: (name, partTitle) => part(slug(`${id} ${name}`), partTitle),
        toWhole,
      },
      splitAt,
    );
    const written = await own.text.close();
    if (own.fits) {
      for (const { slug: removed } of split) await files.remove(fullTextPartFile(removed));
      if (written) parts.push({ slug: id, title: model.info.title, bytes: own.text.bytes, api });
    } else {
      await files.remove(fullTextPartFile(id));
      parts.push(...split);
    }
  }

  await whole.text.close();
  if (whole.fits) {
    for (const { slug: written } of parts) await files.remove(fullTextPartFile(written));
    return { wholeBytes: whole.text.bytes, parts: [] };
  }
  const index = files.open(fullTextFile);
  await index.write(
    siteFullTextIndex(
      title,
      apis.map(({ model }) => model.info.title),
      parts,
      absolute,
    ),
  );
  await index.close();
  return { wholeBytes: undefined, parts };
}

/** Each page starts from a clean block state (see `writeApiText`): a comment naming its path, then its Markdown. */
const marked = (path: string, markdown: string) => `<!-- ${inline(path)} -->\n\n${markdown.trim()}`;

async function writeGuides(guides: OtherTwins['guides'], part: PartText): Promise<void> {
  for (const twin of guides) await part.add(marked(twin.path, twin.markdown));
  await part.close();
}

/**
 * One API's pages in reading order — its introduction, each tag group's tags with their operations, the models,
 * the error catalog, the changelog — each to the whole (`sink.toWhole`) and to its part.
 */
async function writeApiText(
  model: ApiModel,
  markdownOf: MarkdownOf,
  changelogTwin: { path: string; markdown: string } | undefined,
  sink: ApiTextSink,
  splitAt: number,
): Promise<void> {
  const { toWhole } = sink;
  const routes = referenceRoutes(model);
  const of = <T extends ReferenceRoute['type']>(type: T) =>
    routes.filter((route): route is Extract<ReferenceRoute, { type: T }> => route.type === type);
  // Each page starts from a clean block state: its twin leaves no block open (description text is written back by
  // the Markdown library, one text at a time, and needs no definition from another: descriptionMarkdown), and the
  // blank line and comment before it end any list, quote or paragraph the page before ended in.
  const page = async (route: ReferenceRoute) => marked(sitePath(`/${route.path}/`), await markdownOf(route));

  // The error catalog is read with the introduction in parts, and after the models in the whole.
  const introduction = sink.ownPart('introduction', 'Introduction and errors');
  for (const route of of('introduction')) await introduction.add(await page(route));
  const errors: string[] = [];
  for (const route of of('errors')) {
    const text = await page(route);
    errors.push(text);
    await introduction.add(text, false);
  }
  await introduction.close();

  // A tag's first page: its further pages only list operations that follow here anyway.
  const tags = new Map<string, ReferenceRoute>();
  for (const route of of('tag')) if (!tags.has(route.tag.name)) tags.set(route.tag.name, route);
  const operationsOf = Map.groupBy(of('operation'), (route) => route.tag.name);
  /** A tag's page and its operations' pages, each also written to the whole as it is made. */
  const tagTexts = async function* (name: string) {
    const tag = tags.get(name);
    if (!tag) return;
    for (const route of [tag, ...(operationsOf.get(name) ?? [])]) {
      const text = await page(route);
      await toWhole(text);
      yield text;
    }
  };

  // Consecutive tags outside any group, held until their part is full: it is named by its first and last tag.
  let pack: { first: ApiTagGroup; last: ApiTagGroup; texts: string[]; bytes: number } | undefined;
  const closePack = async () => {
    if (!pack) return;
    const { first, last, texts } = pack;
    pack = undefined;
    const title = first === last ? tagLabel(first) : `${tagLabel(first)} to ${tagLabel(last)}`;
    const packed = sink.namedPart(first === last ? first.name : `${first.name} to ${last.name}`, title);
    for (const text of texts) await packed.add(text, false);
    await packed.close();
  };
  for (const group of model.tagGroups) {
    if (!group.implicit) {
      await closePack();
      const grouped = sink.namedPart(group.name, tagLabel(group));
      for (const name of group.tags) for await (const text of tagTexts(name)) await grouped.add(text, false);
      await grouped.close();
      continue;
    }
    const texts: string[] = [];
    for (const name of group.tags) for await (const text of tagTexts(name)) texts.push(text);
    if (texts.length === 0) continue;
    const bytes = texts.reduce((sum, text) => sum + byteLength(text) + 2, 0);
    if (pack && pack.bytes + bytes > splitAt) await closePack();
    pack ??= { first: group, last: group, texts: [], bytes: 0 };
    pack.last = group;
    pack.texts.push(...texts);
    pack.bytes += bytes;
  }
  await closePack();

  const models = sink.ownPart('models', 'Models');
  for (const route of [...of('schemas'), ...of('schema')]) await models.add(await page(route));
  await models.close();
  for (const text of errors) await toWhole(text);

  const changelog = sink.ownPart('changelog', 'Changelog');
  if (changelogTwin) await changelog.add(marked(changelogTwin.path, changelogTwin.markdown));
  await changelog.close();
}

/** `/llms-full.txt` when split: what each part holds, for an agent to pick from. */
export function fullTextIndex(model: ApiModel, parts: readonly FullTextPart[], absolute: (path: string) => string) {
  return [
    `# ${inline(model.info.title)}: the full text, in parts`,
    '',
    `The whole reference is over ${fullTextSplitAt / 1_000_000} MB, so it is split per tag group (tags outside any group several to a part):`,
    '',
    ...parts.map(
      (part) =>
        `- [${inline(part.title)}](${absolute(fullTextPartPath(part.slug))}): ${Math.ceil(part.bytes / 1000)} KB`,
    ),
    '',
  ].join('\n');
}

/**
 * `/llms-full.txt` of a site of several APIs when split: the guides, then each API's parts under its title.
 * `apiTitles` are the APIs' titles in the site's order.
 */
export function siteFullTextIndex(
  title: string,
  apiTitles: readonly string[],
  parts: readonly FullTextPart[],
  absolute: (path: string) => string,
) {
  const line = (part: FullTextPart) =>
    `- [${inline(part.title)}](${absolute(fullTextPartPath(part.slug))}): ${Math.ceil(part.bytes / 1000)} KB`;
  const lines = [
    `# ${inline(title)}: the full text, in parts`,
    '',
    `The whole text is over ${fullTextSplitAt / 1_000_000} MB, so it is split per API (an API that is over ${fullTextSplitAt / 1_000_000} MB itself per tag group, tags outside any group several to a part):`,
    '',
    ...parts.filter((part) => part.api === undefined).map(line),
    '',
  ];
  for (const [api, apiTitle] of apiTitles.entries()) {
    const own = parts.filter((part) => part.api === api);
    if (own.length > 0) lines.push(`## ${inline(apiTitle)}`, '', ...own.map(line), '');
  }
  return lines.join('\n');
}

/** Text files kept in memory: `astro dev` serves the full text from them, and tests read them. */
export function textFilesInMemory(): TextFiles & { read(name: string): string | undefined; names(): string[] } {
  const texts = new Map<string, string>();
  return {
    open(name) {
      texts.set(name, '');
      return {
        write: async (text) => {
          texts.set(name, (texts.get(name) ?? '') + text);
        },
        close: async () => {},
      };
    },
    remove: async (name) => {
      texts.delete(name);
    },
    read: (name) => texts.get(name),
    names: () => [...texts.keys()],
  };
}
