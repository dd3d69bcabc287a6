/**
 * `/llms-full.txt`: every page's Markdown twin in reading order — the guides, the reference's introduction, then
 * each tag group's tags with their operations, the models, the error catalog, the changelog — for agents that want
 * everything at once. It is written as it is made, a page at a time, so that nothing holds every page's Markdown.
 * Past `fullTextSplitAt` bytes `/llms-full.txt` is an index of parts instead (`/llms-full/<part>.txt`): the guides,
 * the introduction with the error catalog, each tag group, the models, the changelog. Tags outside any group are
 * packed, consecutive ones together up to the same size, rather than a part each: a description of thousands of
 * ungrouped tags would otherwise publish thousands of small files.
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
  const routes = referenceRoutes(model);
  const of = <T extends ReferenceRoute['type']>(type: T) =>
    routes.filter((route): route is Extract<ReferenceRoute, { type: T }> => route.type === type);
  // Each page starts from a clean block state: its twin leaves no block open (description text is written back by
  // the Markdown library, one text at a time, and needs no definition from another: descriptionMarkdown), and the
  // blank line and comment before it end any list, quote or paragraph the page before ended in.
  const marked = (path: string, markdown: string) => `<!-- ${inline(path)} -->\n\n${markdown.trim()}`;
  const page = async (route: ReferenceRoute) => marked(sitePath(`/${route.path}/`), await markdownOf(route));

  let wholeFits = true;
  const whole = new JoinedText(files, fullTextFile);
  const toWhole = async (text: string) => {
    // With the blank line before it and the closing newline: the whole is at most `splitAt` bytes as published.
    if (wholeFits && whole.bytes + (whole.bytes === 0 ? 0 : 2) + byteLength(text) + 1 > splitAt) wholeFits = false;
    if (wholeFits) await whole.add(text);
  };
  const parts: FullTextPart[] = [];
  const slug = uniqueSlugs();
  for (const own of ['guides', 'introduction', 'models', 'changelog']) slug(own);
  /**
   * A part whose texts are written as they come, each to the whole too unless `inWhole` is false; past
   * `partLimit` it goes on in a next part.
   */
  const part = (firstSlug: string, firstTitle: string) => {
    let count = 1;
    let partSlug = firstSlug;
    let title = firstTitle;
    let text = new JoinedText(files, fullTextPartFile(partSlug));
    const close = async () => {
      if (await text.close()) parts.push({ slug: partSlug, title, bytes: text.bytes });
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

  const guides = part('guides', 'Guides');
  for (const twin of others.guides) await guides.add(marked(twin.path, twin.markdown));
  await guides.close();

  // The error catalog is read with the introduction in parts, and after the models in the whole.
  const introduction = part('introduction', 'Introduction and errors');
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
    const packed = part(slug(first === last ? first.name : `${first.name} to ${last.name}`), title);
    for (const text of texts) await packed.add(text, false);
    await packed.close();
  };
  for (const group of model.tagGroups) {
    if (!group.implicit) {
      await closePack();
      const grouped = part(slug(group.name), tagLabel(group));
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

  const models = part('models', 'Models');
  for (const route of [...of('schemas'), ...of('schema')]) await models.add(await page(route));
  await models.close();
  for (const text of errors) await toWhole(text);

  const changelog = part('changelog', 'Changelog');
  if (others.changelog) await changelog.add(marked(others.changelog.path, others.changelog.markdown));
  await changelog.close();

  if (wholeFits) {
    await whole.close();
    for (const { slug: written } of parts) await files.remove(fullTextPartFile(written));
    return { wholeBytes: whole.bytes, parts: [] };
  }
  await whole.close();
  const index = files.open(fullTextFile);
  await index.write(fullTextIndex(model, parts, absolute));
  await index.close();
  return { wholeBytes: undefined, parts };
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
