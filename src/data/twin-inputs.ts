/** What the Markdown twins need beyond the model: the downloads the introduction lists. */
import { guideSandbox } from '../guides/sandbox-address.ts';
import { type ApiModel, sandboxServer } from '../openapi/index.ts';
import { descriptionFiles } from '../publishing/description-files.ts';
import { type FullText, fullText } from '../reference/llms-full.ts';
import type { TwinInputs } from '../reference/page-markdown.ts';
import { sitePath } from '../reference/site-path.ts';
import { getChangelogTwin, getGuideTwins } from './page-twins.ts';

export async function twinInputs(model: ApiModel): Promise<TwinInputs> {
  const files = await descriptionFiles(model);
  // The same sandbox as the introduction's note (`SandboxNote.astro`).
  const published = guideSandbox(model, import.meta.env.DEV);
  return {
    downloads: [
      ...files.map((file) => ({
        name: file.name,
        path: sitePath(`/${file.name}`),
        note: `the description, as ${file.format}${file.gzip ? ', gzip-compressed' : ''}`,
      })),
      { name: 'llms.txt', path: sitePath('/llms.txt'), note: 'the reference listed for AI agents' },
    ],
    ...(published && {
      sandbox: {
        ...published,
        demoKeys: sandboxServer(model)?.demoKeys ?? [],
        keyHeader: model.securitySchemes.find((scheme) => scheme.apiKey)?.apiKey?.name,
      },
    }),
  };
}

const fullTexts = new WeakMap<ApiModel, Promise<FullText>>();

/** The full text (guides, reference, changelog), made once per model: `/llms.txt`, `/llms-full.txt` and each part read it. */
export function getFullText(model: ApiModel): Promise<FullText> {
  let made = fullTexts.get(model);
  if (!made) {
    made = Promise.all([twinInputs(model), getGuideTwins(), getChangelogTwin()]).then(([inputs, guides, changelog]) =>
      fullText(model, inputs, { guides, changelog }),
    );
    fullTexts.set(model, made);
  }
  return made;
}
