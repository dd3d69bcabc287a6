/** The reference twins' inputs and the full text, for pages: once per build, with the build's sandbox. */
import type { ApiModel } from '../openapi/index.ts';
import { twinInputs as inputsFor } from '../publishing/twin-inputs.ts';
import { type FullText, fullText } from '../reference/llms-full.ts';
import type { TwinInputs } from '../reference/page-markdown.ts';
import { getChangelogTwin, getGuideTwins } from './page-twins.ts';

export const twinInputs = (model: ApiModel): Promise<TwinInputs> => inputsFor(model, import.meta.env.DEV);

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
