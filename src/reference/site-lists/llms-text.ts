/**
 * `/llms.txt` after llmstxt.org: the API's name, a one-paragraph summary in plain sentences, then sections an agent
 * can choose from — the guides (each with its one line), the reference by group and tag (each operation with its
 * method and path, a link to its Markdown twin and its badge), the models, the earlier majors still published (after
 * the current version, which the rest of the file is about), and an "Optional" section (downloads, changelog, error
 * catalog). A description too large to list every operation usefully lists its tags instead
 * (`operationsListedUpTo`), each linked to its Markdown twin with its count, and the models index's pages rather
 * than every model.
 */
import { type ApiModel, countOf, operationById } from '../../openapi/index.ts';
import { markdownToText, topSections } from '../../render/markdown.ts';
import { modelsIndexPages, operationTitle, referenceUrls, tagLabel, twinOf } from '../routes.ts';
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
  if (guides.length > 0) {
    lines.push('## Guides', '');
    for (const guide of guides) {
      lines.push(
        `- ${link(guide.title, absolute(guide.path))}${guide.description ? `: ${inline(guide.description)}` : ''}`,
      );
    }
    lines.push('');
  }
  const listOperations = model.operations.length <= operationsListedUpTo;
  const tagsByName = new Map(model.tags.map((tag) => [tag.name, tag]));
  const grouped = new Set(model.tagGroups.flatMap((group) => group.tags));
  const groups = [
    ...model.tagGroups.map((group) => ({ title: tagLabel(group), tags: group.tags })),
    ...model.tags.filter((tag) => !grouped.has(tag.name)).map((tag) => ({ title: tagLabel(tag), tags: [tag.name] })),
  ];
  if (model.operations.length > 0) lines.push('## Reference', '');
  for (const group of groups) {
    const tags = group.tags.flatMap((name) => tagsByName.get(name) ?? []).filter((tag) => tag.operations.length > 0);
    if (tags.length === 0) continue;
    lines.push(`### ${inline(group.title)}`, '');
    for (const tag of tags) {
      if (!listOperations) {
        lines.push(
          `- ${link(tagLabel(tag), absolute(twinOf(urls.tag(tag))))}: ${countOf(tag.operations.length, 'operation')}`,
        );
        continue;
      }
      if (group.tags.length > 1) lines.push(`- ${inline(tagLabel(tag))}:`);
      for (const id of tag.operations) {
        const operation = operationById(model, id);
        if (!operation) continue;
        const md = absolute(urls.operationMarkdown(operation));
        const badge = operation.badge ? ` (${operation.badge.kind})` : '';
        const indent = group.tags.length > 1 ? '  ' : '';
        lines.push(
          `${indent}- ${link(operationTitle(operation), md)}: ${code(`${operation.method.toUpperCase()} ${operation.path}`)}${badge}`,
        );
      }
    }
    lines.push('');
  }
  if (model.schemas.length > 0) {
    lines.push('## Models', '');
    // A line per model is as long as a line per operation: GitHub's hundreds of models alone made the file several
    // times what an agent reads whole. Past one index page, or when tags stand for operations, the index's pages do.
    const indexPages = modelsIndexPages(model);
    if (!listOperations || indexPages.length > 1) {
      for (const { schemas, number } of indexPages) {
        const range = indexPages.length > 1 ? ` (${schemas[0]?.name} to ${schemas.at(-1)?.name})` : '';
        lines.push(
          `- ${link(`Models${range}`, absolute(twinOf(urls.schemasPage(number))))}: ${countOf(schemas.length, 'model')}`,
        );
      }
    } else {
      for (const schema of model.schemas) {
        const page = urls.schema(schema.name);
        if (!page) continue;
        const first = schema.schema.description ? markdownToText(schema.schema.description).split(/(?<=\.)\s/)[0] : '';
        const said = first ? cutAtSentence(first, modelLineAtMost) : '';
        lines.push(`- ${link(schema.name, absolute(page))}${said ? `: ${inline(said)}` : ''}`);
      }
    }
    lines.push('');
  }
  if (earlier.length > 0) {
    lines.push('## Earlier versions', '');
    for (const major of earlier) {
      lines.push(
        `- ${link(`Reference ${major.label}`, absolute(major.introduction))}: ${inline(`${major.version}, the last ${major.label} release, for clients not yet on ${model.info.version}`)}`,
        `- ${link(`Migrating from ${major.label}`, absolute(major.migration))}: every breaking change since ${inline(major.version)}, with what to do`,
      );
    }
    lines.push('');
  }
  if (optional.length > 0) {
    lines.push('## Optional', '');
    for (const optionalLink of optional)
      lines.push(
        `- ${link(optionalLink.title, absolute(optionalLink.path))}${optionalLink.note ? `: ${inline(optionalLink.note)}` : ''}`,
      );
    lines.push('');
  }
  return lines.join('\n');
}
