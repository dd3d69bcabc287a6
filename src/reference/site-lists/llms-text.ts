/**
 * `/llms.txt` after llmstxt.org: the API's name, a one-paragraph summary in plain sentences, then sections an agent
 * can choose from — the guides (each with its one line), the reference by group and tag (each operation with its
 * method and path, a link to its Markdown twin and its badge), the models, the earlier majors still published (after
 * the current version, which the rest of the file is about), and an "Optional" section (downloads, changelog, error
 * catalog). A description too large to list every operation usefully lists its tags instead
 * (`operationsListedUpTo`), each linked to its Markdown twin with its count, and the models index's pages rather
 * than every model.
 */
import { type ApiModel, type ApiTag, countOf, operationById } from '../../openapi/index.ts';
import { markdownToText, topSections } from '../../render/markdown.ts';
import { modelsIndexPages, modelsPerIndexPage, operationTitle, referenceUrls, tagLabel, twinOf } from '../routes.ts';
import { code, inline, link } from '../twins/markdown-text.ts';

/**
 * Past this many operations the file lists tags, not operations: a line per operation is then about what an agent
 * reads whole; GitHub's would be twice that, lines it cannot choose from.
 */
export const operationsListedUpTo = 500;

export interface LlmsInputs {
  /** Absolute URL of a site path. */
  absolute: (path: string) => string;
  guides: { title: string; description?: string | undefined; path: string }[];
  /** Optional links (downloads, catalog, changelog), each with what it is. */
  optional: { title: string; path: string; note?: string }[];
  /** The earlier majors published beside the current version, newest first. */
  earlier?: readonly EarlierMajor[];
}

/** An earlier major's reference, as llms.txt lists it. */
export interface EarlierMajor {
  /** `1.x` */
  label: string;
  /** The release it is built from: `1.1.0`. */
  version: string;
  /** Site paths of its introduction's Markdown twin and of the migration page's twin. */
  introduction: string;
  migration: string;
}

/** The summary's longest, in characters: what an agent reads first, not however long a first paragraph runs. */
export const summaryAtMost = 500;
/** The longest of what a model's line quotes from its description. */
export const modelLineAtMost = 200;

/**
 * The summary: `info.summary`, else the description's first paragraph, as plain sentences on one line, cut to
 * `summaryAtMost`.
 */
export function llmsSummary(model: ApiModel): string {
  if (model.info.summary) return cutAtSentence(model.info.summary, summaryAtMost);
  const lead = topSections(model.info.description ?? '').lead;
  const first = lead.split(/\n\s*\n/)[0] ?? '';
  return cutAtSentence(markdownToText(first), summaryAtMost);
}

/**
 * Text on one line and of at most `atMost` characters: up to its last sentence that fits, else up to a word and
 * marked `…`.
 */
export function cutAtSentence(written: string, atMost: number): string {
  const text = written.replace(/\s+/g, ' ').trim();
  if (text.length <= atMost) return text;
  let sentenceEnd = 0;
  for (const end of text.slice(0, atMost + 1).matchAll(/[.!?](?=\s)/g)) sentenceEnd = end.index + 1;
  if (sentenceEnd > 0) return text.slice(0, sentenceEnd);
  const space = text.lastIndexOf(' ', atMost - 1);
  return `${text.slice(0, space > 0 ? space : atMost - 1).trimEnd()}…`;
}

export function llmsText(model: ApiModel, { absolute, guides, optional, earlier = [] }: LlmsInputs): string {
  const urls = referenceUrls(model);
  // Every name and sentence from the description is escaped (markdown-text.ts): a `]` in a model's name or a
  // `<` in a summary is text, not Markdown or HTML.
  const lines = [`# ${inline(model.info.title)}`, ''];
  const summary = llmsSummary(model);
  if (summary) lines.push(`> ${inline(summary)}`, '');
  lines.push(
    `The reference at ${absolute(urls.introduction)} documents ${countOf(model.operations.length, 'operation')} and ${countOf(model.schemas.length, 'model')}; every page, guides included, has a Markdown twin (its URL with \`.md\`).`,
    '',
  );
  lines.push(...guideLines(guides, absolute));
  const listOperations = model.operations.length <= operationsListedUpTo;
  if (model.operations.length > 0) lines.push('## Reference', '');
  lines.push(...groupLines(model, absolute, listOperations));
  if (model.schemas.length > 0) {
    lines.push('## Models', '');
    // A line per model is as long as a line per operation: GitHub's hundreds of models alone made the file several
    // times what an agent reads whole. Past one index page, or when tags stand for operations, the index's pages do.
    lines.push(...modelLines(model, absolute, listOperations), '');
  }
  if (earlier.length > 0) lines.push('## Earlier versions', '', ...earlierLines(model, earlier, absolute), '');
  lines.push(...optionalLines(optional, absolute));
  return lines.join('\n');
}

type Absolute = LlmsInputs['absolute'];

