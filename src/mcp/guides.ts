/**
 * The guides as `search_docs` searches them: the guides this site ships (their `requires`, as the docs collection
 * decides: publishing/guide-requirements.ts), each by its title, its one-line description, its headings and its
 * prose. Read from the guides' MDX, since the server runs without Astro: components the MDX renders (a table drawn
 * from the description) are left out, and the reference pages they draw from are searched on their own.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import yaml from 'js-yaml';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import type { ApiModel } from '../openapi/index.ts';
import { type GuideFact, guideShips } from '../publishing/guide-requirements.ts';
import type { SiteConfig } from '../publishing/site-config.ts';
import { twinOf } from '../reference/routes.ts';
import type { SearchedPage } from './docs.ts';

/** Where the site's guides are written (`src/content/docs/guides/`). */
export const guidesFolder = fileURLToPath(new URL('../content/docs/guides/', import.meta.url));

const parser = unified().use(remarkParse).use(remarkGfm);
type Nodes = ReturnType<typeof parser.parse> | ReturnType<typeof parser.parse>['children'][number];

interface Frontmatter {
  title?: unknown;
  description?: unknown;
  requires?: unknown;
}

/** The guides this site ships, as pages to search, linked by their Markdown twins' site paths. */
export function searchableGuides(model: ApiModel, config: SiteConfig, folder = guidesFolder): SearchedPage[] {
  const files = readdirSync(folder).filter((name) => /\.mdx?$/.test(name));
  return files.sort().flatMap((name) => {
    const source = readFileSync(path.join(folder, name), 'utf8').replace(/\r\n?/g, '\n');
    const [, head = '', body = source] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(source) ?? [];
    const front = (yaml.load(head) ?? {}) as Frontmatter;
    const requires = Array.isArray(front.requires) ? (front.requires as GuideFact[]) : [];
    if (typeof front.title !== 'string' || !guideShips(model, config, requires)) return [];
    const { headings, prose } = wordsOf(body);
    const description = typeof front.description === 'string' ? front.description : '';
    return [
      {
        title: front.title,
        path: twinOf(`/guides/${name.replace(/\.mdx?$/, '')}/`),
        text: [`${front.title}: a guide.`, description, ...headings.map(sentence), prose].join(' '),
      },
    ];
  });
}

/** A heading as a sentence of the searched text. */
const sentence = (heading: string) => (/[.?!:]$/.test(heading) ? heading : `${heading}.`);

/** A guide's headings and its prose as text: MDX imports, components and code blocks left out. */
function wordsOf(mdx: string): { headings: string[]; prose: string } {
  // Imports and exports are MDX's, not prose; a component's tags parse as HTML, skipped below.
  const markdown = mdx.replace(/^(import|export)\s.*$/gm, '');
  const headings: string[] = [];
  const words: string[] = [];
  const textOf = (node: Nodes): string => {
    if (node.type === 'html' || node.type === 'code') return '';
    if ('value' in node && typeof node.value === 'string') return node.value;
    return 'children' in node ? node.children.map((child) => textOf(child as Nodes)).join('') : '';
  };
  for (const node of parser.parse(markdown).children) {
    if (node.type === 'heading') headings.push(textOf(node));
    else words.push(textOf(node));
  }
  return { headings, prose: words.join(' ').replace(/\{[^{}]*\}/g, ' ') };
}
