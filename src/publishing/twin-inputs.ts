/** What the Markdown twins need beyond the model: the downloads the introduction lists and the sandbox it names. */

import type { ApiModel } from '../openapi/index.ts';
import { descriptionDownloadPath } from '../reference/routes.ts';
import { sitePath } from '../reference/site-path.ts';
import type { TwinInputs } from '../reference/twins/page-markdown.ts';
import { descriptionFiles } from '../site/description-files.ts';
import { guideSandbox } from '../site/sandbox-address.ts';

/** `dev`: the sandbox is the local one (as in `npm run dev`), else the build's (`SANDBOX_URL`, else local). */
export async function twinInputs(model: ApiModel, dev: boolean): Promise<TwinInputs> {
  const files = await descriptionFiles(model);
  // The same sandbox as the introduction's note (`SandboxNote.astro`).
  const published = guideSandbox(model, dev);
  return {
    downloads: [
      ...files.map((file) => ({
        name: file.name,
        path: descriptionDownloadPath(model, file.name),
        note: `the description, as ${file.format}${file.gzip ? ', gzip-compressed' : ''}`,
      })),
      { name: 'llms.txt', path: sitePath('/llms.txt'), note: 'the reference listed for AI agents' },
    ],
    ...(published && { sandbox: published }),
  };
}