function guideLines(guides: LlmsInputs['guides'], absolute: Absolute): string[] {
  if (guides.length === 0) return [];
  return [
    '## Guides',
    '',
    ...guides.map(
      (guide) =>
        `- ${link(guide.title, absolute(guide.path))}${guide.description ? `: ${inline(guide.description)}` : ''}`,
    ),
    '',
  ];
}

function optionalLines(optional: LlmsInputs['optional'], absolute: Absolute): string[] {
  if (optional.length === 0) return [];
  return ['## Optional', '', ...linkLines(optional, absolute), ''];
}

const linkLines = (links: LlmsInputs['optional'], absolute: Absolute) =>
  links.map((item) => `- ${link(item.title, absolute(item.path))}${item.note ? `: ${inline(item.note)}` : ''}`);

/** The tag groups in the order the reference reads them, with the named tags that have operations. */
function readingGroups(model: ApiModel): { title: string; tags: ApiTag[]; named: number }[] {
  const tagsByName = new Map(model.tags.map((tag) => [tag.name, tag]));
  const grouped = new Set(model.tagGroups.flatMap((group) => group.tags));
  const groups = [
    ...model.tagGroups.map((group) => ({ title: tagLabel(group), tags: group.tags })),
    ...model.tags.filter((tag) => !grouped.has(tag.name)).map((tag) => ({ title: tagLabel(tag), tags: [tag.name] })),
  ];
  return groups.flatMap((group) => {
    const tags = group.tags.flatMap((name) => tagsByName.get(name) ?? []).filter((tag) => tag.operations.length > 0);
    return tags.length === 0 ? [] : [{ title: group.title, tags, named: group.tags.length }];
  });
}

/** The reference by group (`### Group`): each operation, or each tag with its count when `listOperations` is false. */
function groupLines(model: ApiModel, absolute: Absolute, listOperations: boolean): string[] {
  const urls = referenceUrls(model);
  const lines: string[] = [];
  for (const group of readingGroups(model)) {
    lines.push(`### ${inline(group.title)}`, '');
    for (const tag of group.tags) {
      if (!listOperations) {
        lines.push(tagLine(model, tag, absolute));
        continue;
      }
      if (group.named > 1) lines.push(`- ${inline(tagLabel(tag))}:`);
      for (const id of tag.operations) {
        const operation = operationById(model, id);
        if (!operation) continue;
        const md = absolute(urls.operationMarkdown(operation));
        const badge = operation.badge ? ` (${operation.badge.kind})` : '';
        const indent = group.named > 1 ? '  ' : '';
        lines.push(
          `${indent}- ${link(operationTitle(operation), md)}: ${code(`${operation.method.toUpperCase()} ${operation.path}`)}${badge}`,
        );
      }
    }
    lines.push('');
  }
  return lines;
}

const tagLine = (model: ApiModel, tag: ApiTag, absolute: Absolute) =>
  `- ${link(tagLabel(tag), absolute(twinOf(referenceUrls(model).tag(tag))))}: ${countOf(tag.operations.length, 'operation')}`;

/** A line per model, or per page of the models index past one page or when `perModel` is false. */
function modelLines(model: ApiModel, absolute: Absolute, perModel: boolean): string[] {
  const urls = referenceUrls(model);
  const indexPages = modelsIndexPages(model);
  if (!perModel || indexPages.length > 1) {
    return indexPages.map(({ schemas, number }) => {
      const range = indexPages.length > 1 ? ` (${schemas[0]?.name} to ${schemas.at(-1)?.name})` : '';
      return `- ${link(`Models${range}`, absolute(twinOf(urls.schemasPage(number))))}: ${countOf(schemas.length, 'model')}`;
    });
  }
  return model.schemas.flatMap((schema) => {
    const page = urls.schema(schema.name);
    if (!page) return [];
    const first = schema.schema.description ? markdownToText(schema.schema.description).split(/(?<=\.)\s/)[0] : '';
    const said = first ? cutAtSentence(first, modelLineAtMost) : '';
    return [`- ${link(schema.name, absolute(page))}${said ? `: ${inline(said)}` : ''}`];
  });
}

function earlierLines(model: ApiModel, earlier: readonly EarlierMajor[], absolute: Absolute): string[] {
  return earlier.flatMap((major) => [
    `- ${link(`Reference ${major.label}`, absolute(major.introduction))}: ${inline(`${major.version}, the last ${major.label} release, for clients not yet on ${model.info.version}`)}`,
    `- ${link(`Migrating from ${major.label}`, absolute(major.migration))}: every breaking change since ${inline(major.version)}, with what to do`,
  ]);
}

/** One API of a site of several, as its `llms.txt` section lists it. */
export interface SiteLlmsApi {
  model: ApiModel;
  /** Its id in portal.json: told after its title when another API has the same title. */
  id: string;
  /** Its own links: its description's downloads, its full text, its error catalog, its changelog. */
  links: LlmsInputs['optional'];
  earlier?: readonly EarlierMajor[];
}

export interface SiteLlmsInputs extends Omit<LlmsInputs, 'earlier'> {
  /** The site's title: portal.json's, else "API documentation". */
  title: string;
  apis: readonly SiteLlmsApi[];
}

