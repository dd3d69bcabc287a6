/**
 * How much of the descriptions the search index takes in.
 *
 * Pagefind holds every word it indexes in memory until the index is written, so its memory grows with the words
 * of description (the bench's generated descriptions measure it). A description with millions of words would
 * take the build past its memory, and a site
 * whose descriptions hold more words than `wholeDescriptionsUpTo` has only the opening of each operation, tag and
 * model description indexed, up to and including its first paragraph: what says what the thing is. (The
 * introduction's and the error catalog's descriptions, one page each, are indexed whole and not counted.)
 * The pages still show every word. The Pet Store's and GitHub's descriptions are far below it, and are
 * indexed whole.
 */
import { type ApiModel, oncePerModel } from '../../openapi/index.ts';

/** Words of operation, tag and model descriptions that are indexed whole. */
export const wholeDescriptionsUpTo = 1_000_000;

export interface DescriptionIndexing {
  /** `opening`: each description is indexed up to its first paragraph. */
  scope: 'whole' | 'opening';
  /** Words in the descriptions pages index: operations', tags' and models'. */
  words: number;
}

/** Counts words as search does, at whitespace: Markdown punctuation hardly changes the total. */
function wordsIn(text: string | undefined): number {
  if (!text) return 0;
  let words = 0;
  for (const _ of text.matchAll(/\S+/g)) words++;
  return words;
}

export function describeIndexing(model: ApiModel, budget = wholeDescriptionsUpTo): DescriptionIndexing {
  let words = 0;
  for (const operation of model.operations) words += wordsIn(operation.description);
  for (const tag of model.tags) words += wordsIn(tag.description);
  for (const schema of model.schemas) words += wordsIn(schema.schema.description);
  return { scope: words > budget ? 'opening' : 'whole', words };
}

/** The site's choice, made once per model. */
export const descriptionIndexing = oncePerModel((model) => describeIndexing(model));
