/**
 * The home page's own words: `home.md` in the site's folder (`siteFolder`: beside the description of a one-API site,
 * beside portal.json in a site of several), written by the docs team (the Pet Store's is `spec/home.md`). Read as
 * every file beside the description is (beside-files.ts): only a regular file inside that folder, of bounded size; what is wrong with it is one located line. Its Markdown is rendered by the
 * description's sanitising renderer, like any text from the description, so raw HTML in it is never markup.
 */
import path from 'node:path';
import yaml from 'js-yaml';
import { BesideFileError, readBesideText } from '../site/beside-files.ts';

/** The file's name in the site's folder. */
export const homeWordsFile = 'home.md';

/** Past this a home page is not an introduction any more; the build reads it whole. */
const homeWordsBytes = 128 * 1024;

export interface HomeWords {
  /** The page's title, from the frontmatter's `title`. */
  title?: string;
  /** Its one line (tagline and meta description), from the frontmatter's `description`. */
  description?: string;
  /** The Markdown after the frontmatter. */
  markdown: string;
}

/** `home.md` in the site's folder (`siteFolder` in site/portal-apis.ts), or undefined when there is none. */
export function readHomeWords(folder: string): HomeWords | undefined {
  const file = path.join(folder, homeWordsFile);
  const text = readBesideText(file, { within: [folder], maxBytes: homeWordsBytes });
  return text === undefined ? undefined : homeWordsOf(file, text);
}

/** The words of `text`, read from `file`: its optional frontmatter checked, then its Markdown. */
export function homeWordsOf(file: string, text: string): HomeWords {
  const source = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const matched = /^---\n([\s\S]*?)\n---(?:\n|$)([\s\S]*)$/.exec(source);
  if (!matched) return { markdown: source.trim() };
  const [, head = '', body = ''] = matched;
  let front: unknown;
  try {
    front = yaml.load(head) ?? {};
  } catch (error) {
    if (!(error instanceof yaml.YAMLException)) throw error;
    throw new BesideFileError(file, `its frontmatter is not YAML: ${error.reason}.`, error.mark.line + 2);
  }
  if (typeof front !== 'object' || front === null || Array.isArray(front))
    throw new BesideFileError(file, 'its frontmatter is not a list of fields (title: …, description: …).', 1);
  const fields = front as Record<string, unknown>;
  const words: HomeWords = { markdown: body.trim() };
  for (const key of ['title', 'description'] as const) {
    const value = fields[key];
    if (value === undefined) continue;
    if (typeof value !== 'string' || value.trim() === '')
      throw new BesideFileError(file, `its frontmatter's ${key} is not a line of text.`, lineOf(head, key));
    words[key] = value.trim();
  }
  return words;
}

/** The file line of a frontmatter field (the `---` is line 1). */
function lineOf(head: string, key: string): number {
  const index = head.split('\n').findIndex((line) => line.startsWith(`${key}:`));
  return index < 0 ? 1 : index + 2;
}