/**
 * Up to this many operations in all, a site of several APIs lists each API's operations (each API's as a one-API
 * site's would, but for its headings); past them, its tags. Measured on Twilio's 45 descriptions (1,418 operations,
 * 880 models, 444 tags): their sections listing every operation and model, as one-API sites' llms.txt do, came to
 * 399 KB, what no agent reads whole; listing their tags and models index pages, 81 KB, as much as one API of 500
 * operations makes.
 */
export const siteOperationsListedUpTo = operationsListedUpTo;

/**
 * Up to this many tags in all, past `siteOperationsListedUpTo` operations, each API's tags are listed; past them,
 * each API's section is its summary (cut to 200 characters) and its links alone, its introduction's twin listing
 * its tags: 200 APIs, portal.json's most, then make 97 KB (measured on Twilio's descriptions, repeated).
 */
export const siteTagsListedUpTo = 500;

/**
 * `/llms.txt` of a site of several APIs: the site's title and how many APIs it documents, the guides once, a
 * `## <API title>` section per API (its summary, its reference, its models, its earlier majors, its own links),
 * then the "Optional" section once. What each section lists is bounded by the site's whole: operations up to
 * `siteOperationsListedUpTo` in all, else tags up to `siteTagsListedUpTo` in all, else only the API's introduction.
 */
export function siteLlmsText({ title, apis, absolute, guides, optional }: SiteLlmsInputs): string {
  const operations = apis.reduce((sum, { model }) => sum + model.operations.length, 0);
  const tags = apis.reduce((sum, { model }) => sum + readingGroups(model).flatMap((group) => group.tags).length, 0);
  const listing = operations <= siteOperationsListedUpTo ? 'operations' : tags <= siteTagsListedUpTo ? 'tags' : 'none';
  const models = apis.reduce((sum, { model }) => sum + model.schemas.length, 0);
  const titles = apis.map(({ model }) => model.info.title);
  const lines = [`# ${inline(title)}`, ''];
  // Their titles while they make a short line; each has its section below anyway.
  const named = apis.length <= apisNamedUpTo ? `: ${inline(listed(titles))}` : '';
  lines.push(`> This site documents ${countOf(apis.length, 'API')}${named}.`, '');
  const listedAs = {
    operations: "Each API's section lists its operations, each linked to its Markdown twin",
    tags: `The APIs have ${countOf(operations, 'operation')} in all, so each API's section lists its tags, each linked to its Markdown twin, which lists its operations`,
    none: `The APIs have ${countOf(tags, 'tag')} in all, so each API's section links its reference's introduction, whose Markdown twin lists its tags`,
  }[listing];
  lines.push(`${listedAs}; every page, guides included, has a Markdown twin (its URL with \`.md\`).`, '');
  lines.push(...guideLines(guides, absolute));
  for (const { model, id, links, earlier = [] } of apis) {
    const urls = referenceUrls(model);
    const sameTitle = titles.filter((other) => other === model.info.title).length > 1;
    lines.push(`## ${inline(model.info.title)}${sameTitle ? ` (${inline(id)})` : ''}`, '');
    const summary = llmsSummary(model);
    if (summary) lines.push(inline(listing === 'none' ? cutAtSentence(summary, modelLineAtMost) : summary), '');
    lines.push(
      `Its reference at ${absolute(urls.introduction)} (${link('Markdown', absolute(twinOf(urls.introduction)))}) documents ${countOf(model.operations.length, 'operation')} and ${countOf(model.schemas.length, 'model')}.`,
      '',
    );
    if (listing === 'operations') {
      // Each API's as a one-API site's, by group, but for an API of more than one-API site lists.
      lines.push(...groupLines(model, absolute, model.operations.length <= operationsListedUpTo));
    } else if (listing === 'tags') {
      // A tag a line, under its group's name when the group has several: not a heading each, as Twilio's
      // descriptions make a group of every tag.
      const groups = readingGroups(model);
      if (groups.length > 0) lines.push('### Reference', '');
      for (const group of groups) {
        if (group.named > 1) lines.push(`- ${inline(group.title)}:`);
        for (const tag of group.tags) lines.push(`${group.named > 1 ? '  ' : ''}${tagLine(model, tag, absolute)}`);
      }
      if (groups.length > 0) lines.push('');
    }
    if (listing !== 'none' && model.schemas.length > 0) {
      // A line per model while the site's models would fit one index page: past it, each API's index pages.
      const perModel = listing === 'operations' && models <= modelsPerIndexPage;
      lines.push('### Models', '', ...modelLines(model, absolute, perModel), '');
    }
    if (earlier.length > 0) lines.push('### Earlier versions', '', ...earlierLines(model, earlier, absolute), '');
    if (links.length > 0) lines.push('### Downloads and more', '', ...linkLines(links, absolute), '');
  }
  lines.push(...optionalLines(optional, absolute));
  return lines.join('\n');
}

/** The opening line names the APIs up to this many. */
const apisNamedUpTo = 8;

/** `A`, `A and B`, `A, B and C`. */
function listed(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}
