/** The reference twins' inputs and, in `astro dev`, the full text, for pages: once per build, with the build's sandbox. */
import type { ApiModel } from '../openapi/index.ts';
import type { OtherTwinList } from '../publishing/agent-texts.ts';
import { twinInputs as inputsFor } from '../publishing/twin-inputs.ts';
import { pageMarkdown } from '../reference/page-kinds.ts';
import { type FullText, textFilesInMemory, writeFullText } from '../reference/site-lists/llms-full.ts';
import type { TwinInputs } from '../reference/twins/page-markdown.ts';
import { getChangelogTwin, getGuideTwins } from './page-twins.ts';

export const twinInputs = (model: ApiModel): Promise<TwinInputs> => inputsFor(model, import.meta.env.DEV);

/** The guides' and the changelog's twins, which the full text and `llms.txt` read. */
export async function getOtherTwins(): Promise<OtherTwinList> {
  const [guides, changelog] = await Promise.all([getGuideTwins(), getChangelogTwin()]);
  return { guides, changelog };
}

/** A site path as the site's URL. */
export const absolute = (path: string) => new URL(path, import.meta.env.SITE ?? 'http://localhost:4321').href;

interface FullTextInMemory {
  full: FullText;
  files: ReturnType<typeof textFilesInMemory>;
  absolute: (path: string) => string;
}

const fullTexts = new WeakMap<ApiModel, Promise<FullTextInMemory>>();

/**
 * The full text in memory, made once per model, for `astro dev`'s `/llms.txt`, `/llms-full.txt` and parts (a build
 * writes it to files instead, `publishing/agent-texts.ts`).
 */
export function getFullText(model: ApiModel): Promise<FullTextInMemory> {
  let made = fullTexts.get(model);
  if (!made) {
    made = Promise.all([twinInputs(model), getOtherTwins()]).then(async ([inputs, others]) => {
      const files = textFilesInMemory();
      const full = await writeFullText(model, (route) => pageMarkdown(model, route, inputs), others, files, absolute);
      return { full, files, absolute };
    });
    fullTexts.set(model, made);
  }
  return made;
}
