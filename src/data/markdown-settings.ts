/**
 * What every Markdown block of the site needs to know of the description, once per build: where its relative links
 * lead (`linkBase`), and whether search indexes only the opening of a page's description
 * (`reference/site-lists/search-scope.ts`).
 */
import { descriptionIndexing } from '../reference/site-lists/search-scope.ts';
import { getApiModel } from './api-model.ts';
import { perDescription } from './per-description.ts';

export interface MarkdownSettings {
  linkBase: string | undefined;
  searchOpeningOnly: boolean;
}

export const getMarkdownSettings: () => Promise<MarkdownSettings> = perDescription(() =>
  getApiModel().then((model) => ({
    linkBase: model.linkBase,
    searchOpeningOnly: descriptionIndexing(model).scope === 'opening',
  })),
);
