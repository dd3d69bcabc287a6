/**
 * `/llms-full.txt`: every page's Markdown twin in reading order — the guides, the reference's introduction, then
 * each tag group's tags with their operations, the models, the error catalog, the changelog — for agents that want
 * everything at once. Past
 * `fullTextSplitAt` bytes it is split per tag group (`/llms-full/<part>.txt`) and `/llms-full.txt` lists the parts.
 */
import { type ApiModel, uniqueSlugs } from '../openapi/index.ts';
import { inline } from './markdown-text.ts';
import { pageMarkdown, type TwinInputs } from './page-markdown.ts';
import { type ReferenceRoute, referenceRoutes, tagLabel } from './routes.ts';
import { sitePath } from './site-path.ts';

/**
 * Past this many bytes the full text is split. ~4 bytes a token makes 1 MB ~250,000 tokens: more than the 200,000
 * tokens most coding agents' context holds, so a larger file cannot be read whole by them anyway, while a part
 * per tag group lets an agent fetch the part it needs. (The Pet Store's whole text is far below: one file.)
 */
export const fullTextSplitAt = 1_000_000;

/** Twins of the pages the reference does not make: the guides and the changelog (`data/page-twins.ts`). */
export interface OtherTwins {
  guides: readonly { path: string; markdown: string }[];
  changelog?: { path: string; markdown: string } | undefined;
}

export interface FullTextPart {
  /** The part's file name without `.txt`. */
  slug: string;
  title: string;
  text: string;
}

export interface FullText {
  /** The whole text, when it is at most `fullTextSplitAt` bytes; else `undefined`, and `parts` hold it. */
  whole: string | undefined;
  /** Reading-order parts: `guides`, `introduction` (with the error catalog), one per tag group, `models`, `changelog`. */
  parts: FullTextPart[];
}

/** Where a part is published. */
export const fullTextPartPath = (slug: string) => sitePath(`/llms-full/${slug}.txt`);

export function fullText(
  model: ApiModel,
  inputs: TwinInputs,
  others: OtherTwins = { guides: [] },
  splitAt = fullTextSplitAt,
): FullText {
  const routes = referenceRoutes(model);
  const marked = (path: string, markdown: string) => `<!-- ${inline(path)} -->\n\n${markdown.trim()}`;
  const page = (route: ReferenceRoute) => marked(sitePath(`/${route.path}/`), pageMarkdown(model, route, inputs));
  const guides = others.guides.map((twin) => marked(twin.path, twin.markdown));
  const changelog = others.changelog ? [marked(others.changelog.path, others.changelog.markdown)] : [];
  const of = <T extends ReferenceRoute['type']>(type: T) =>
    routes.filter((route): route is Extract<ReferenceRoute, { type: T }> => route.type === type);
  const tags = of('tag');
  const operations = of('operation');
  const slug = uniqueSlugs();
  for (const own of ['guides', 'introduction', 'models', 'changelog']) slug(own);
  const groupParts = model.tagGroups.flatMap((group) => {
    const pages = group.tags.flatMap((name) => {
      const tag = tags.find((route) => route.tag.name === name);
      if (!tag) return [];
      return [tag, ...operations.filter((route) => route.tag.name === name)].map(page);
    });
    return pages.length === 0 ? [] : [{ slug: slug(group.name), title: tagLabel(group), text: pages.join('\n\n') }];
  });
  const parts: FullTextPart[] = [
    { slug: 'guides', title: 'Guides', text: guides.join('\n\n') },
    {
      slug: 'introduction',
      title: 'Introduction and errors',
      text: [...of('introduction'), ...of('errors')].map(page).join('\n\n'),
    },
    ...groupParts,
    { slug: 'models', title: 'Models', text: [...of('schemas'), ...of('schema')].map(page).join('\n\n') },
    { slug: 'changelog', title: 'Changelog', text: changelog.join('\n\n') },
  ].filter((part) => part.text !== '');
  // Reading order in the whole file: the error catalog comes last, after the models.
  const errors = of('errors').map(page);
  const inOrder = [
    ...guides,
    ...of('introduction').map(page),
    ...groupParts.map((part) => part.text),
    ...[...of('schemas'), ...of('schema')].map(page),
    ...errors,
    ...changelog,
  ];
  const whole = `${inOrder.join('\n\n')}\n`;
  return { whole: Buffer.byteLength(whole) <= splitAt ? whole : undefined, parts };
}

/** `/llms-full.txt` when split: what each part holds, for an agent to pick from. */
export function fullTextIndex(model: ApiModel, parts: readonly FullTextPart[], absolute: (path: string) => string) {
  return [
    `# ${inline(model.info.title)}: the full text, in parts`,
    '',
    `The whole reference is over ${fullTextSplitAt / 1_000_000} MB, so it is split per tag group:`,
    '',
    ...parts.map(
      (part) =>
        `- [${inline(part.title)}](${absolute(fullTextPartPath(part.slug))}): ${Math.ceil(Buffer.byteLength(part.text) / 1000)} KB`,
    ),
    '',
  ].join('\n');
}
