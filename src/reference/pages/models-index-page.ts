/** The models index, or one of its pages where the description has too many models for one. */

import { type ModelsIndexPage, modelsIndexPages, referencePaths, referenceUrls, routePath } from '../routes.ts';
import { modelsIndexMarkdown } from '../twins/page-markdown.ts';
import { type ModelsIndexOutline, modelsIndexOutline } from './models-index-outline.ts';
import type { KindOnly, PageKind, PageRoute } from './page-kind.ts';

export interface ModelsIndexRoute extends PageRoute {
  type: 'schemas';
  index: ModelsIndexPage;
}

export const modelsIndexPage: PageKind<
  ModelsIndexRoute,
  ModelsIndexOutline,
  KindOnly,
  { outline: ModelsIndexOutline }
> = {
  routes: (model) =>
    modelsIndexPages(model).map((index) => ({
      type: 'schemas',
      path: routePath(referencePaths(model).schemasPage(index.number)),
      title: index.pages.length === 1 ? 'Models' : `Models, page ${index.number} of ${index.pages.length}`,
      index,
    })),
  outline: (model, route) => modelsIndexOutline(model, route.index),
  headings: () => [],
  view: (_route, outline) => ({ outline }),
  twin: (model, route) => modelsIndexMarkdown(model, route.title, route.index),
  subject: () => ({}),
  pageAbout: (model) => (model.schemas.length > 0 ? referenceUrls(model).schemas : undefined),
  summary: (model) => ({ markdown: model.info.description }),
};
