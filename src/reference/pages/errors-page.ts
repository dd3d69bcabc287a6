/** The error catalog: every error code, its status, what to do, and which operations return it. */

import { referenceUrls } from '../routes.ts';
import { errorsMarkdown } from '../twins/page-markdown.ts';
import { type ErrorCatalogOutline, errorCatalogOutline } from './errors-outline.ts';
import type { KindOnly, PageKind } from './page-kind.ts';

export const errorsPage: PageKind<'errors', ErrorCatalogOutline, KindOnly, { outline: ErrorCatalogOutline }> = {
  outline: (model, route) => errorCatalogOutline(model, route.errorCodes),
  headings: () => [],
  view: (_route, outline) => ({ outline }),
  twin: (model) => errorsMarkdown(model),
  subject: () => ({}),
  pageAbout: (model) => (model.errorCodes.length > 0 ? referenceUrls(model).errors : undefined),
  summary: (model) => ({ markdown: model.info.description }),
};
