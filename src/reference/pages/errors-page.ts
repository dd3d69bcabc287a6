/** The error catalog: every error code, its status, what to do, and which operations return it. */

import type { ApiErrorCode } from '../../openapi/index.ts';
import { referencePaths, referenceUrls, routePath } from '../routes.ts';
import { errorsMarkdown } from '../twins/page-markdown.ts';
import { type ErrorCatalogOutline, errorCatalogOutline } from './errors-outline.ts';
import type { KindOnly, PageKind, PageRoute } from './page-kind.ts';

export interface ErrorsRoute extends PageRoute {
  type: 'errors';
  errorCodes: ApiErrorCode[];
}

export const errorsPage: PageKind<ErrorsRoute, ErrorCatalogOutline, KindOnly, { outline: ErrorCatalogOutline }> = {
  routes: (model) =>
    model.errorCodes.length > 0
      ? [
          {
            type: 'errors',
            path: routePath(referencePaths(model).errors),
            title: 'Errors',
            errorCodes: model.errorCodes,
          },
        ]
      : [],
  outline: (model, route) => errorCatalogOutline(model, route.errorCodes),
  headings: () => [],
  view: (_route, outline) => ({ outline }),
  twin: (model) => errorsMarkdown(model),
  subject: () => ({}),
  pageAbout: (model) => (model.errorCodes.length > 0 ? referenceUrls(model).errors : undefined),
  summary: (model) => ({ markdown: model.info.description }),
};
