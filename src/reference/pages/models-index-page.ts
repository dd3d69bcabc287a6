/** The models index, or one of its pages where the description has too many models for one. */

import { referenceUrls } from '../routes.ts';
import { modelsIndexMarkdown } from '../twins/page-markdown.ts';
import { type ModelsIndexOutline, modelsIndexOutline } from './models-index-outline.ts';
import type { KindOnly, PageKind } from './page-kind.ts';

export const modelsIndexPage: PageKind<'schemas', ModelsIndexOutline, KindOnly, { outline: ModelsIndexOutline }> = {
  outline: (model, route) => modelsIndexOutline(model, route.index),
  headings: () => [],
  view: (_route, outline) => ({ outline }),
  twin: (model, route) => modelsIndexMarkdown(model, route.title, route.index),
  subject: () => ({}),
  pageAbout: (model) => (model.schemas.length > 0 ? referenceUrls(model).schemas : undefined),
  summary: (model) => ({ markdown: model.info.description }),
};
